import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { defaultWebhookSecretHeader } from "./biteship.adapter.ts";
import { controlled, listen, queueRoutes, running, type RunningSimulator } from "../simulator/sim-http.ts";
import {
  createWebhookQueue,
  webhookControls,
  type Sent,
  type WebhookControls,
} from "../simulator/webhook-queue.ts";
import type { BiteshipOrder, OrderStatus } from "./biteship.schemas.ts";
import { biteshipApi } from "./biteship.sim-api.ts";
import { createBiteshipState, orderView, type BiteshipWebhook } from "./biteship.sim-state.ts";

export { zoneOfPostcode } from "./biteship.sim-rates.ts";

/**
 * A local Biteship (API v1) for tests and people: rates from a believable table by postal region and chargeable
 * weight, orders with waybills, trackings that move when told (`control.advance`, or `POST
 * /sim/orders/:id/advance?status=…`), and the webhooks Biteship sends to the URL of its dashboard with the custom
 * secret header the shop set there, retried while the shop does not answer 2xx. Orders are cancelled (`POST
 * /v1/orders/:id/cancel`, or the deprecated `DELETE /v1/orders/:id`) while nobody has the parcel. It checks the API key (401),
 * answers validation errors as Biteship does (`{ success: false, error, code }`, the order codes of its "Error
 * Codes" table where one exists) and refuses a reference id used before, naming the order that has it. Its
 * `control` makes Biteship's bad days happen on purpose: duplicate, late, reordered and forged webhooks, 5xx and
 * 429 answers, slow answers. State is in memory.
 *
 * Its parts: the API (`biteship.sim-api.ts`), its rate table (`biteship.sim-rates.ts`), the orders and how they
 * move (`biteship.sim-state.ts`), and the webhook queue all three simulators share
 * (`../simulator/webhook-queue.ts`); here, the control and its `/sim` routes.
 */

/** A webhook the simulator sent (or holds), with every answer the shop gave. */
export type SimWebhook = Sent<BiteshipWebhook>;

/** What tests and the `/sim` routes make happen at Biteship. */
export interface BiteshipSimulatorControl extends WebhookControls {
  /**
   * The courier moves the order to `status` (any of Biteship's order statuses, not out of a final one): a
   * history step, an `order.status` webhook, and first an `order.waybill_id` webhook when a waybill is issued at
   * pick-up (Pos).
   */
  advance(orderId: string, status: OrderStatus, opts?: { note?: string }): Promise<void>;
  /** The parcel was weighed heavier: a new price and an `order.price` webhook. */
  reprice(orderId: string, price: number): Promise<void>;
  /** Sends the order's last webhook again, `times` more times: duplicates. */
  resend(orderId: string, times?: number): Promise<void>;
  /** Posts an `order.status` webhook for the order with a wrong secret: `delivered`, as a fraudster would. */
  sendForged(orderId: string): Promise<void>;
  /** Posts a genuine webhook of an event the shop does not know, about the order. */
  sendEvent(orderId: string, event: string): Promise<void>;
  /** The next `times` API calls answer `status` (500, 502, 503 or 429) without doing anything. */
  failNext(status: 429 | 500 | 502 | 503, times?: number): void;
  /** The next `times` API calls answer only after `ms`. */
  slowNext(ms: number, times?: number): void;
  /**
   * Dates every webhook from now on with the order's `updated_at` (Biteship's documented bodies carry no time;
   * the shop must cope with both), or stops.
   */
  stampWebhooks(on: boolean): void;
  /** An order as `GET /v1/orders/:id` shows it. */
  order(orderId: string): BiteshipOrder | undefined;
  /** The order made with this reference id. */
  orderIdOf(referenceId: string): string | undefined;
  /** How many orders were booked: a repeated booking must not add one. */
  readonly orderCount: number;
  /** Every webhook sent or held, oldest first. */
  readonly webhooks: readonly SimWebhook[];
}

