import { Hono } from "hono";
import { now } from "../../platform/clock.ts";
import {
  escapeHtml,
  listen,
  postButton,
  queueRoutes,
  running,
  simPage,
  type RunningSimulator,
} from "../simulator/sim-http.ts";
import {
  createWebhookQueue,
  webhookControls,
  type Sent,
  type WebhookControls,
  type WebhookQueue,
} from "../simulator/webhook-queue.ts";
import type { TransactionStatus } from "./midtrans.schemas.ts";
import { midtransApi } from "./midtrans.sim-api.ts";
import {
  SimulatorError,
  amountString,
  createMidtransState,
  jakartaTime,
  type MidtransNotification,
  type MidtransState,
} from "./midtrans.sim-state.ts";

export { SimulatorError } from "./midtrans.sim-state.ts";

/**
 * A local Midtrans (issue 26, architecture.md "The outside world"): the subset of Core API v2 the adapter
 * speaks, answering as the documentation's examples do, with Midtrans' rules (an order id is charged once,
 * only a pending payment settles, expires or is cancelled, a refund key refunds once) and its bad days on
 * demand: duplicate, late, held and reordered notifications, reversals, forged signatures, outages. State
 * lives in memory only. Tests drive it through `control`; a person (or Playwright) through `/sim`.
 *
 * Its parts: the API (`midtrans.sim-api.ts`), the transactions and how they change (`midtrans.sim-state.ts`),
 * and the webhook queue all three simulators share (`../simulator/webhook-queue.ts`); here, the control and
 * its `/sim` routes.
 */

export interface MidtransSimulatorOptions {
  serverKey: string;
  /** Where notifications go unless a charge names its own (`X-Override-Notification`). */
  notifyUrl: string;
  port?: number;
  /** Pause before the n-th retry of a notification the shop did not take is n times this (default 100 ms). */
  retryDelayMs?: number;
  /** Delivery attempts of one notification, the first included (default 4). */
  deliveryAttempts?: number;
}

/** One notification as sent, and what the shop answered to each delivery attempt. */
export type NotificationRecord = Sent<MidtransNotification>;

/** How tests and people move the simulator. Every state change notifies the shop, like Midtrans. */
export interface MidtransSimulatorControl extends WebhookControls {
  /** The shopper pays a pending payment (settlement); resolves once the notification went out. */
  pay(orderId: string): Promise<void>;
  /** A pending payment runs out of time. */
  expire(orderId: string): Promise<void>;
  /** The provider rejects a pending payment, or reverses a settled one (settlement to deny). */
  deny(orderId: string): Promise<void>;
  /** A settled payment is charged back. */
  chargeback(orderId: string): Promise<void>;
  /** Sends the last notification of a payment again, `times` more times, unchanged. */
  resend(orderId: string, times?: number): Promise<void>;
  /** Sends the current state of a payment signed with the wrong key. */
  sendForged(orderId: string): Promise<void>;
  /**
   * Sends the last notification of a payment again with another `transaction_status`, as someone who
   * captured it could: the signature covers the order, status code and amount, not the state, so it holds.
   * Midtrans' own state does not change.
   */
  replayAltered(orderId: string, transactionStatus: TransactionStatus): Promise<void>;
  /**
   * Sends the last notification of a payment again as a refund of it (`refund`, its `refunds` listing one
   * by this key and amount), as someone who captured it could: neither the state nor the list is signed.
   * Midtrans made no such refund.
   */
  replayRefund(orderId: string, refundKey: string, amount: number): Promise<void>;
  /** The next `times` API calls answer this HTTP status (a Midtrans outage), before any other check. */
  failNext(httpStatus: number, times?: number): void;
  /** What the status API would answer for a payment, or undefined. */
  transaction(orderId: string): Record<string, unknown> | undefined;
  readonly notifications: readonly NotificationRecord[];
}

export type MidtransSimulator = RunningSimulator<MidtransSimulatorControl>;

