import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "../db/client.ts";
import { applyWhatsAppStatus, sendersOf } from "../flows/notifications/deliver.ts";
import type { Logger } from "../platform/logger.ts";
import { RateLimitedError, type RateLimits } from "../platform/rate-limit.ts";
import type { FrameEnv } from "./frame.ts";

/**
 * WhatsApp Business Cloud API's webhook (issue 44): Meta's verification handshake (`GET`) and the statuses of the
 * messages the shop sent (`POST`), verified by their `X-Hub-Signature-256` before anything in them is read. Where
 * the shop has no WhatsApp, neither exists (404).
 */
export function whatsappRoutes(
  app: Hono<FrameEnv>,
  deps: { db: Db; log: Logger; limits: RateLimits; clientIp: (c: Context<FrameEnv>) => string },
) {
  app.get("/notify/whatsapp", (c) => {
    const whatsapp = sendersOf(deps.db)?.whatsapp;
    if (!whatsapp) return c.notFound();
    const challenge = whatsapp.answerVerification(new URL(c.req.url).searchParams);
    return challenge === null ? c.text("forbidden", 403) : c.text(challenge);
  });
  app.post(
    "/notify/whatsapp",
    bodyLimit({ maxSize: 256 * 1024, onError: (c) => c.json({ ok: false }, 413) }),
    async (c) => {
      const whatsapp = sendersOf(deps.db)?.whatsapp;
      if (!whatsapp) return c.notFound();
      // Verified first (a cheap HMAC): only forgeries count against the sender's address, so they cannot use up
      // what Meta's real webhooks may send.
      const body = new Uint8Array(await c.req.arrayBuffer());
      const reading = whatsapp.readWebhook(body, c.req.header("x-hub-signature-256"));
      if (reading.kind === "forged") {
        deps.log.warn("whatsapp webhook refused: not verified");
        try {
          await deps.limits.consume("notifyForged", { account: "whatsapp", ip: deps.clientIp(c) });
        } catch (error) {
          if (error instanceof RateLimitedError) return c.json({ ok: false }, 429);
          throw error;
        }
        return c.json({ ok: false }, 401);
      }
      if (reading.kind === "events") {
        for (const status of reading.statuses) await applyWhatsAppStatus(deps.db, status);
      }
      return c.json({ ok: true });
    },
  );
}