/** A running simulator: its base URL (the adapter's `apiUrl`), how to stop it, and its control. */
export type BiteshipSimulator = RunningSimulator<BiteshipSimulatorControl>;

export interface BiteshipSimulatorOptions {
  apiKey: string;
  /** The value of the custom webhook header set in the dashboard. */
  webhookSecret: string;
  /** Its name; the adapter's default unless told otherwise. */
  webhookHeader?: string;
  /** The shop's webhook URL, as set in Biteship's dashboard; without one no webhook is sent. */
  webhookUrl?: string | null;
  /** 127.0.0.1's port to listen on; a free one when left out. */
  port?: number;
  /** Pauses between redeliveries of a webhook the shop did not take. */
  retryDelaysMs?: number[];
}

/** Starts the simulator on 127.0.0.1. */
export async function startBiteshipSimulator(opts: BiteshipSimulatorOptions): Promise<BiteshipSimulator> {
  const webhookHeader = (opts.webhookHeader ?? defaultWebhookSecretHeader).toLowerCase();
  const webhookUrl = opts.webhookUrl;
  const queue = createWebhookQueue<BiteshipWebhook>({
    target: (w) =>
      webhookUrl
        ? {
            url: webhookUrl,
            headers: {
              "content-type": "application/json",
              [webhookHeader]: w.forged ? `forged-${randomUUID()}` : opts.webhookSecret,
            },
          }
        : null,
    retryDelaysMs: opts.retryDelaysMs ?? [200, 1000, 3000],
    timeoutMs: 5000,
  });
  const state = createBiteshipState({ queue });
  const mood = { failures: [] as (429 | 500 | 502 | 503)[], slowness: [] as number[] };

  const control: BiteshipSimulatorControl = {
    ...webhookControls(queue),
    advance: (orderId, status, options) => state.advance(orderId, status, options?.note),
    reprice: (orderId, price) => state.reprice(orderId, price),
    async resend(orderId, times = 1) {
      const last = queue.last((w) => w.orderId === orderId);
      if (!last) throw new Error(`the Biteship simulator sent nothing about order ${orderId}`);
      for (let i = 0; i < times; i++) await queue.send(last);
    },
    stampWebhooks: (on) => state.stampWebhooks(on),
    async sendForged(orderId) {
      await state.emit("order.status", state.orderOf(orderId), { status: "delivered" }, true);
    },
    async sendEvent(orderId, event) {
      const order = state.orderOf(orderId);
      await state.emit(event, order, { status: order.status });
    },
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) mood.failures.push(status);
    },
    slowNext(ms, times = 1) {
      for (let i = 0; i < times; i++) mood.slowness.push(ms);
    },
    order(orderId) {
      const order = state.orders.get(orderId);
      return order ? orderView(order, "Order successfully retrieved") : undefined;
    },
    orderIdOf: (referenceId) => state.withReference(referenceId)?.id,
    get orderCount() {
      return state.orders.size;
    },
    get webhooks() {
      return queue.sent;
    },
  };

  const app = new Hono();
  biteshipApi({ app, apiKey: opts.apiKey, state, queue, mood });

  // For tests and people: every control as a POST, answering `{ ok: true }` or 409 with what went wrong; the
  // orders (GET /sim/orders) and the webhook log (GET /sim/webhooks).
  app.post("/sim/orders/:id/advance", (c) => {
    const status = c.req.query("status") as OrderStatus;
    return controlled(c, () => control.advance(c.req.param("id"), status, { note: c.req.query("note") }));
  });
  app.post("/sim/orders/:id/resend", (c) =>
    controlled(c, () => control.resend(c.req.param("id"), Number(c.req.query("times") ?? 1) || 1)),
  );
  queueRoutes(app, queue);
  app.get("/sim/orders", (c) =>
    c.json([...state.orders.values()].map((o) => orderView(o, "Order successfully retrieved"))),
  );
  app.get("/sim/webhooks", (c) => c.json(queue.sent));

  return running(await listen(app, opts.port), queue, control);
}
