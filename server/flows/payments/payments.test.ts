import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentChannel } from "#common/payment-channels.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createMidtransGateway } from "../../adapters/midtrans/midtrans.adapter.ts";
import {
  startMidtransSimulator,
  type MidtransSimulator,
} from "../../adapters/midtrans/midtrans.simulator.ts";
import { createXenditGateway } from "../../adapters/xendit/xendit.adapter.ts";
import { startXenditSimulator, type XenditSimulator } from "../../adapters/xendit/xendit.simulator.ts";
import {
  createSandboxGateway,
  decideSandboxPayment,
  sandboxSecret,
  sandboxSignatureHeader,
  signNotification,
} from "../../modules/gateway/gateway.service.ts";
import { walletHistory } from "../../modules/ledger/ledger.service.ts";
import { findAttempt } from "../../modules/payments/payments.service.ts";
import { setClock } from "../../platform/clock.ts";
import type { PaymentGateway } from "../../platform/payments.ts";
import { createRateLimits, RateLimitedError, type RateLimits } from "../../platform/rate-limit.ts";
import { reconcilePayments } from "./reconcile.ts";
import { silentLog } from "../../../tests/setup/test-db.ts";

/**
 * Paying through each provider (decision 19), end to end: the shop's HTTP app listens on a real port, the
 * provider (the built-in sandbox, or the Midtrans or Xendit simulator) answers the adapter's calls and sends
 * its notifications there, signed as the real one signs them. The ledger balances after every test.
 */

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
let server: ServerType;
let publicUrl: string;
let rig: Rig;
let restore: (() => void) | undefined;

interface Rig {
  name: "sandbox" | "midtrans" | "xendit";
  gateway: PaymentGateway;
  pay(attemptId: string): Promise<void>;
  /** The provider takes a paid payment back (settlement → deny, SUCCEEDED → REVERSED, a chargeback). */
  reverse(attemptId: string): Promise<void>;
  /** A chargeback at the provider, where it has one of its own (Midtrans). */
  chargeback?(attemptId: string): Promise<void>;
  /**
   * The paid attempt's notification as someone who captured it could send it again, altered to take the
   * payment back while the provider still counts it (Midtrans: `chargeback`, which its signature does not
   * cover; Xendit: `payment.reversal` with the static token; the sandbox: a reversal signed with its secret).
   */
  replayAltered(attemptId: string): Promise<void>;
  /** The provider closes an unpaid payment at its deadline (and says so). */
  expire?(attemptId: string): Promise<void>;
  /** Notifications wait until `release` (the shop misses them for a while). */
  hold?(): void;
  release?(opts?: { reverse?: boolean }): Promise<void>;
  /** Sends the last notification of an attempt again, `times` times. */
  resend?(attemptId: string, times: number): Promise<void>;
  forged?(attemptId: string): Promise<void>;
  /**
   * A captured notification of the attempt sent again as a refund of it, listing the shop's refund by its
   * key (Midtrans: neither `transaction_status` nor `refunds` is signed); the provider made no such refund.
   */
  replayRefund?(attemptId: string, refundId: string, amount: number): Promise<void>;
  /** The provider's API answers the next `times` calls with this HTTP status (an outage). */
  failNext?(status: number, times: number): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The shop's app, as the current provider's shop, on a real port (providers notify it over HTTP). */
let gatewayOfApp: PaymentGateway;
beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
  server = serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) => createTestApp(database, { gateway: gatewayOfApp, publicUrl }).fetch(request),
  });
  await new Promise((resolve) => server.once("listening", resolve));
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.destroy();
});
afterEach(async () => {
  restore?.();
  restore = undefined;
  await rig?.idle();
  await expectLedgerBalanced(database);
});

