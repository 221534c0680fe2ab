import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { formatRupiah } from "#common/money.ts";
import {
  controlled,
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
import { xenditCallbackTokenHeader, type PaymentRequest, type PaymentStatus } from "./xendit.schemas.ts";
import { xenditApi } from "./xendit.sim-api.ts";
import {
  createXenditState,
  pendingStatuses,
  view,
  type XenditState,
  type XenditWebhook,
} from "./xendit.sim-state.ts";

/**
 * A local Xendit (Payments API v3) for tests, Playwright and people: the endpoints the adapter calls, answering
 * as the documentation describes (Basic auth, `api-version`, `idempotency-key` replays, the documented error
 * codes), and the webhooks Xendit sends with the `x-callback-token` header, retried while the shop does not
 * answer 2xx. Its `control` (and the POST routes under `/sim`) makes Xendit's bad days happen on purpose:
 * duplicate, late, reordered, forged and reversed webhooks. State is in memory.
 *
 * Its parts: the API (`xendit.sim-api.ts`), the channels, payment requests and refunds and how they change
 * (`xendit.sim-state.ts`), and the webhook queue all three simulators share (`../simulator/webhook-queue.ts`);
 * here, the control and its `/sim` routes.
 */

/** A webhook the simulator sent (or holds), with every answer the shop gave. */
export type SimNotification = Sent<XenditWebhook>;

/** What tests, Playwright and the `/sim` routes make happen at Xendit. */
export interface XenditSimulatorControl extends WebhookControls {
  /** The payer pays the reference's latest payment request (from a pending status only): `payment.capture`. */
  pay(referenceId: string): Promise<void>;
  /** Its expiry passes unpaid: `payment_request.expiry`. */
  expire(referenceId: string): Promise<void>;
  /** The channel declines it: `payment.failure` with a failure code. */
  fail(referenceId: string, failureCode?: string): Promise<void>;
  /** A succeeded payment turns back (not documented by v3; see fixtures/README.md): `payment.reversal`. */
  reverse(referenceId: string): Promise<void>;
  /** Sends the reference's last webhook again, `times` more times: duplicates. */
  resend(referenceId: string, times?: number): Promise<void>;
  /** Posts a `payment.capture` for the reference signed with a wrong token. */
  sendForged(referenceId: string): Promise<void>;
  /**
   * Posts the reference's last webhook again as another event and status, with the real callback token, as
   * someone who captured one (token and all) could: the token is static and signs nothing of the body.
   * Xendit's own state does not change.
   */
  replayAltered(referenceId: string, event: string, status: PaymentStatus): Promise<void>;
  /** How the next refunds end (they are answered PENDING first, as Xendit does). */
  refundOutcome(outcome: "SUCCEEDED" | "FAILED"): void;
  /** The reference's latest payment request, as `GET /v3/payment_requests/{id}` answers it. */
  paymentRequest(referenceId: string): PaymentRequest | undefined;
  /** Every webhook sent or held, oldest first. */
  readonly notifications: readonly SimNotification[];
}

/** A running simulator: its base URL (the adapter's `baseUrl`), how to stop it, and its control. */
export type XenditSimulator = RunningSimulator<XenditSimulatorControl>;

/** Starts the simulator on 127.0.0.1 (a free port unless `port` is given). */
export async function startXenditSimulator(opts: {
  secretKey: string;
  callbackToken: string;
  /** The shop's webhook URL, as set in Xendit's dashboard. */
  notifyUrl: string;
  port?: number;
  /** Pauses between redeliveries of a webhook the shop did not take (Xendit: 15 min up to 24 h, 6 times). */
  retryDelaysMs?: number[];
  /** How long a refund stays PENDING before it ends. */
  refundDelayMs?: number;
}): Promise<XenditSimulator> {
  const queue = createWebhookQueue<XenditWebhook>({
    target: (n) => ({
      url: opts.notifyUrl,
      headers: {
        "content-type": "application/json",
        [xenditCallbackTokenHeader]: n.forged ? `forged-${randomUUID()}` : opts.callbackToken,
      },
    }),
    retryDelaysMs: opts.retryDelaysMs ?? [200, 1000, 3000],
    timeoutMs: 5000,
  });
  const app = new Hono();
  // Routes are added below, before anything can call: the address is known once listening.
  const server = await listen(app, opts.port);
  const state = createXenditState({ url: server.url, queue, refundDelayMs: opts.refundDelayMs ?? 20 });

  const control: XenditSimulatorControl = {
    ...webhookControls(queue),
    async pay(referenceId) {
      const pr = state.latest(referenceId);
      await state.touch(pr);
      await state.settle(pr, "SUCCEEDED");
    },
    async expire(referenceId) {
      await state.settle(state.latest(referenceId), "EXPIRED");
    },
    async fail(referenceId, failureCode) {
      const pr = state.latest(referenceId);
      await state.touch(pr);
      await state.settle(pr, "FAILED", failureCode);
    },
    async reverse(referenceId) {
      await state.settle(state.latest(referenceId), "REVERSED");
    },
    async resend(referenceId, times = 1) {
      const last = queue.last((n) => n.referenceId === referenceId);
      if (!last) throw new Error(`the Xendit simulator sent nothing for reference ${referenceId}`);
      for (let i = 0; i < times; i++) await queue.send(last);
    },
    sendForged: async (referenceId) => state.forgeCapture(state.latest(referenceId)),
    async replayAltered(referenceId, event, status) {
      const last = queue.last((n) => n.referenceId === referenceId);
      if (!last) throw new Error(`the Xendit simulator sent nothing for reference ${referenceId}`);
      const body = JSON.parse(last.body) as { event: string; data: { status: string } };
      body.event = event;
      body.data.status = status;
      // Sent at once, whatever Xendit holds back: it is not Xendit that sends it.
      await queue.send({ ...last, event, body: JSON.stringify(body) }, { now: true });
    },
    refundOutcome: (outcome) => state.refundOutcome(outcome),
    paymentRequest(referenceId) {
      const pr = state.latestOf(referenceId);
      return pr ? view(pr) : undefined;
    },
    get notifications() {
      return queue.sent;
    },
  };

  xenditApi({ app, secretKey: opts.secretKey, state, queue });
  simRoutes(app, opts.notifyUrl, state, queue, control);

  return running(server, queue, control);
}

/**
 * For people and Playwright: the payment requests with buttons (GET /sim), the payer's page of an e-wallet
 * (/sim/pay/{id}), the webhook log (GET /sim/notifications) and every control as a POST:
 * /sim/payments/{reference}/{pay|expire|fail|reverse|resend|forged}, /sim/hold, /sim/release?reverse=1,
 * /sim/delay?ms=, /sim/refund-outcome?outcome=FAILED.
 */
function simRoutes(
  app: Hono,
  notifyUrl: string,
  state: XenditState,
  queue: WebhookQueue<XenditWebhook>,
  control: XenditSimulatorControl,
): void {
  app.get("/sim", (c) => {
    const rows = [...state.requests.values()]
      .reverse()
      .map((pr) => {
        const ref = encodeURIComponent(pr.referenceId);
        const pending = pendingStatuses.has(pr.status);
        const button = (action: string, label: string) => postButton(`/sim/payments/${ref}/${action}`, label);
        return (
          `<tr><td><a href="/sim/pay/${pr.id}">${escapeHtml(pr.referenceId)}</a></td><td>${pr.channel}</td>` +
          `<td>${escapeHtml(formatRupiah(pr.amount))}</td><td>${pr.status}</td><td>` +
          (pending
            ? button("pay", "Bayar") + button("fail", "Gagal") + button("expire", "Kedaluwarsa")
            : "") +
          (pr.status === "SUCCEEDED" ? button("reverse", "Reverse") : "") +
          `</td></tr>`
        );
      })
      .join("");
    return c.html(
      simPage(
        "Xendit simulator",
        `<h1>Xendit simulator</h1><p>Webhooks go to ${escapeHtml(notifyUrl)}.</p>` +
          `<table><tr><th>Reference</th><th>Channel</th><th>Amount</th><th>Status</th><th></th></tr>${rows}</table>`,
      ),
    );
  });

  app.get("/sim/pay/:id", async (c) => {
    const pr = state.requests.get(c.req.param("id"));
    if (!pr) return c.html(simPage("Xendit", "<p>Pembayaran tidak ditemukan.</p>"), 404);
    await state.touch(pr).catch(() => undefined);
    const form = pendingStatuses.has(pr.status)
      ? `<form method="post"><button name="action" value="pay">Bayar</button>` +
        `<button name="action" value="fail">Batal</button></form>`
      : `<p>Status: ${pr.status}</p>`;
    return c.html(
      simPage(
        `${pr.channel} · Xendit`,
        `<h1>${escapeHtml(pr.channel)}</h1><p>${escapeHtml(pr.description ?? pr.referenceId)}</p>` +
          `<p><strong>${escapeHtml(formatRupiah(pr.amount))}</strong></p>${form}`,
      ),
    );
  });

  app.post("/sim/pay/:id", async (c) => {
    const pr = state.requests.get(c.req.param("id"));
    if (!pr) return c.html(simPage("Xendit", "<p>Pembayaran tidak ditemukan.</p>"), 404);
    const form = await c.req.parseBody();
    const paying = form["action"] !== "fail";
    await state.touch(pr).catch(() => undefined);
    try {
      await state.settle(pr, paying ? "SUCCEEDED" : "FAILED", paying ? undefined : "USER_DECLINED_PAYMENT");
    } catch {
      // Already settled (a second press): the payer is sent back all the same.
    }
    const back =
      pr.status === "SUCCEEDED" ? pr.properties.success_return_url : pr.properties.failure_return_url;
    return c.redirect(back ?? `/sim/pay/${pr.id}`, 303);
  });

  // Control routes answer JSON, or send a person's form back to the list.
  const back = "/sim";
  app.post("/sim/payments/:ref/:action", async (c) => {
    const ref = c.req.param("ref");
    const action = c.req.param("action");
    switch (action) {
      case "pay":
        return controlled(c, () => control.pay(ref), back);
      case "expire":
        return controlled(c, () => control.expire(ref), back);
      case "fail":
        return controlled(c, () => control.fail(ref, c.req.query("failure_code")), back);
      case "reverse":
        return controlled(c, () => control.reverse(ref), back);
      case "resend":
        return controlled(c, () => control.resend(ref, Number(c.req.query("times") ?? 1) || 1), back);
      case "forged":
        return controlled(c, () => control.sendForged(ref), back);
      default:
        return c.json({ ok: false, error: `no action ${action}` }, 404);
    }
  });
  queueRoutes(app, queue, back);
  app.post("/sim/refund-outcome", (c) =>
    controlled(
      c,
      () => control.refundOutcome(c.req.query("outcome") === "FAILED" ? "FAILED" : "SUCCEEDED"),
      back,
    ),
  );
  app.get("/sim/notifications", (c) => c.json(queue.sent));
}
