import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey } from "../../../tests/setup/money.ts";
import { placeOrder } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { silentLog } from "../../../tests/setup/test-db.ts";
import {
  sandboxSecret,
  sandboxSignatureHeader,
  signNotification,
} from "../../modules/gateway/gateway.service.ts";
import { findAttempt } from "../../modules/payments/payments.service.ts";
import { createRateLimits, RateLimitedError, type RateLimits } from "../../platform/rate-limit.ts";
import {
  database,
  jakartaToday,
  moveClock,
  ops,
  place,
  product,
  publicUrl,
  rig,
  rows,
  shopper,
  statusOf,
  until,
  usePaymentsShop,
  useRig,
} from "./payments-test-setup.ts";
import { reconcilePayments } from "./reconcile.ts";

/**
 * The sandbox's notifications, verified before anything is read, and the rules of attempts, switches, fees
 * and rate limits through it. The shop, the providers and the helpers: payments-test-setup.ts.
 */

usePaymentsShop();

describe("the sandbox's notifications, verified before anything is read", () => {
  useRig("sandbox");

  async function post(body: object, sign = true) {
    const text = JSON.stringify(body);
    return fetch(`${publicUrl}/payments/notify/sandbox`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [sandboxSignatureHeader]: sign
          ? signNotification(await sandboxSecret(database.db), text, new Date())
          : "t=1,v1=00",
      },
      body: text,
    });
  }

  it("50 deliveries of one notification at once pay once; a wrong amount or signature changes nothing", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "qris");
    const attempt = (await findAttempt(database.db, attemptId))!;
    const body = {
      paymentId: attempt.providerPaymentId,
      reference: attemptId,
      amount: attempt.amount,
      currency: "IDR",
      status: "paid",
    };
    expect((await post({ ...body, amount: body.amount + 1 })).status).toBe(400);
    expect((await post(body, false)).status).toBe(400);
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await statusOf(who, orderId)).toBe("paid");
    const applied = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_events where attempt_id = ${attemptId} and outcome = 'applied'`,
    );
    expect(applied[0]!.n).toBe(1);
    const escrowIn = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transfers where subject_id = ${orderId} and step = 'pay'`,
    );
    expect(escrowIn[0]!.n).toBe(1);
  });

  it("an expired attempt cannot be switched once its orders' window closed", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { attemptId } = await place(who, listingId, "va_bca");
    // A virtual account's window is a day.
    const at = new Date(Date.now() + 24 * 60 * 60_000 + 60_000);
    moveClock(() => at);
    await expect(
      who.api.payments.switch({ id: attemptId, channel: "qris", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const view = await who.api.payments.attempt({ id: attemptId });
    expect(view).toMatchObject({ status: "expired", canSwitch: false, channels: [] });
  });

  it("a payment takes at most 10 attempts: 100 switches open 9, the 10th is refused in the shopper's language, and nothing more reaches the provider", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId: first } = await place(who, listingId, "va_bca");
    const { subjectId } = (await findAttempt(database.db, first))!;
    const counts = async () =>
      (
        await rows<{ attempts: number; atProvider: number }>(
          sql`select (select count(*)::int from payment_attempts where subject_id = ${subjectId}) as attempts,
                (select count(*)::int from sandbox_payments where reference in
                  (select id from payment_attempts where subject_id = ${subjectId})) as "atProvider"`,
        )
      )[0]!;
    // As the security review did it: 100 switches on one order, as fast as they go.
    let current = first;
    const refusals: { code: string; message: string }[] = [];
    for (let i = 0; i < 100; i++) {
      try {
        const next = await who.api.payments.switch({
          id: current,
          channel: i % 2 === 0 ? "qris" : "va_bni",
          idempotencyKey: newKey(),
        });
        current = next.attemptId;
      } catch (error) {
        refusals.push(error as { code: string; message: string });
      }
    }
    expect(100 - refusals.length).toBe(9);
    expect(refusals[0]).toMatchObject({
      code: "CONFLICT",
      message:
        "Anda sudah mencoba 10 metode pembayaran untuk pembayaran ini dan telah mencapai batas. Bayar dengan metode yang terakhir dipilih, atau mulai lagi dari awal.",
    });
    // The rest were refused by the pace limit before anything was opened.
    expect(refusals.slice(1).every((e) => e.code === "TOO_MANY_REQUESTS")).toBe(true);
    expect(await counts()).toEqual({ attempts: 10, atProvider: 10 });
    // In English and Chinese (each caller with a pace limit of its own), still nothing opened.
    const lang = (l: "en" | "zh") =>
      callerFor(database, { token: who.token, gateway: rig.gateway, publicUrl, lang: l });
    const again = (l: "en" | "zh") =>
      lang(l).payments.switch({ id: current, channel: "qris", idempotencyKey: newKey() });
    await expect(again("en")).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "10 payment methods have been tried for this payment, the most allowed. Pay with the method you chose last, or start again.",
    });
    await expect(again("zh")).rejects.toMatchObject({
      code: "CONFLICT",
      message: "此笔付款已尝试 10 种付款方式，已达上限。请使用最后选择的方式付款，或重新开始。",
    });
    expect(await counts()).toEqual({ attempts: 10, atProvider: 10 });
    // The last method chosen is still open, and pays.
    expect((await who.api.payments.attempt({ id: current })).status).toBe("pending");
    await rig.pay(current);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by the last attempt");
  });

  it("a burst of switches is refused past 10 in 10 minutes, across payments, before anything is opened", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const orders = [await place(who, listingId, "va_bca"), await place(who, listingId, "va_bca")];
    const current = orders.map((o) => o.attemptId);
    for (let i = 0; i < 10; i++) {
      const which = i % 2;
      current[which] = (
        await who.api.payments.switch({ id: current[which]!, channel: "qris", idempotencyKey: newKey() })
      ).attemptId;
    }
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from sandbox_payments`);
    await expect(
      who.api.payments.switch({ id: current[0]!, channel: "va_bni", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(
        /^Terlalu sering mengganti metode pembayaran\. Coba lagi dalam \d+ detik\.$/,
      ),
    });
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from sandbox_payments`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await who.api.payments.attempt({ id: current[0]! })).status).toBe("pending");
  });

  it("nobody reads or switches another user's attempt", async () => {
    const who = await shopper();
    const other = await shopper();
    const { listingId } = await product();
    const { attemptId } = await place(who, listingId, "qris");
    await expect(other.api.payments.attempt({ id: attemptId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      other.api.payments.switch({ id: attemptId, channel: "qris", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the operator lists attempts, unapplied notifications and reconciliations; nobody else may", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { attemptId } = await place(who, listingId, "va_permata");
    await post({
      paymentId: "pay_unknown",
      reference: "pat_unknown",
      amount: 1,
      currency: "IDR",
      status: "paid",
    });
    const list = await ops.api.ops.payments.list({ channel: "va_permata", status: "pending", limit: 100 });
    expect(list.items.map((a) => a.id)).toContain(attemptId);
    expect(list.items.every((a) => a.channel === "va_permata" && a.status === "pending")).toBe(true);
    const events = await ops.api.ops.payments.events({ limit: 100 });
    expect(events.items).toContainEqual(
      expect.objectContaining({ outcome: "unmatched", attemptId: "pat_unknown", provider: "sandbox" }),
    );
    await reconcilePayments({ db: database.db, gateway: rig.gateway, log: silentLog }, jakartaToday());
    const reports = await ops.api.ops.payments.reconciliations();
    expect(reports.items.find((r) => r.provider === "sandbox" && r.day === jakartaToday())).toBeDefined();
    await expect(who.api.ops.payments.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(who.api.ops.payments.events({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a reversal after shipping leaves the order to the operator, marked, and the platform carries the loss", async () => {
    const who = await shopper();
    const { store, listingId } = await product();
    await ops.api.ops.money.adjust({
      account: store.email,
      amount: 500_000,
      reason: "uji",
      idempotencyKey: newKey(),
    });
    const { orderId, attemptId } = await place(who, listingId, "dana");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await ops.api.ops.orders.ship({
      id: orderId,
      idempotencyKey: newKey(),
    });
    const before = await rows<{ balance: string }>(
      sql`select balance::text as balance from ledger_accounts where id = 'platform:adjustments'`,
    );
    await rig.reverse(attemptId);
    await until(
      async () => (await who.api.payments.attempt({ id: attemptId })).status === "reversed",
      "reversed",
    );
    const order = await who.api.orders.get({ id: orderId });
    expect(order.status).toBe("shipped");
    expect(order.events.map((e) => e.event)).toContain("exception");
    const after = await rows<{ balance: string }>(
      sql`select balance::text as balance from ledger_accounts where id = 'platform:adjustments'`,
    );
    expect(BigInt(after[0]!.balance) - BigInt(before[0]?.balance ?? "0")).toBe(-BigInt(order.total));
  });

  it("a channel's fee is shown before paying, added to what is asked, and booked to revenue", async () => {
    const settings = await ops.api.ops.settings.get();
    const { channelFees: _, ...money } = settings.money;
    await ops.api.ops.settings.updateMoney({
      ...money,
      channelFees: { qris: { fixed: 1_000, basisPoints: 70 } },
    });
    try {
      const who = await shopper();
      const { listingId } = await product();
      const quote = await who.api.orders.quote({
        lines: [{ listingId, quantity: 1 }],
        addressId: who.addressId,
      });
      const offer = quote.channels.find((c) => c.channel === "qris")!;
      // Rp 1.000 + 0,7% of the total, rounded up to the rupiah.
      expect(offer.fee).toBe(1_000 + Math.ceil((quote.total * 70) / 10_000));
      expect(quote.channels.find((c) => c.channel === "va_bca")!.fee).toBe(0);
      const revenue = async () =>
        BigInt(
          (
            await rows<{ b: string }>(
              sql`select balance::text as b from ledger_accounts where id = 'platform:revenue'`,
            )
          )[0]!.b,
        );
      const { orderId, attemptId } = await place(who, listingId, "qris");
      const attempt = await who.api.payments.attempt({ id: attemptId });
      expect(attempt).toMatchObject({ amount: quote.total + offer.fee, fee: offer.fee });
      const before = await revenue();
      await rig.pay(attemptId);
      await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
      // Revenue got the fee (the store's goods cost is unpaid: its balance is empty).
      expect((await revenue()) - before).toBe(BigInt(offer.fee));
    } finally {
      await ops.api.ops.settings.updateMoney({ ...money, channelFees: {} });
    }
  });

  it("forged notifications from one address never make a genuine one wait; each keeps 256 bytes and a hash", async () => {
    // The genuine bucket made small (100 per provider in the window), so that the flood below would spend
    // it if forgeries counted there, as they did.
    const limits = createRateLimits(undefined, {
      rules: { notify: { account: 100, ip: 100, seconds: 15 * 60 } },
    });
    const app = createTestApp(database, { gateway: rig.gateway, publicUrl, limits, trustProxyHops: 1 });
    const from = (address: string, body: string, signature: string) =>
      app.request("/payments/notify/sandbox", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": address,
          [sandboxSignatureHeader]: signature,
        },
        body,
      });
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "qris");
    const attempt = (await findAttempt(database.db, attemptId))!;
    // 12 KB of forged "paid", signed with a wrong secret, 150 times from one address.
    const forged = JSON.stringify({
      paymentId: attempt.providerPaymentId,
      reference: attemptId,
      amount: attempt.amount,
      currency: "IDR",
      status: "paid",
      padding: "x".repeat(12 * 1024),
    });
    const wrong = signNotification("f".repeat(64), forged, new Date());
    const answers: number[] = [];
    for (let i = 0; i < 150; i++) answers.push((await from("203.0.113.7", forged, wrong)).status);
    // Its own bucket: 100 recorded (400), then refused (429) with nothing recorded.
    expect(answers.filter((s) => s === 400)).toHaveLength(100);
    expect(answers.filter((s) => s === 429)).toHaveLength(50);
    // The provider's genuine notification, from its own address, is taken at once.
    const genuine = JSON.stringify({
      paymentId: attempt.providerPaymentId,
      reference: attemptId,
      amount: attempt.amount,
      currency: "IDR",
      status: "paid",
    });
    const signed = signNotification(await sandboxSecret(database.db), genuine, new Date());
    expect((await from("198.51.100.20", genuine, signed)).status).toBe(200);
    expect(await statusOf(who, orderId)).toBe("paid");
    // What the forgeries left: 100 rows of at most 256 bytes, each with the SHA-256 of the whole body.
    const kept = await rows<{ n: number; largest: number; hashes: number; hash: string }>(
      sql`select count(*)::int as n, max(octet_length(body))::int as largest,
            count(distinct body_sha256)::int as hashes, max(body_sha256) as hash
          from payment_events where outcome = 'forged' and body like ${`%${attemptId}%`}`,
    );
    expect(kept[0]).toEqual({
      n: 100,
      largest: 256,
      hashes: 1,
      hash: createHash("sha256").update(forged).digest("hex"),
    });
    // The operator sees the beginning and the hash; the genuine one is kept whole.
    const shown = (await ops.api.ops.payments.events({ limit: 1 })).items[0]!;
    expect(shown).toMatchObject({ outcome: "forged", bodySha256: kept[0]!.hash });
    expect(forged.startsWith(shown.body)).toBe(true);
    const stored = await rows<{ body: string }>(
      sql`select body from payment_events where outcome = 'applied' and attempt_id = ${attemptId}`,
    );
    expect(stored.map((r) => r.body)).toEqual([genuine]);
  });

  it("a notification whose bucket is spent is refused before anything is recorded", async () => {
    const spent: RateLimits = {
      ...createRateLimits(),
      consume: async () => {
        throw new RateLimitedError("ip", 60);
      },
    };
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from payment_events`);
    const answer = await createTestApp(database, { gateway: rig.gateway, publicUrl, limits: spent }).request(
      "/payments/notify/sandbox",
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
    );
    expect(answer.status).toBe(429);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from payment_events`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("OVO needs the phone to push to", async () => {
    const who = await shopper();
    const { listingId } = await product();
    await expect(
      placeOrder(who.api, {
        lines: [{ listingId, quantity: 1 }],
        addressId: who.addressId,
        method: "ovo",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
