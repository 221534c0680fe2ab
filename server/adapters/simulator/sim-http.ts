import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Context, Hono } from "hono";
import type { WebhookContent, WebhookQueue } from "./webhook-queue.ts";

/**
 * What the local provider simulators share on the HTTP side: listening on 127.0.0.1, reading a JSON body, the
 * `/sim` page's frame, and the control routes of the webhook queue (`/sim/hold`, `/sim/release?reverse=1`,
 * `/sim/delay?ms=`).
 */

/** A simulator's server: its base URL and how to stop it. */
export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** A running simulator: its base URL (the adapter's), its control, and how to stop it. */
export interface RunningSimulator<C> {
  url: string;
  close(): Promise<void>;
  control: C;
}

/** The simulator on `server` with its `control`; closing stops its webhooks first, then the server. */
export function running<C, T extends WebhookContent>(
  server: Listening,
  queue: WebhookQueue<T>,
  control: C,
): RunningSimulator<C> {
  return {
    url: server.url,
    control,
    async close() {
      await queue.close();
      await server.close();
    },
  };
}

/** Serves `app` on 127.0.0.1 (a free port unless one is given). */
export async function listen(app: Hono, port = 0): Promise<Listening> {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The body as JSON (`{}` when empty), with its text; not ok when it is not JSON. */
export async function jsonBody(
  c: Context,
): Promise<{ ok: true; value: unknown; text: string } | { ok: false }> {
  try {
    const text = await c.req.text();
    return { ok: true, value: text ? JSON.parse(text) : {}, text };
  } catch {
    return { ok: false };
  }
}

/** `count` random decimal digits: account numbers, payment codes, waybills. */
export function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join("");
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

/** A `/sim` page: the simulator's list of payments, or a payer's page. */
export function simPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(title)}</title><style>body{font:16px system-ui;margin:1.5rem;max-width:48rem}` +
    `table{border-collapse:collapse}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}` +
    `button{font:inherit;padding:.4rem .9rem;margin:.2rem}</style></head><body>${body}</body></html>`
  );
}

/** A button that posts to `action`. */
export function postButton(action: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}" style="display:inline"><button>${escapeHtml(label)}</button></form>`;
}

/**
 * A control route: runs `work` and answers `{ ok: true }`, or 409 with what went wrong. With `page`, a person's
 * form (a request that accepts HTML) is sent back to that page instead.
 */
export function controlled(c: Context, work: () => Promise<void> | void, page?: string) {
  return Promise.resolve()
    .then(work)
    .then(
      () =>
        page && (c.req.header("accept") ?? "").includes("text/html")
          ? c.redirect(page, 303)
          : c.json({ ok: true }),
      (error: unknown) =>
        c.json({ ok: false, error: error instanceof Error ? error.message : String(error) }, 409),
    );
}

/** `/sim/hold`, `/sim/release?reverse=1` and `/sim/delay?ms=`: the webhook queue's controls, as POST routes. */
export function queueRoutes<T extends WebhookContent>(
  app: Hono,
  queue: WebhookQueue<T>,
  page?: string,
): void {
  app.post("/sim/hold", (c) => controlled(c, () => queue.hold(), page));
  app.post("/sim/release", (c) =>
    controlled(c, () => queue.release({ reverse: c.req.query("reverse") === "1" }), page),
  );
  app.post("/sim/delay", (c) => controlled(c, () => queue.delay(Number(c.req.query("ms") ?? 0) || 0), page));
}
