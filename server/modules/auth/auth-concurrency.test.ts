import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail } from "../../../tests/setup/accounts.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import type { OutgoingMessage } from "../../platform/messaging.ts";
import type { RateLimits } from "../../platform/rate-limit.ts";
import { createAccount } from "./auth.service.ts";
import { verificationCodes } from "./auth.tables.ts";

// The code rules must hold when requests race, on PostgreSQL with its pool of connections as on PGlite.
// The rate limits are switched off here so that every request reaches the database.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const unlimited: RateLimits = {
  consume: async () => ({ remaining: 100 }),
  reset: async () => {},
  refund: async () => {},
  close: async () => {},
};

function recordingChannels() {
  const sent: OutgoingMessage[] = [];
  const channel = { send: async (m: OutgoingMessage) => void sent.push(m) };
  return { sent, channels: { email: channel, sms: channel } };
}

function codesOf(account: string) {
  return database.db
    .select({ attempts: verificationCodes.attempts, consumedAt: verificationCodes.consumedAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, "login")));
}

describe("codes under concurrency", () => {
  it("50 parallel sends store one code and send one message", async () => {
    const email = freshEmail();
    await createAccount(database.db, { email, password: "rahasia123", role: "shopper" });
    const { sent, channels } = recordingChannels();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        callerFor(database, { limits: unlimited, channels, lang: "en" }).auth.sendCode({
          account: email,
          purpose: "login",
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({
          code: "TOO_MANY_REQUESTS",
          message: expect.stringMatching(/^Please wait \d+ s before asking for another code\.$/),
        });
      }
    }
    expect(await codesOf(email)).toHaveLength(1);
    expect(sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it.each([0, 4, 10, 20])(
    "20 parallel wrong guesses and the right one (sent %i-th) count at most 5 attempts",
    async (position) => {
      const email = freshEmail();
      await createAccount(database.db, { email, password: "rahasia123", role: "shopper" });
      const { sent, channels } = recordingChannels();
      await callerFor(database, { limits: unlimited, channels }).auth.sendCode({
        account: email,
        purpose: "login",
      });
      const code = sent[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      const wrong = Array.from({ length: 20 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
      );
      const guesses = [...wrong.slice(0, position), code, ...wrong.slice(position)];
      const results = await Promise.allSettled(
        guesses.map((guess) =>
          callerFor(database, { limits: unlimited, lang: "en" }).auth.signIn({
            method: "code",
            account: email,
            code: guess,
          }),
        ),
      );
      const accepted = results.filter((r) => r.status === "fulfilled");
      const wrongAnswers = results.filter(
        (r) =>
          r.status === "rejected" && /^Wrong code\. Attempts left: [1-4]\.$/.test(String(r.reason.message)),
      );
      const refused = results.filter(
        (r) =>
          r.status === "rejected" &&
          r.reason.message === "This code can no longer be used. Request a new one.",
      );
      const [row] = await codesOf(email);
      // Every guess either counted (at most 5) or was refused without being checked.
      expect(row?.attempts).toBeLessThanOrEqual(5);
      expect(accepted.length).toBeLessThanOrEqual(1);
      expect(accepted.length + wrongAnswers.length + refused.length).toBe(guesses.length);
      // A guess was compared with the code only if it was counted: the right one only within the 5.
      expect(accepted.length + wrongAnswers.length).toBeLessThanOrEqual(5);
      expect(Boolean(row?.consumedAt)).toBe(accepted.length === 1);
      if (accepted.length === 0) expect(row?.attempts).toBe(5);
    },
  );
});
