import { once } from "node:events";
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { DomainError } from "./errors.ts";
import type { Logger } from "./logger.ts";

/**
 * What is limited: sending codes, checking codes, checking passwords, checking invite codes, payment and
 * courier notifications (each is recorded; genuine payment notifications and those that fail verification
 * count in separate buckets, so forgeries never hold up genuine ones), switching payment method (each switch
 * calls the provider twice), chat messages and reports (a sender flooding a store, or a scammer writing to many
 * shoppers).
 */
type LimitName =
  | "sendCode"
  | "checkCode"
  | "checkPassword"
  | "checkInvite"
  | "notify"
  | "pushSubscribe"
  | "notifyForged"
  | "paymentSwitch"
  | "chatSend"
  | "chatReport"
  | "claimCode"
  | "passkey";

/**
 * Attempts allowed per window, per account and per client address. Address limits are generous because
 * many Indonesian mobile users share one address behind carrier-grade NAT; account limits stay strict.
 */
export const limitRules: Record<LimitName, { account: number; ip: number; seconds: number }> = {
  sendCode: { account: 5, ip: 60, seconds: 60 * 60 },
  checkCode: { account: 10, ip: 100, seconds: 15 * 60 },
  checkPassword: { account: 8, ip: 100, seconds: 15 * 60 },
  // A passkey ceremony keeps a challenge row (issue 43): a person starts a few, a script thousands.
  passkey: { account: 20, ip: 120, seconds: 15 * 60 },
  // Invite codes are short (8 characters), so checking them at sign-up is limited too.
  checkInvite: { account: 10, ip: 30, seconds: 15 * 60 },
  // Verified notifications, per provider and per sending address: a provider notifies from a few
  // addresses, in bursts at a sale.
  notify: { account: 200_000, ip: 6_000, seconds: 15 * 60 },
  /** A browser subscribing to web push (issue 44): a person turns it on a few times, not hundreds. */
  pushSubscribe: { account: 20, ip: 120, seconds: 60 * 60 },
  // Payment notifications that fail verification, apart from the genuine ones: per sending address, and for
  // all addresses of a provider together, so forgeries keep no more than a few small rows (decision 19).
  notifyForged: { account: 10_000, ip: 100, seconds: 15 * 60 },
  // A shopper changes payment method a few times; each change opens a payment at the provider and cancels
  // one there (issue 40: 100 switches on one order made 200 provider calls in 6.5 s).
  paymentSwitch: { account: 10, ip: 100, seconds: 10 * 60 },
  // A person types a few messages a minute; a store answering many shoppers at once sends more.
  chatSend: { account: 30, ip: 300, seconds: 60 },
  chatReport: { account: 10, ip: 60, seconds: 60 * 60 },
  // Voucher codes are words a shop prints on a banner: typing them is limited so they cannot be guessed.
  claimCode: { account: 10, ip: 100, seconds: 15 * 60 },
};

/** A limit was spent: `by` says whether the account's or the address's; `seconds` until it frees up. */
export class RateLimitedError extends DomainError {
  readonly by: "account" | "ip";
  readonly seconds: number;

  constructor(by: "account" | "ip", seconds: number) {
    super("too_many_requests", "auth.errors.tooManyAttempts", { seconds });
    this.by = by;
    this.seconds = seconds;
  }
}

export interface RateLimits {
  /**
   * Counts one attempt for the account and the address. Answers how many attempts the account has left
   * in this window; throws RateLimitedError (too_many_requests) when either limit is spent.
   */
  consume(name: LimitName, keys: { account: string; ip: string }): Promise<{ remaining: number }>;
  /** Forgets an account's failures (after a successful sign-in). */
  reset(name: LimitName, account: string): Promise<void>;
  /** Gives an account back one attempt that did not happen after all (a code that was never delivered). */
  refund(name: LimitName, account: string): Promise<void>;
  close(): Promise<void>;
}

/** How long a Redis connection attempt or command may take before the in-memory limiter answers instead. */
const redisTimeoutMs = 500;
/** At most one log line about an unreachable Redis this often. */
const redisLogEveryMs = 60_000;

/**
 * A Redis client that fails fast: no offline queue (a command while disconnected fails at once instead of
 * waiting), short connect and command timeouts, and reconnection with backoff capped at 5 s, so limits
 * return to Redis by themselves when it comes back. Errors are logged at most once a minute.
 */
function connectRedis(url: string, log?: Pick<Logger, "warn" | "info">): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: redisTimeoutMs,
    commandTimeout: redisTimeoutMs,
    retryStrategy: (times) => Math.min(200 * times, 5000),
  });
  let lastLogged = 0;
  let down = false;
  redis.on("error", (error: Error) => {
    down = true;
    if (Date.now() - lastLogged < redisLogEveryMs) return;
    lastLogged = Date.now();
    log?.warn({ err: error }, "rate limits: Redis unreachable, limiting in memory until it returns");
  });
  redis.on("ready", () => {
    if (down) log?.info("rate limits: Redis is back");
    down = false;
  });
  return redis;
}

/**
 * Rate limits in memory (one process) or in Redis (shared by every instance) when `redisUrl` is set.
 * `rules` replaces some of `limitRules` (a test that spends a limit without sending thousands of requests).
 */
export function createRateLimits(
  redisUrl?: string,
  opts: {
    prefix?: string;
    log?: Pick<Logger, "warn" | "info">;
    rules?: Partial<typeof limitRules>;
  } = {},
): RateLimits {
  const prefix = opts.prefix ?? "pasar";
  const redis = redisUrl ? connectRedis(redisUrl, opts.log) : undefined;
  // Give a starting connection a moment before the first use; an error or the timeout ends the wait and
  // the in-memory insurance limiter answers until Redis is ready.
  const ready = redis
    ? Promise.race([
        once(redis, "ready"),
        new Promise((resolve) => setTimeout(resolve, redisTimeoutMs).unref()),
      ]).catch(() => {})
    : Promise.resolve();
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}:${keyPrefix}`,
          points,
          duration,
          // Not ready (down, reconnecting): answer from memory at once rather than wait for Redis.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  const limiters = Object.fromEntries(
    (Object.keys(limitRules) as LimitName[]).map((name) => {
      const rule = opts.rules?.[name] ?? limitRules[name];
      return [
        name,
        {
          account: make(`${name}:a`, rule.account, rule.seconds),
          ip: make(`${name}:i`, rule.ip, rule.seconds),
        },
      ];
    }),
  ) as Record<LimitName, { account: RateLimiterAbstract; ip: RateLimiterAbstract }>;

  const refused = (by: "account" | "ip") => (error: unknown) => {
    if (error instanceof RateLimiterRes) {
      throw new RateLimitedError(by, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
    throw error;
  };

  return {
    async consume(name, keys) {
      const { account, ip } = limiters[name];
      await ready;
      const [byAccount] = await Promise.all([
        account.consume(keys.account).catch(refused("account")),
        ip.consume(keys.ip).catch(refused("ip")),
      ]);
      return { remaining: byAccount.remainingPoints };
    },
    async reset(name, account) {
      await ready;
      await limiters[name].account.delete(account);
    },
    async refund(name, account) {
      await ready;
      await limiters[name].account.reward(account, 1);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