/** Starts the simulator on 127.0.0.1 (a free port unless one is given). */
export async function startMidtransSimulator(opts: MidtransSimulatorOptions): Promise<MidtransSimulator> {
  const retryDelayMs = opts.retryDelayMs ?? 100;
  const deliveryAttempts = opts.deliveryAttempts ?? 4;
  const queue = createWebhookQueue<MidtransNotification>({
    target: (n) => ({
      url: n.url,
      headers: { "content-type": "application/json", accept: "application/json", "user-agent": "Veritrans" },
    }),
    // Midtrans retries later (minutes to hours, fewer times for some statuses); this keeps the order and the
    // repetition, in a test's time.
    retryDelaysMs: Array.from({ length: deliveryAttempts - 1 }, (_, i) => retryDelayMs * (i + 1)),
    // Midtrans waits up to 15 seconds for the shop.
    timeoutMs: 15_000,
  });
  const app = new Hono();
  // Routes are added below, before anything can call: the address is known once listening.
  const server = await listen(app, opts.port);
  const state = createMidtransState({ serverKey: opts.serverKey, url: server.url, queue });
  const outage = { status: 503, left: 0 };

  const control: MidtransSimulatorControl = {
    ...webhookControls(queue),
    pay: async (orderId) => state.transition(orderId, ["pending"], "settlement"),
    expire: async (orderId) => state.transition(orderId, ["pending"], "expire"),
    deny: async (orderId) => state.transition(orderId, ["pending", "settlement"], "deny"),
    chargeback: async (orderId) => state.transition(orderId, ["settlement"], "chargeback"),
    async resend(orderId, times = 1) {
      const tx = state.find(orderId);
      if (!tx?.lastNotification) throw new SimulatorError(`${orderId} has no notification to send again`);
      for (let i = 0; i < times; i++) await state.send(tx, tx.lastNotification, false);
    },
    async sendForged(orderId) {
      const tx = state.find(orderId);
      if (!tx) throw new SimulatorError(`Midtrans has no transaction ${orderId}`);
      const body = state.describe(tx, "notification");
      body.signature_key = state.sign(
        tx.orderId,
        String(body.status_code),
        String(body.gross_amount),
        "not-the-key",
      );
      return state.send(tx, JSON.stringify(body), true);
    },
    async replayAltered(orderId, transactionStatus) {
      const tx = state.find(orderId);
      if (!tx?.lastNotification) throw new SimulatorError(`${orderId} has no notification to replay`);
      const body = JSON.parse(tx.lastNotification) as Record<string, unknown>;
      body.transaction_status = transactionStatus;
      // Not marked forged: it is signed as Midtrans signed it.
      return state.send(tx, JSON.stringify(body), false);
    },
    async replayRefund(orderId, refundKey, amount) {
      const tx = state.find(orderId);
      if (!tx?.lastNotification) throw new SimulatorError(`${orderId} has no notification to replay`);
      const body = JSON.parse(tx.lastNotification) as Record<string, unknown>;
      body.transaction_status = "refund";
      body.refund_amount = amountString(amount);
      body.refunds = [
        {
          refund_chargeback_id: 9_999,
          refund_amount: amountString(amount),
          created_at: jakartaTime(now()),
          reason: "",
          refund_key: refundKey,
          refund_method: "online",
        },
      ];
      return state.send(tx, JSON.stringify(body), false);
    },
    failNext(httpStatus, times = 1) {
      outage.status = httpStatus;
      outage.left = times;
    },
    transaction(orderId) {
      const tx = state.find(orderId);
      return tx && state.describe(tx, "status");
    },
    get notifications() {
      return queue.sent;
    },
  };

  midtransApi({ app, serverKey: opts.serverKey, notifyUrl: opts.notifyUrl, state, outage });
  simRoutes(app, state, queue, control);

  return running(server, queue, control);
}

/**
 * For people and Playwright: a list of payments (GET /sim), ShopeePay's payment page, the notification log
 * (GET /sim/notifications) and every control as a POST: /sim/{order id}/{pay|expire|deny|chargeback|resend|
 * forge}, /sim/hold, /sim/release?reverse=1, /sim/delay?ms=, /sim/fail?status=503&times=1.
 */
