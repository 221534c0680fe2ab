import { createServer, type Server, type Socket, connect } from "node:net";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRateLimits, limitRules, RateLimitedError } from "./rate-limit.ts";

// Redis at 127.0.0.1:6379 (the same one the auth tests use). Each test has its own key prefix.
const redisUrl = "redis://127.0.0.1:6379";
let redis: Redis;
const prefixes: string[] = [];
const newPrefix = () => {
  const prefix = `pasar-test-rl-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  prefixes.push(prefix);
  return prefix;
};

beforeAll(() => {
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

function logSpy() {
  const warnings: unknown[] = [];
  return { warnings, log: { warn: (...args: unknown[]) => void warnings.push(args), info: () => {} } };
}

/** What a call answered: its value, or the error it threw. */
const settled = <T>(run: () => Promise<T>): Promise<T | unknown> => run().catch((error: unknown) => error);

/** A TCP proxy in front of Redis that can be cut (every connection dropped, no new ones) and restored. */
async function redisProxy() {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createServer((client) => {
      const upstream = connect(6379, "127.0.0.1");
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  };
  await start();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: start,
    close() {
      for (const s of sockets) s.destroy();
      server?.close();
    },
  };
}

describe("rate limits with Redis unreachable", () => {
  it("answer from memory when Redis refuses connections, without waiting for any timer, and still limit", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { warnings, log } = logSpy();
    // Timers stand still: an answer that waited for one (the start-up wait for Redis, a connect or command
    // timeout, a reconnection) would never come and the test would time out. The refused connection alone,
    // a socket event, must be enough for the in-memory limiter to answer.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const limits = createRateLimits(`redis://127.0.0.1:${port}`, { prefix: newPrefix(), log });
    try {
      const keys = { account: "someone@example.id", ip: "10.1.1.1" };
      for (let i = 0; i < limitRules.checkPassword.account; i++) {
        expect(await settled(() => limits.consume("checkPassword", keys))).toEqual({
          remaining: limitRules.checkPassword.account - 1 - i,
        });
      }
      const result = await settled(() => limits.consume("checkPassword", keys));
      expect(result).toBeInstanceOf(RateLimitedError);
      expect(result).toMatchObject({ by: "account" });
      // Another account still has its attempts.
      expect(await limits.consume("checkPassword", { account: "other@example.id", ip: "10.1.1.1" })).toEqual({
        remaining: limitRules.checkPassword.account - 1,
      });
      // Failing over is logged, but not once per call.
      expect(warnings.length).toBe(1);
    } finally {
      await limits.close();
      vi.useRealTimers();
    }
  });

  it("keep limiting in memory while Redis is away and count in Redis again when it returns", async () => {
    const proxy = await redisProxy();
    const prefix = newPrefix();
    const limits = createRateLimits(proxy.url(), { prefix, log: logSpy().log });
    const inRedis = async (account: string) => (await redis.exists(`${prefix}:sendCode:a:${account}`)) === 1;
    try {
      await limits.consume("sendCode", { account: "before", ip: "10.2.2.2" });
      expect(await inRedis("before")).toBe(true);

      await proxy.cut();
      // Every attempt is answered, from memory, and the account's allowance still runs out.
      for (let i = 0; i < limitRules.sendCode.account; i++) {
        expect(
          await settled(() => limits.consume("sendCode", { account: "during", ip: "10.2.2.2" })),
        ).toEqual({
          remaining: limitRules.sendCode.account - 1 - i,
        });
      }
      const refused = await settled(() => limits.consume("sendCode", { account: "during", ip: "10.2.2.2" }));
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect(refused).toMatchObject({ by: "account" });
      expect(await inRedis("during")).toBe(false);

      await proxy.restore();
      await expect
        .poll(
          async () => {
            await limits.consume("sendCode", { account: "after", ip: "10.2.2.2" });
            return inRedis("after");
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      await limits.close();
      proxy.close();
    }
  });
});