async function sandboxRig(): Promise<Rig> {
  const gateway = createSandboxGateway(database.db, { publicUrl });
  const decide = async (attemptId: string, action: "pay" | "reverse") => {
    const attempt = (await findAttempt(database.db, attemptId))!;
    await decideSandboxPayment(database.db, attempt.providerPaymentId!, action);
  };
  return {
    name: "sandbox",
    gateway,
    pay: (id) => decide(id, "pay"),
    reverse: (id) => decide(id, "reverse"),
    async replayAltered(id) {
      const attempt = (await findAttempt(database.db, id))!;
      const body = JSON.stringify({
        paymentId: attempt.providerPaymentId,
        reference: id,
        amount: attempt.amount,
        currency: "IDR",
        status: "reversed",
      });
      await fetch(`${publicUrl}/payments/notify/sandbox`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [sandboxSignatureHeader]: signNotification(await sandboxSecret(database.db), body, new Date()),
        },
        body,
      });
    },
    idle: async () => undefined,
    close: async () => undefined,
  };
}

async function midtransRig(): Promise<Rig> {
  const serverKey = "SB-Mid-server-test-key-0001";
  const sim: MidtransSimulator = await startMidtransSimulator({
    serverKey,
    notifyUrl: `${publicUrl}/payments/notify/midtrans`,
    retryDelayMs: 10,
  });
  const c = sim.control;
  return {
    name: "midtrans",
    gateway: createMidtransGateway({ baseUrl: sim.url, serverKey }),
    pay: (id) => c.pay(id),
    reverse: (id) => c.deny(id),
    chargeback: (id) => c.chargeback(id),
    replayAltered: (id) => c.replayAltered(id, "chargeback"),
    expire: (id) => c.expire(id),
    hold: () => c.hold(),
    release: (opts) => c.release(opts),
    resend: (id, times) => c.resend(id, times),
    forged: (id) => c.sendForged(id),
    replayRefund: (id, refundId, amount) => c.replayRefund(id, refundId, amount),
    failNext: (status, times) => c.failNext(status, times),
    idle: () => c.idle(),
    close: () => sim.close(),
  };
}

async function xenditRig(): Promise<Rig> {
  const secretKey = "xnd_development_test_key_0001";
  const callbackToken = "test-callback-token-0001";
  const sim: XenditSimulator = await startXenditSimulator({
    secretKey,
    callbackToken,
    notifyUrl: `${publicUrl}/payments/notify/xendit`,
    retryDelaysMs: [20, 50, 100],
  });
  const c = sim.control;
  return {
    name: "xendit",
    gateway: createXenditGateway({ baseUrl: sim.url, secretKey, callbackToken }),
    pay: (id) => c.pay(id),
    reverse: (id) => c.reverse(id),
    replayAltered: (id) => c.replayAltered(id, "payment.reversal", "REVERSED"),
    expire: (id) => c.expire(id),
    hold: () => c.hold(),
    release: (opts) => c.release(opts),
    resend: (id, times) => c.resend(id, times),
    forged: (id) => c.sendForged(id),
    idle: () => c.idle(),
    close: () => sim.close(),
  };
}

/** Waits (a notification travels over HTTP) until `check` holds, for up to 5 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A shopper (no money) of the current provider's shop, and a store's product at Rp 100.000. */
async function shopper() {
  const who = await shopperWithMoney(database, ops, 0);
  const api = callerFor(database, { token: who.token, gateway: rig.gateway, publicUrl });
  return { ...who, api };
}
async function product(stock = 10) {
  const store = await merchantWithStore(database, { autoPay: true });
  const supply = await supplyProduct(database, { stock, merchantPrice: 60_000 });
  return { store, listingId: await listing(database, store.storeId, supply, 100_000) };
}

async function place(who: Awaited<ReturnType<typeof shopper>>, listingId: string, method: PaymentChannel) {
  const placed = await placeOrder(who.api, {
    lines: [{ listingId, quantity: 1 }],
    addressId: who.addressId,
    method,
    ...(method === "ovo" ? { phone: "0812 3456 7890" } : {}),
    fromCart: false,
    idempotencyKey: newKey(),
  });
  return { orderId: placed.orderIds[0]!, attemptId: placed.attemptId! };
}