function simRoutes(
  app: Hono,
  state: MidtransState,
  queue: WebhookQueue<MidtransNotification>,
  control: MidtransSimulatorControl,
): void {
  const page = (title: string, content: string) => simPage(title, `<h1>${escapeHtml(title)}</h1>${content}`);

  app.get("/sim", (c) => {
    const rows = [...state.transactions.values()]
      .map((tx) => {
        state.touch(tx);
        const id = encodeURIComponent(tx.orderId);
        const actions =
          tx.status === "pending"
            ? postButton(`/sim/${id}/pay`, "Bayar") + " " + postButton(`/sim/${id}/expire`, "Kedaluwarsa")
            : tx.status === "settlement"
              ? postButton(`/sim/${id}/deny`, "Balikkan (deny)") +
                " " +
                postButton(`/sim/${id}/chargeback`, "Chargeback")
              : "";
        return `<tr><td>${escapeHtml(tx.orderId)}</td><td>${escapeHtml(tx.bank ?? tx.store ?? tx.paymentType)}</td><td>Rp${tx.grossAmount}</td><td>${escapeHtml(tx.status)}</td><td>${actions}</td></tr>`;
      })
      .join("");
    return c.html(
      page(
        "Midtrans simulator",
        `<table><tr><th>order_id</th><th>Metode</th><th>Jumlah</th><th>Status</th><th></th></tr>${rows}</table>`,
      ),
    );
  });

  app.get("/sim/notifications", (c) => c.json(queue.sent));

  app.get("/sim/pay/:orderId", (c) => {
    const tx = state.find(c.req.param("orderId"));
    if (!tx) return c.html(page("Pembayaran tidak ditemukan", ""), 404);
    state.touch(tx);
    const body =
      tx.status === "pending"
        ? `<p>Rp${tx.grossAmount} untuk ${escapeHtml(tx.orderId)}</p>${postButton(`/sim/pay/${encodeURIComponent(tx.orderId)}`, "Bayar")}`
        : `<p>Status: ${escapeHtml(tx.status)}</p>`;
    return c.html(
      page(
        tx.paymentType === "shopeepay"
          ? "ShopeePay (simulator)"
          : tx.paymentType === "gopay"
            ? "GoPay (simulator)"
            : "Midtrans (simulator)",
        body,
      ),
    );
  });

  app.post("/sim/pay/:orderId", async (c) => {
    const tx = state.find(c.req.param("orderId"));
    if (!tx) return c.html(page("Pembayaran tidak ditemukan", ""), 404);
    try {
      await control.pay(tx.orderId);
    } catch (error) {
      if (!(error instanceof SimulatorError)) throw error;
    }
    // Back to the shop, as ShopeePay returns to the charge's callback_url.
    return c.redirect(tx.callbackUrl ?? "/sim", 303);
  });

  queueRoutes(app, queue);

  app.post("/sim/fail", (c) => {
    control.failNext(Number(c.req.query("status") ?? 503) || 503, Number(c.req.query("times") ?? 1) || 1);
    return c.json({ ok: true });
  });

  app.post("/sim/:orderId/:action", async (c) => {
    const orderId = c.req.param("orderId");
    const action = c.req.param("action");
    const actions: Record<string, () => Promise<void>> = {
      pay: () => control.pay(orderId),
      expire: () => control.expire(orderId),
      deny: () => control.deny(orderId),
      chargeback: () => control.chargeback(orderId),
      resend: () => control.resend(orderId, Math.max(1, Number(c.req.query("times") ?? 1) || 1)),
      forge: () => control.sendForged(orderId),
    };
    const run = actions[action];
    if (!run) return c.json({ error: `unknown action ${action}` }, 404);
    try {
      await run();
    } catch (error) {
      if (!(error instanceof SimulatorError)) throw error;
      return c.json({ error: error.message }, 409);
    }
    // A form on /sim goes back to the list; a script gets JSON.
    const form = (c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
    return form ? c.redirect("/sim", 303) : c.json({ ok: true, transaction: control.transaction(orderId) });
  });
}
