/* eslint-disable no-restricted-syntax -- the tests' waits and the sandbox's signatures read the real time,
   as the provider's would, not the shop's clock that the tests move */
import type { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
// eslint-disable-next-line no-restricted-imports -- the tests' shop listens on a real port: no flow uses it
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, afterEach, beforeAll } from "vitest";
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
import { findAttempt } from "../../modules/payments/payments.service.ts";
import { setClock } from "../../platform/clock.ts";
import type { PaymentGateway } from "../../platform/payments.ts";

/**
 * What the payment tests (payments*.test.ts) share. Paying through each provider (decision 19), end to end:
 * the shop's HTTP app listens on a real port, the provider (the built-in sandbox, or the Midtrans or Xendit
 * simulator) answers the adapter's calls and sends its notifications there, signed as the real one signs
 * them. The ledger balances after every test.
 */

export let database: TestDatabase;
export let ops: Awaited<ReturnType<typeof signedInUser>>;
let server: ServerType;
export let publicUrl: string;
export let rig: Rig;
let restore: (() => void) | undefined;

export interface Rig {
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

/** The test file's shop on a real port, its operator, and the checks after each test: once per file. */
export function usePaymentsShop(): void {
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
}

/** Moves the shop's clock for the rest of the test (put back after it, as far as this move). */
export function moveClock(clock: () => Date): void {
  restore = setClock(clock);
}

export async function sandboxRig(): Promise<Rig> {
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
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A shopper (no money) of the current provider's shop, and a store's product at Rp 100.000. */
export async function shopper() {
  const who = await shopperWithMoney(database, ops, 0);
  const api = callerFor(database, { token: who.token, gateway: rig.gateway, publicUrl });
  return { ...who, api };
}
export async function product(stock = 10) {
  const store = await merchantWithStore(database, { autoPay: true });
  const supply = await supplyProduct(database, { stock, merchantPrice: 60_000 });
  return { store, listingId: await listing(database, store.storeId, supply, 100_000) };
}

export async function place(
  who: Awaited<ReturnType<typeof shopper>>,
  listingId: string,
  method: PaymentChannel,
) {
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
export async function checkoutOfThree(who: Awaited<ReturnType<typeof shopper>>, method: PaymentChannel) {
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

export const statusOf = async (who: Awaited<ReturnType<typeof shopper>>, orderId: string) =>
  (await who.api.orders.get({ id: orderId })).status;

/** Rows of a raw query, on either database. */
export async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const rigs = { sandbox: sandboxRig, midtrans: midtransRig, xendit: xenditRig };

/** The tests of the enclosing describe pay through this provider. */
export function useRig(name: keyof typeof rigs): void {
  beforeAll(async () => {
    rig = await rigs[name]();
    gatewayOfApp = rig.gateway;
  });
  afterAll(() => rig.close());
}

export const jakartaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());
