import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { PaymentChannel } from "#common/payment-channels.ts";
import { now, setClock } from "../../platform/clock.ts";
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentGateway,
  type ProviderEvent,
} from "../../platform/payments.ts";
import { createMidtransGateway } from "./midtrans.adapter.ts";
import { startMidtransSimulator, type MidtransSimulator } from "./midtrans.simulator.ts";

/**
 * What the Midtrans tests (midtrans*.test.ts) share: the simulator, the adapter talking to it, the shop's
 * notification endpoint it notifies, the clock, and the makings of attempts and notifications.
 */

export const serverKey = "SB-Mid-server-pasar-test-0123456789";
export const fixtures = path.join(import.meta.dirname, "fixtures");

export let sim: MidtransSimulator;
export let gateway: PaymentGateway;
let receiver: Server;
let receiverUrl: string;
/** What the shop's notification endpoint received, and the statuses it answers next (200 when empty). */
export const received: { path: string; body: string }[] = [];
export const answers: number[] = [];
let restoreClock: (() => void) | null = null;

/** The test file's simulator, adapter and notification endpoint, and the clean-up after each test. */
export function useMidtransSimulator(): void {
  beforeAll(async () => {
    const shop = new Hono();
    shop.post("*", async (c) => {
      received.push({ path: c.req.path, body: await c.req.text() });
      return c.text("OK", (answers.shift() ?? 200) as ContentfulStatusCode);
    });
    receiver = serve({ fetch: shop.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await new Promise<void>((resolve) =>
      receiver.listening ? resolve() : receiver.once("listening", resolve),
    );
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // Notifications of the shop's charges go to /notify (X-Override-Notification); /default is the dashboard's.
    sim = await startMidtransSimulator({ serverKey, notifyUrl: `${receiverUrl}/default`, retryDelayMs: 5 });
    gateway = createMidtransGateway({ baseUrl: sim.url, serverKey, timeoutMs: 5000 });
  });

  afterAll(async () => {
    await sim.close();
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
  });
  afterEach(() => {
    restoreClock?.();
    restoreClock = null;
    answers.length = 0;
  });
}

/** Moves the clock of the adapter and the simulator forward. */
export function advance(ms: number): void {
  const at = now().getTime() + ms;
  restoreClock?.();
  restoreClock = setClock(() => new Date(at));
}

let sequence = 0;
export function attempt(
  channel: PaymentChannel,
  overrides: Partial<CreatePaymentInput> = {},
): CreatePaymentInput {
  sequence += 1;
  return {
    attemptId: `att_${now().getTime().toString(36)}${sequence}`,
    amount: 150_000,
    channel,
    customer: { name: "Siti Aminah", email: "siti@example.com", phone: "+6281234567890" },
    description: "Pesanan P26010112345678",
    expiresAt: new Date(now().getTime() + 60 * 60_000),
    returnUrl: "https://pasar.test/checkout/return",
    notifyUrl: `${receiverUrl}/notify`,
    lang: "ind",
    ...overrides,
  };
}

export function sign(orderId: string, statusCode: string, grossAmount: string, key = serverKey): string {
  return createHash("sha512")
    .update(orderId + statusCode + grossAmount + key)
    .digest("hex");
}

/** The notifications the shop received for an attempt, as sent. */
export async function bodiesFor(attemptId: string): Promise<string[]> {
  await sim.control.idle();
  return received
    .filter((r) => (JSON.parse(r.body) as { order_id?: string }).order_id === attemptId)
    .map((r) => r.body);
}

/** The events the adapter reads from the notifications of an attempt (all of them genuine). */
export async function eventsFor(attemptId: string): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for (const body of await bodiesFor(attemptId)) {
    const event = await gateway.readNotification(body, new Headers());
    if (event === "forged" || event === "unreadable") throw new Error(`${event}: ${body}`);
    events.push(event);
  }
  return events;
}

export async function refusalOf(work: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(fixtures, name), "utf8")) as Record<string, unknown>;
}
