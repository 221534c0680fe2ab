import { once } from "node:events";
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { DomainError } from "./errors.ts";

/** What is limited: sending codes, checking codes, checking passwords. */
export type LimitName = "sendCode" | "checkCode" | "checkPassword";

/**
 * Attempts allowed per window, per account and per client address. Address limits are generous because
 * many Indonesian mobile users share one address behind carrier-grade NAT; account limits stay strict.
 */
export const limitRules: Record<LimitName, { account: number; ip: number; seconds: number }> = {
  sendCode: { account: 5, ip: 60, seconds: 60 * 60 },
  checkCode: { account: 10, ip: 100, seconds: 15 * 60 },
  checkPassword: { account: 8, ip: 100, seconds: 15 * 60 },
};

export interface RateLimits {
  /** Counts one attempt for the account and the address; throws too_many_requests when either is spent. */
  consume(name: LimitName, keys: { account: string; ip: string }): Promise<void>;
  /** Forgets an account's failures (after a successful sign-in). */
  reset(name: LimitName, account: string): Promise<void>;
  close(): Promise<void>;
}

/** Rate limits in memory (one process) or in Redis (shared by every instance) when `redisUrl` is set. */
export function createRateLimits(redisUrl?: string, prefix = "pasar"): RateLimits {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  // Wait for the connection before the first use (at most 3 s); while Redis is unreachable the
  // in-memory insurance limiter keeps limiting this process on its own.
  const ready = redis
    ? Promise.race([once(redis, "ready"), new Promise((resolve) => setTimeout(resolve, 3000).unref())]).catch(
        () => {},
      )
    : Promise.resolve();
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}:${keyPrefix}`,
          points,
          duration,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  const limiters = Object.fromEntries(
    (Object.keys(limitRules) as LimitName[]).map((name) => {
      const rule = limitRules[name];
      return [
        name,
        {
          account: make(`${name}:a`, rule.account, rule.seconds),
          ip: make(`${name}:i`, rule.ip, rule.seconds),
        },
      ];
    }),
  ) as Record<LimitName, { account: RateLimiterAbstract; ip: RateLimiterAbstract }>;

  return {
    async consume(name, keys) {
      const { account, ip } = limiters[name];
      await ready;
      try {
        await Promise.all([account.consume(keys.account), ip.consume(keys.ip)]);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          throw new DomainError("too_many_requests", "auth.errors.tooManyAttempts", { seconds });
        }
        throw error;
      }
    },
    async reset(name, account) {
      await ready;
      await limiters[name].account.delete(account);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
