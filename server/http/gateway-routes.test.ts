import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newKey,
  paidNotice,
  sandboxPaymentOf,
  sandboxSignature,
  signedInUser,
} from "../../tests/setup/money.ts";
import { createTestApp } from "../../tests/setup/test-app.ts";
import { databaseName, eventually, openThroughProxy, startProxy } from "../../tests/setup/db-proxy.ts";
import { adminUrl, createTestDatabase, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import type { Database } from "../db/client.ts";
import { sandboxPayment } from "../modules/gateway/gateway.service.ts";
import { checkLedger } from "../modules/ledger/ledger.service.ts";

/**
 * A TCP proxy to PostgreSQL that a test can cut (as if the server stopped) and restore: the same fault
 * server/db/faults.test.ts drives for /trpc and the pages.
 */
/** What a client must never see in an answer: a stack trace, SQL, driver or file names. */
const internals =
  /\n\s+at |\bselect\b|\binsert\b|\bfrom "|ECONN|pg-pool|node_modules|\.ts:\d|sandbox_payments/i;

/** A 503 a gateway (or a browser) can act on: try again after the number of seconds it says. */
async function expectTryAgainLater(res: Response) {
  expect(res.status).toBe(503);
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  const text = await res.text();
  expect(text).not.toMatch(internals);
  return text;
}

// PGlite is embedded in the process and cannot be taken away; the fault is driven on PostgreSQL only, as in
// server/db/faults.test.ts.
describe.runIf(testDbKind === "postgres")("gateway routes while the database is away", () => {
  let database: TestDatabase;
  let name: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    name = await databaseName(database.db);
  });
  afterAll(() => database.destroy());

  it("notification and sandbox page answer 503 with Retry-After, then work again; the retried notification credits once", async () => {
    const proxy = await startProxy(new URL(adminUrl));
    let proxied: Database | undefined;
    try {
      proxied = await openThroughProxy(proxy.port, name);
      const app = createTestApp({ ...database, ...proxied });

      // A shopper starts a recharge by QRIS; the sandbox's play-money page shows its payment.
      const user = await signedInUser(database);
      const started = await user.api.wallet.recharge({
        amount: 100_000,
        method: "qris",
        idempotencyKey: newKey(),
      });
      const paymentId = (await sandboxPaymentOf(database, started.attemptId)).id;
      const pagePath = `/gateway/sandbox/${paymentId}?lang=en`;
      const shown = await app.request(pagePath);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain("Rp 100.000");

      // The gateway's signed "paid" notification, and one with a forged signature.
      const body = JSON.stringify(await paidNotice(database, started.attemptId));
      expect(JSON.parse(body)).toMatchObject({ paymentId, amount: 100_000, currency: "IDR" });
      const notify = async (opts: { secret?: string }) =>
        app.request("/payments/notify/sandbox", {
          method: "POST",
          headers: { "content-type": "application/json", ...(await sandboxSignature(database, body, opts)) },
          body,
        });
      const signed = () => notify({});
      const forged = () => notify({ secret: "f".repeat(64) });

      await proxy.cut();

      // The hosted page: try again later, no internals.
      const pageDown = await app.request(pagePath);
      const pageDownText = await pageDown.clone().text();
      await expectTryAgainLater(pageDown);
      expect(pageDown.headers.get("content-type") ?? "").toMatch(/text\/html/);
      expect(pageDown.headers.get("cache-control")).toBe("no-store");
      // In the payer's language (the address carries it): the page cannot read the payment now.
      expect(pageDownText).toContain("The service is briefly unavailable. Please try again in a moment.");
      // An unknown payment cannot be told from a known one while the database is away: 503 too, not 404.
      await expectTryAgainLater(await app.request("/gateway/sandbox/pay_missing"));

      // The notification: 503 (a gateway retries on anything but 2xx), never 200, 400 or 500.
      for (let i = 0; i < 3; i++) await expectTryAgainLater(await signed());
      // Nothing was applied meanwhile (read directly, not through the cut proxy).
      expect(await user.api.wallet.rechargeStatus({ id: started.id })).toMatchObject({ status: "pending" });
      expect((await user.api.wallet.summary()).balance).toBe(0);

      await proxy.restore();

      // The page works again by itself (the pool reconnects on the next query).
      await eventually(async () => (await app.request(pagePath)).status === 200);
      const back = await app.request(pagePath);
      expect(back.status).toBe(200);
      expect(back.headers.get("retry-after")).toBeNull();
      const html = await back.text();
      expect(html).toContain("Rp 100.000");
      expect(html).toContain("Pay");
      const missing = await app.request("/gateway/sandbox/pay_missing?lang=en");
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("<html");

      // A forged notification is refused as before; the gateway's retry of the real one is taken, once.
      const refused = await forged();
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ ok: false });
      const taken = await signed();
      expect(taken.status).toBe(200);
      expect(await taken.json()).toEqual({ ok: true });
      const again = await signed();
      expect(again.status).toBe(200);
      expect(await user.api.wallet.summary()).toEqual({ balance: 100_000, pendingWithdrawals: 0 });
      expect(await user.api.wallet.rechargeStatus({ id: started.id })).toMatchObject({
        status: "completed",
      });
      expect((await user.api.wallet.history({ kind: "recharge" })).items).toHaveLength(1);
      // The notification is the shop's; the hosted page's own payment was never pressed.
      expect((await sandboxPayment(database.db, paymentId))?.status).toBe("pending");
      expect((await checkLedger(database.db)).ok).toBe(true);
    } finally {
      await proxied?.close();
      await proxy.cut();
    }
  });
});
