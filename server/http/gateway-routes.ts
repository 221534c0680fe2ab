import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { formatRupiah } from "#common/money.ts";
import { isLocale, type Locale } from "#common/locales.ts";
import type { Db } from "../db/client.ts";
import { decideSandboxPayment, sandboxPayment } from "../modules/gateway/gateway.service.ts";
import { getWebConfig } from "../modules/settings/settings.service.ts";
import { applyNotification } from "../flows/payments/notification.ts";
import { now } from "../platform/clock.ts";
import { serverTranslator } from "../platform/i18n.ts";
import type { Logger } from "../platform/logger.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import { RateLimitedError, type RateLimits } from "../platform/rate-limit.ts";
import type { FrameEnv } from "./frame.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/**
 * Payment gateway endpoints: where gateways notify the shop (`POST /payments/notify/<provider>`), and the
 * sandbox gateway's hosted payment page (`/gateway/sandbox/<payment id>`: GET shows it, POST pays or cancels).
 */
export function gatewayRoutes(
  app: Hono<FrameEnv>,
  deps: {
    db: Db;
    gateway: PaymentGateway;
    log: Logger;
    limits: RateLimits;
    clientIp: (c: Context<FrameEnv>) => string;
    isCrossSite: (req: Request) => boolean;
  },
) {
  app.post(
    "/payments/notify/:provider",
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ ok: false }, 413) }),
    async (c) => {
      if (c.req.param("provider") !== deps.gateway.provider) return c.json({ ok: false }, 404);
      let outcome;
      try {
        // Limited once verified, genuine and forged apart (issue 40): see applyNotification.
        outcome = await applyNotification(deps, await c.req.text(), c.req.raw.headers, deps.clientIp(c));
      } catch (error) {
        if (error instanceof RateLimitedError) return c.json({ ok: false }, 429);
        throw error;
      }
      // A refused notification changes nothing; the provider is told so (and stops retrying). It was recorded
      // for the operator, whatever it was. A contradicted one is answered 409 so that a genuine reversal
      // whose status the provider's API did not show yet is sent again.
      return outcome === "applied" || outcome === "unchanged"
        ? c.json({ ok: true })
        : c.json({ ok: false }, outcome === "unmatched" ? 404 : outcome === "contradicted" ? 409 : 400);
    },
  );

  // The hosted page pays with play money: it exists only where the sandbox is the shop's gateway (a local
  // shop, or a public one started with ALLOW_SANDBOX_PAYMENTS=true, see server/platform/env.ts).
  if (deps.gateway.provider !== "sandbox") return;

  const langOf = (value: string | undefined, fallback: string): Locale =>
    isLocale(value) ? value : isLocale(fallback) ? fallback : "ind";

  app.get("/gateway/sandbox/:id", async (c) => {
    const payment = await sandboxPayment(deps.db, c.req.param("id"));
    const lang = langOf(c.req.query("lang"), payment?.lang ?? "ind");
    const t = serverTranslator(lang);
    c.header("cache-control", "no-store");
    if (!payment)
      return c.html(
        page(lang, t("gateway.sandbox.title"), `<p>${escapeHtml(t("gateway.sandbox.notFound"))}</p>`),
        404,
      );
    const { title } = await getWebConfig(deps.db);
    const expired = payment.status === "pending" && payment.expiresAt.getTime() <= now().getTime();
    const state =
      payment.status === "paid"
        ? t("gateway.sandbox.paid")
        : payment.status === "cancelled"
          ? t("gateway.sandbox.cancelled")
          : payment.status === "expired" || expired
            ? t("gateway.sandbox.expired")
            : null;
    const time = new Intl.DateTimeFormat(lang === "ind" ? "id-ID" : lang === "zh" ? "zh-CN" : "en-GB", {
      timeStyle: "short",
      timeZone: "Asia/Jakarta",
    }).format(payment.expiresAt);
    const body = `
      <p class="note">${escapeHtml(t("gateway.sandbox.note"))}</p>
      <h1>${escapeHtml(t("gateway.sandbox.merchant", { title }))}</h1>
      <dl>
        <dt>${escapeHtml(t("gateway.sandbox.amount"))}</dt><dd class="amount">${escapeHtml(formatRupiah(payment.amount))}</dd>
        <dt>${escapeHtml(t("gateway.sandbox.reference"))}</dt><dd>${escapeHtml(payment.reference)}</dd>
      </dl>
      ${
        state
          ? `<p role="status">${escapeHtml(state)}</p><a class="button" href="${escapeHtml(payment.returnUrl)}">${escapeHtml(t("gateway.sandbox.back"))}</a>`
          : `<p>${escapeHtml(t("gateway.sandbox.expires", { time: `${time} WIB` }))}</p>
      <form method="post">
        <input type="hidden" name="lang" value="${lang}">
        <button name="action" value="pay" class="button">${escapeHtml(t("gateway.sandbox.pay"))}</button>
        <button name="action" value="cancel" class="button secondary">${escapeHtml(t("gateway.sandbox.cancel"))}</button>
      </form>`
      }`;
    return c.html(page(lang, t("gateway.sandbox.title"), body));
  });

  app.post(
    "/gateway/sandbox/:id",
    bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.text("", 413) }),
    async (c) => {
      if (deps.isCrossSite(c.req.raw)) return c.text("", 403);
      const form = await c.req.parseBody();
      const action = form.action === "pay" ? "pay" : form.action === "cancel" ? "cancel" : undefined;
      if (!action) return c.redirect(`/gateway/sandbox/${encodeURIComponent(c.req.param("id"))}`, 303);
      const payment = await decideSandboxPayment(deps.db, c.req.param("id"), action);
      if (!payment) return c.text("", 404);
      if (payment.status === "expired")
        return c.redirect(`/gateway/sandbox/${encodeURIComponent(payment.id)}`, 303);
      return c.redirect(payment.returnUrl, 303);
    },
  );
}

/**
 * The sandbox page while the shop's database is away (app.onError answers it with 503): the payer is told to
 * try again, in the language the page address carries.
 */
export function sandboxUnavailablePage(langParam: string | undefined): string {
  const lang: Locale = isLocale(langParam) ? langParam : "ind";
  const t = serverTranslator(lang);
  return page(
    lang,
    t("gateway.sandbox.title"),
    `<p role="alert">${escapeHtml(t("errors.api.unavailable"))}</p>`,
  );
}

function page(lang: Locale, title: string, body: string): string {
  const htmlLang = lang === "ind" ? "id" : lang === "zh" ? "zh-CN" : "en";
  return `<!doctype html>
<html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
header{background:#1e3a8a;color:#fff;padding:1rem;font-weight:600}
.note{background:#fef3c7;color:#78350f;padding:.5rem .75rem;border-radius:.5rem;font-size:.875rem}
h1{font-size:1.125rem}
dl{background:#fff;border-radius:.75rem;padding:1rem;display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}
dt{color:#4b5563}dd{margin:0;text-align:right;word-break:break-all}
.amount{font-size:1.25rem;font-weight:700}
form{display:grid;gap:.75rem;margin-top:1rem}
.button{display:block;text-align:center;border:0;border-radius:.75rem;padding:.875rem;font-size:1rem;font-weight:600;background:#1d4ed8;color:#fff;text-decoration:none;cursor:pointer}
.secondary{background:#fff;color:#1f2937;border:1px solid #9ca3af}
</style></head>
<body><header>${escapeHtml(title)}</header><main>${body}</main></body></html>`;
}