/** One checkout of three stores' products (Rp 100.000 each) by a channel: three orders, one payment. */
async function checkoutOfThree(who: Awaited<ReturnType<typeof shopper>>, method: PaymentChannel) {
  const listings = [(await product()).listingId, (await product()).listingId, (await product()).listingId];
  const placed = await placeOrder(who.api, {
    lines: listings.map((listingId) => ({ listingId, quantity: 1 })),
    addressId: who.addressId,
    method,
    fromCart: false,
    idempotencyKey: newKey(),
  });
  const totals = await Promise.all(
    placed.orderIds.map(async (id) => (await who.api.orders.get({ id })).total),
  );
  return { orderIds: placed.orderIds, attemptId: placed.attemptId!, totals };
}

const statusOf = async (who: Awaited<ReturnType<typeof shopper>>, orderId: string) =>
  (await who.api.orders.get({ id: orderId })).status;

/** Rows of a raw query, on either database. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const rigs = { sandbox: sandboxRig, midtrans: midtransRig, xendit: xenditRig };

describe.each(["sandbox", "midtrans", "xendit"] as const)("paying through %s", (name) => {
  beforeAll(async () => {
    rig = await rigs[name]();
    gatewayOfApp = rig.gateway;
  });
  afterAll(() => rig.close());

  it("pays an order by every channel it offers; the method screen says how, and the order names the channel", async () => {
    const who = await shopper();
    const { listingId } = await product(50);
    const kinds = {
      qris: "qr",
      ovo: "push",
      gopay: "redirect",
      dana: "redirect",
      shopeepay: "redirect",
      linkaja: "redirect",
    };
    for (const channel of rig.gateway.channels) {
      const { orderId, attemptId } = await place(who, listingId, channel);
      const attempt = await who.api.payments.attempt({ id: attemptId });
      const { total } = await who.api.orders.get({ id: orderId });
      const expected = channel.startsWith("va_")
        ? "va"
        : channel === "alfamart" || channel === "indomaret"
          ? "code"
          : kinds[channel as keyof typeof kinds];
      expect(attempt).toMatchObject({ status: "pending", channel, amount: total, fee: 0 });
      expect(attempt.action.type, channel).toBe(expected);
      if (attempt.action.type === "qr") expect(attempt.action.qrSvg).toMatch(/^<svg /);
      await rig.pay(attemptId);
      await until(async () => (await statusOf(who, orderId)) === "paid", `${channel} paid`);
      const order = await who.api.orders.get({ id: orderId });
      expect(order.paymentMethod).toBe(channel);
      expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("paid");
    }
    // Paid from outside: the wallet never moved.
    expect((await who.api.wallet.summary()).balance).toBe(0);
  });

  it("applies a payment once, however often and in whatever order its notifications come", async () => {
    if (!rig.hold || !rig.resend) return;
    const who = await shopper();
    const { listingId } = await product();
    rig.hold();
    const { orderId, attemptId } = await place(who, listingId, "va_bca");
    await rig.pay(attemptId);
    // The payment first, then its older "pending": it stays paid.
    await rig.release!({ reverse: true });
    await rig.resend(attemptId, 5);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await rig.idle();
    expect((await who.api.wallet.summary()).balance).toBe(0);
    const history = await walletHistory(database.db, who.id, { limit: 10 });
    expect(history.items).toEqual([]);
  });

  it("refuses a forged notification, records it, and changes nothing", async () => {
    if (!rig.forged) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.forged(attemptId);
    await rig.idle();
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    const events = await rows<{ outcome: string }>(
      sql`select outcome from payment_events where provider = ${rig.name} and outcome = 'forged'`,
    );
    expect(events.length).toBeGreaterThan(0);
  });

  it("an attempt the provider expired closes; the order still waits, and another method pays it", async () => {
    if (!rig.expire) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "alfamart");
    await rig.expire(attemptId);
    await until(
      async () => (await who.api.payments.attempt({ id: attemptId })).status === "expired",
      "expired",
    );
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    const order = await who.api.orders.get({ id: orderId });
    expect(order.channels.length).toBeGreaterThan(0);
    const { attemptId: next } = await who.api.payments.switch({
      id: attemptId,
      channel: "va_permata",
      idempotencyKey: newKey(),
    });
    await rig.pay(next);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by the new attempt");
  });

  it("switching method: a new attempt, the old one closed; the old one's money still pays, once", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId: first } = await place(who, listingId, "va_bca");
    const { attemptId: second } = await who.api.payments.switch({
      id: first,
      channel: "qris",
      idempotencyKey: newKey(),
    });
    expect(second).not.toBe(first);
    expect((await who.api.payments.attempt({ id: first })).status).toBe("cancelled");
    // The old attempt's money arrives before the provider heard it was cancelled: it pays the order.
    await rig.pay(first);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by the old attempt");
    expect((await who.api.orders.get({ id: orderId })).paymentMethod).toBe("va_bca");
    // The new one is closed, and cancelled at the provider.
    await database.jobs.runDue();
    expect((await who.api.payments.attempt({ id: second })).status).toBe("cancelled");
    expect((await who.api.wallet.summary()).balance).toBe(0);
  });

  it("money for an order already paid another way goes to the wallet, shown in fund history", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "va_bca");
    const { total } = await who.api.orders.get({ id: orderId });
    await ops.api.ops.money.adjust({
      account: who.email,
      amount: total,
      reason: "uji",
      idempotencyKey: newKey(),
    });
    await who.api.orders.pay({ id: orderId, method: "wallet", idempotencyKey: newKey() });
    await rig.pay(attemptId);
    await until(async () => (await who.api.wallet.summary()).balance === total, "late money in the wallet");
    const history = await who.api.wallet.history({ limit: 10 });
    // Named for what it is: paid twice, not a vague "late payment".
    expect(history.items[0]).toMatchObject({ entry: "double_payment", amount: total });
  });

  it("a reversal after payment cancels the unshipped order, returns its stock, and moves the money back", async () => {
    const who = await shopper();
    const { listingId } = await product(5);
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await rig.reverse(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "cancelled", "cancelled by the reversal");
    const order = await who.api.orders.get({ id: orderId });
    expect(order.cancelReason).toBe("payment_reversed");
    expect((await callerFor(database).listings.get({ id: listingId })).stock).toBe(5);
    // The shopper has the money back from their bank: nothing in the wallet.
    expect((await who.api.wallet.summary()).balance).toBe(0);
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("reversed");
  });

  it("a captured notification sent again altered to a reversal leaves the paid order paid and shows it to the operator; a reversal at the provider is applied", async () => {
    const who = await shopper();
    const { listingId } = await product(5);
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    await rig.replayAltered(attemptId);
    await rig.idle();
    // The provider still counts the payment: nothing moved.
    expect(await statusOf(who, orderId)).toBe("paid");
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("paid");
    expect((await callerFor(database).listings.get({ id: listingId })).stock).toBe(4);
    const unapplied = await ops.api.ops.payments.events({ limit: 100 });
    expect(unapplied.items).toContainEqual(
      expect.objectContaining({ attemptId, provider: rig.name, outcome: "contradicted" }),
    );
    // The provider takes it back for real: applied.
    await (rig.chargeback ?? rig.reverse)(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "cancelled", "cancelled by the reversal");
    expect((await who.api.orders.get({ id: orderId })).cancelReason).toBe("payment_reversed");
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("reversed");
  });

  it("cancelling an order paid by QRIS refunds through the provider; one paid by a virtual account refunds to the wallet", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const byQr = await place(who, listingId, "qris");
    const byVa = await place(who, listingId, "va_bni");
    await rig.pay(byQr.attemptId);
    await rig.pay(byVa.attemptId);
    await until(async () => (await statusOf(who, byVa.orderId)) === "paid", "paid");
    await until(async () => (await statusOf(who, byQr.orderId)) === "paid", "paid");
    const qrOrder = await who.api.orders.get({ id: byQr.orderId });
    const vaOrder = await who.api.orders.get({ id: byVa.orderId });
    expect(qrOrder.refundTo).toBe(rig.gateway.refundable("qris") ? "provider" : "wallet");
    expect(vaOrder.refundTo).toBe("wallet");
    await who.api.orders.cancel({ id: byQr.orderId, idempotencyKey: newKey() });
    await who.api.orders.cancel({ id: byVa.orderId, idempotencyKey: newKey() });
    await database.jobs.runDue();
    await rig.idle();
    // The VA's money is in the wallet; the QR's went back to the app that paid (in and out of the wallet).
    const viaProvider = qrOrder.refundTo === "provider";
    await until(
      async () =>
        (await who.api.wallet.summary()).balance === vaOrder.total + (viaProvider ? 0 : qrOrder.total),
      "refunds",
    );
    const entries = (await who.api.wallet.history({ limit: 10 })).items.map((i) => i.entry);
    expect(entries.filter((e) => e === "order_refund")).toHaveLength(2);
    if (viaProvider) {
      expect(entries).toContain("refund_to_provider");
      const attempt = (await findAttempt(database.db, byQr.attemptId))!;
      await until(
        async () => (await findAttempt(database.db, byQr.attemptId))!.refunded === qrOrder.total,
        "refunded",
      );
      expect(attempt.status).toBe("paid");
    }
  });

  it("cancelling one order of a three-store checkout leaves the open payment asking only what is still owed, on the same channel", async () => {
    const who = await shopper();
    const { orderIds, attemptId, totals } = await checkoutOfThree(who, "qris");
    const [gone, kept, other] = orderIds as [string, string, string];
    const before = await who.api.payments.attempt({ id: attemptId });
    expect(before).toMatchObject({ channel: "qris", amount: totals[0]! + totals[1]! + totals[2]! });
    await who.api.orders.cancel({ id: gone, idempotencyKey: newKey() });
    // "Lanjutkan pembayaran" on another order of the checkout: the same channel, at what is still owed.
    const next = (await who.api.orders.get({ id: kept })).attemptId!;
    expect(next).not.toBe(attemptId);
    const after = await who.api.payments.attempt({ id: next });
    expect(after).toMatchObject({
      channel: "qris",
      status: "pending",
      amount: totals[1]! + totals[2]!,
      orderIds: [gone, kept, other],
      buyAgain: [],
    });
    expect(after.expiresAt).toEqual(before.expiresAt);
    console.info(
      `[${rig.name}] open QRIS payment: Rp ${before.amount} for three orders, Rp ${after.amount} once one was cancelled`,
    );
    // The old QR is closed here, and at the provider by the cancel job.
    expect((await who.api.payments.attempt({ id: attemptId })).status).toBe("cancelled");
    await database.jobs.runDue();
    await rig.idle();
    const old = (await findAttempt(database.db, attemptId))!;
    expect(
      (await rig.gateway.getPayment({ attemptId, providerPaymentId: old.providerPaymentId })).status,
    ).toBe("cancelled");
    // Paid at the new amount: the two orders left, nothing in the wallet, the cancelled one stays so.
    await rig.pay(next);
    await until(async () => (await statusOf(who, other)) === "paid", "paid at the new amount");
    expect(await statusOf(who, kept)).toBe("paid");
    expect(await statusOf(who, gone)).toBe("cancelled");
    expect((await who.api.wallet.summary()).balance).toBe(0);
  });

  it("money the old attempt still brings pays the orders left, and the cancelled order's share goes to the balance, named for it", async () => {
    const who = await shopper();
    const { orderIds, attemptId, totals } = await checkoutOfThree(who, "va_bni");
    const [gone, kept, other] = orderIds as [string, string, string];
    await who.api.orders.cancel({ id: gone, idempotencyKey: newKey() });
    const next = (await who.api.orders.get({ id: kept })).attemptId!;
    expect((await who.api.payments.attempt({ id: next })).amount).toBe(totals[1]! + totals[2]!);
    // The shopper's bank had paid the old number before the provider heard it was closed.
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, other)) === "paid", "paid by the old attempt");
    expect(await statusOf(who, kept)).toBe("paid");
    expect(await statusOf(who, gone)).toBe("cancelled");
    await until(async () => (await who.api.wallet.summary()).balance === totals[0], "its share returned");
    const history = await who.api.wallet.history({ limit: 10 });
    expect(history.items.map((i) => [i.entry, i.amount])).toEqual([["cancelled_order_payment", totals[0]]]);
    // The new attempt is closed: nothing more to pay.
    expect((await who.api.payments.attempt({ id: next })).status).toBe("cancelled");
  });

  it("GoPay is an e-wallet of its own; its refund goes back through the provider where the provider refunds GoPay", async () => {
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "gopay");
    const attempt = await who.api.payments.attempt({ id: attemptId });
    expect(attempt).toMatchObject({ channel: "gopay", action: { type: "redirect" } });
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid by GoPay");
    const order = await who.api.orders.get({ id: orderId });
    expect(order.paymentMethod).toBe("gopay");
    // Midtrans and the sandbox refund GoPay by API; Xendit's GoPay refund is not known: the wallet keeps it.
    const viaProvider = rig.name !== "xendit";
    expect(order.refundTo).toBe(viaProvider ? "provider" : "wallet");
    await who.api.orders.cancel({ id: orderId, idempotencyKey: newKey() });
    await database.jobs.runDue();
    await until(
      async () => (await findAttempt(database.db, attemptId))!.refunded === (viaProvider ? order.total : 0),
      "refunded",
    );
    expect((await who.api.wallet.summary()).balance).toBe(viaProvider ? 0 : order.total);
  });

  it("a refund notification sent again with a refund the provider never made changes nothing; the real refund is applied", async () => {
    if (!rig.replayRefund || !rig.failNext) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "qris");
    await rig.pay(attemptId);
    await until(async () => (await statusOf(who, orderId)) === "paid", "paid");
    const { total } = await who.api.orders.get({ id: orderId });
    await who.api.orders.cancel({ id: orderId, idempotencyKey: newKey() });
    // The provider is away when the refund is sent: it waits, pending.
    rig.failNext(503, 1);
    await database.jobs.runDue();
    const [refund] = await rows<{ id: string; status: string }>(
      sql`select id, status from payment_refunds where attempt_id = ${attemptId}`,
    );
    expect(refund).toMatchObject({ status: "pending" });
    // A captured notification of the payment, sent again as a refund listing the shop's refund key.
    await rig.replayRefund(attemptId, refund!.id, total);
    await rig.idle();
    const kept = await rows<{ status: string }>(
      sql`select status from payment_refunds where id = ${refund!.id}`,
    );
    expect(kept[0]!.status).toBe("pending");
    expect((await findAttempt(database.db, attemptId))!.refunded).toBe(0);
    const events = await ops.api.ops.payments.events({ limit: 100 });
    expect(events.items).toContainEqual(
      expect.objectContaining({ attemptId, provider: rig.name, outcome: "contradicted" }),
    );
    // The refund the provider really makes is applied, once.
    restore = setClock(() => new Date(Date.now() + 10 * 60_000));
    await database.jobs.runDue();
    await rig.idle();
    await until(async () => (await findAttempt(database.db, attemptId))!.refunded === total, "refunded");
    const done = await rows<{ status: string }>(
      sql`select status from payment_refunds where id = ${refund!.id}`,
    );
    expect(done[0]!.status).toBe("succeeded");
  });

  it("recharges the wallet by virtual account", async () => {
    const who = await shopper();
    const started = await who.api.wallet.recharge({
      amount: 250_000,
      method: "va_bri",
      idempotencyKey: newKey(),
    });
    const attempt = await who.api.payments.attempt({ id: started.attemptId });
    expect(attempt).toMatchObject({
      purpose: "recharge",
      amount: 250_000,
      action: { type: "va", bank: "bri" },
    });
    await rig.pay(started.attemptId);
    await until(async () => (await who.api.wallet.summary()).balance === 250_000, "credited");
    expect((await who.api.wallet.rechargeStatus({ id: started.id })).status).toBe("completed");
  });

  it("a payment whose notification never came is found by the status check, and named by the reconciliation", async () => {
    if (!rig.hold) return;
    const who = await shopper();
    const { listingId } = await product();
    const { orderId, attemptId } = await place(who, listingId, "va_mandiri");
    rig.hold();
    await rig.pay(attemptId);
    // The reconciliation of today names what the provider took and the shop did not know, and applies it.
    const report = await reconcilePayments(
      { db: database.db, gateway: rig.gateway, log: silentLog },
      jakartaToday(),
    );
    expect(report.differences).toContainEqual(
      expect.objectContaining({ attemptId, kind: "provider_paid_shop_not" }),
    );
    expect(await statusOf(who, orderId)).toBe("paid");
    await rig.release!();
    await rig.idle();
    expect(await statusOf(who, orderId)).toBe("paid");
  });
});

const jakartaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());

describe("the sandbox's notifications, verified before anything is read", () => {
  beforeAll(async () => {
    rig = await sandboxRig();
    gatewayOfApp = rig.gateway;
  });

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
    restore = setClock(() => at);
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

describe("how long a shopper has to pay, by channel (issue 40)", () => {
  beforeAll(async () => {
    rig = await sandboxRig();
    gatewayOfApp = rig.gateway;
  });

  const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

  it("a virtual account or a retail code gives a day, QRIS and e-wallets 15 minutes; the order, its attempt and its deadline follow", async () => {
    const who = await shopper();
    const { listingId } = await product(20);
    const placed = {
      va: await place(who, listingId, "va_bca"),
      retail: await place(who, listingId, "indomaret"),
      qris: await place(who, listingId, "qris"),
      gopay: await place(who, listingId, "gopay"),
    };
    const windows: Record<string, number> = {};
    for (const [name, p] of Object.entries(placed)) {
      const order = await who.api.orders.get({ id: p.orderId });
      const attempt = await who.api.payments.attempt({ id: p.attemptId });
      windows[name] = minutes(order.createdAt, order.payDueAt!);
      expect(attempt.expiresAt, name).toEqual(order.payDueAt);
    }
    expect(windows).toEqual({ va: 24 * 60, retail: 24 * 60, qris: 15, gopay: 15 });
    // The checkout says so before placing: each channel with its group's window.
    const quote = await who.api.orders.quote({
      lines: [{ listingId, quantity: 1 }],
      addressId: who.addressId,
    });
    const offered = Object.fromEntries(quote.channels.map((c) => [c.channel, c.windowMinutes]));
    expect(offered).toMatchObject({ va_bca: 1440, indomaret: 1440, qris: 15, gopay: 15, ovo: 15 });
    // An hour and a minute on (the single window of before), the QRIS and GoPay orders are cancelled, the
    // virtual account and the retail code still wait for the shopper to pay after work.
    const placedAt = (await who.api.orders.get({ id: placed.va.orderId })).createdAt;
    restore = setClock(() => new Date(placedAt.getTime() + 61 * 60_000));
    await database.jobs.runDue();
    expect(await statusOf(who, placed.qris.orderId)).toBe("cancelled");
    expect(await statusOf(who, placed.gopay.orderId)).toBe("cancelled");
    expect(await statusOf(who, placed.va.orderId)).toBe("pending_payment");
    expect(await statusOf(who, placed.retail.orderId)).toBe("pending_payment");
    // A recharge by virtual account too.
    const recharge = await who.api.wallet.recharge({
      amount: 50_000,
      method: "va_bri",
      idempotencyKey: newKey(),
    });
    const view = await who.api.wallet.rechargeStatus({ id: recharge.id });
    expect(minutes(view.createdAt, view.expiresAt)).toBe(24 * 60);
  });

  it("a switch takes the new channel's window from now, never past the longest from placing; a closed order offers 'Beli lagi', not another method", async () => {
    const who = await shopper();
    const { listingId } = await product(5);
    const { orderId, attemptId } = await place(who, listingId, "qris");
    const placedAt = (await who.api.orders.get({ id: orderId })).createdAt;
    const at = (m: number) => new Date(placedAt.getTime() + m * 60_000);
    const deadline = async () => minutes(placedAt, (await who.api.orders.get({ id: orderId })).payDueAt!);
    expect(await deadline()).toBe(15);
    // Ten minutes in, to a virtual account: a day from now, but no later than a day from placing.
    restore = setClock(() => at(10));
    const toVa = await who.api.payments.switch({
      id: attemptId,
      channel: "va_bca",
      idempotencyKey: newKey(),
    });
    expect(await deadline()).toBe(24 * 60);
    expect(minutes(placedAt, (await who.api.payments.attempt({ id: toVa.attemptId })).expiresAt)).toBe(
      24 * 60,
    );
    // The QR's old deadline passes: the order still waits.
    restore = setClock(() => at(20));
    await database.jobs.runDue();
    expect(await statusOf(who, orderId)).toBe("pending_payment");
    // Back to QRIS early: 15 minutes from now.
    restore = setClock(() => at(60));
    const toQr = await who.api.payments.switch({
      id: toVa.attemptId,
      channel: "qris",
      idempotencyKey: newKey(),
    });
    expect(await deadline()).toBe(75);
    // To QRIS again near the end of the day: never past the day from placing.
    restore = setClock(() => at(70));
    const toVa2 = await who.api.payments.switch({
      id: toQr.attemptId,
      channel: "va_bni",
      idempotencyKey: newKey(),
    });
    restore = setClock(() => at(23 * 60 + 55));
    const last = await who.api.payments.switch({
      id: toVa2.attemptId,
      channel: "qris",
      idempotencyKey: newKey(),
    });
    expect(await deadline()).toBe(24 * 60);
    // Past it, the order is cancelled; its payment screen offers its products again, not another method.
    restore = setClock(() => at(24 * 60 + 1));
    await database.jobs.runDue();
    expect(await statusOf(who, orderId)).toBe("cancelled");
    const closed = await who.api.payments.attempt({ id: last.attemptId });
    expect(closed).toMatchObject({ status: "expired", canSwitch: false, channels: [], buyAgain: [orderId] });
    await expect(
      who.api.payments.switch({ id: last.attemptId, channel: "va_bca", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await who.api.orders.buyAgain({ id: orderId })).toEqual({ added: 1, unavailable: 0 });
  });

  it("cancelling an order at the attempt cap closes the old attempt and opens none; cancelling the last waiting order closes the payment", async () => {
    const who = await shopper();
    const { orderIds, attemptId, totals } = await checkoutOfThree(who, "va_bca");
    let current = attemptId;
    for (let i = 0; i < 9; i++) {
      current = (
        await who.api.payments.switch({
          id: current,
          channel: i % 2 ? "va_bca" : "va_bri",
          idempotencyKey: newKey(),
        })
      ).attemptId;
    }
    await who.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() });
    expect((await who.api.payments.attempt({ id: current })).status).toBe("cancelled");
    const kept = await who.api.orders.get({ id: orderIds[1]! });
    // No open attempt: the order's own page offers the methods again, for its own total.
    expect(kept.attemptId).toBeNull();
    expect(kept.actions.pay).toBe(true);
    expect(kept.total).toBe(totals[1]);
    const counted = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_attempts a join payment_attempts b on b.subject_id = a.subject_id where a.id = ${attemptId}`,
    );
    expect(counted[0]!.n).toBe(10);
    // A single order's own payment: cancelling it closes its attempt and its payment.
    const { listingId } = await product();
    const single = await place(who, listingId, "alfamart");
    await who.api.orders.cancel({ id: single.orderId, idempotencyKey: newKey() });
    expect((await who.api.payments.attempt({ id: single.attemptId })).status).toBe("cancelled");
    expect((await who.api.payments.attempt({ id: single.attemptId })).buyAgain).toEqual([single.orderId]);
  });
});
