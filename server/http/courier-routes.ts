import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "../db/client.ts";
import { applyCourierEvent } from "../flows/shipping/track.ts";
import type { CourierGateway } from "../platform/couriers.ts";
import type { Logger } from "../platform/logger.ts";
import { RateLimitedError, type RateLimits } from "../platform/rate-limit.ts";
import type { FrameEnv } from "./frame.ts";

/**
 * Where a courier aggregator tells the shop a parcel moved (`POST /couriers/notify/<provider>`, decision 22).
 * The adapter verifies the webhook before anything in it is read; a verified step is applied once however often
 * it comes. An empty body is the aggregator testing the address when it is saved: answered, nothing applied.
 * One about a parcel the shop does not know is recorded for the operator (/ops/shipping) and answered 404, so
 * the courier sends it again: a booking being recorded right then is known by the next try.
 */
export function courierRoutes(
  app: Hono<FrameEnv>,
  deps: {
    db: Db;
    courier: CourierGateway;
    log: Logger;
    limits: RateLimits;
    clientIp: (c: Context<FrameEnv>) => string;
  },
) {
  app.post(
    "/couriers/notify/:provider",
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ ok: false }, 413) }),
    async (c) => {
      if (c.req.param("provider") !== deps.courier.provider) return c.json({ ok: false }, 404);
      try {
        await deps.limits.consume("notify", {
          account: `courier:${deps.courier.provider}`,
          ip: deps.clientIp(c),
        });
      } catch (error) {
        if (error instanceof RateLimitedError) return c.json({ ok: false }, 429);
        throw error;
      }
      const body = await c.req.text();
      if (body.trim() === "" || body.trim() === "{}") return c.json({ ok: true });
      const event = await deps.courier.readWebhook(body, c.req.raw.headers);
      if (event === "forged") {
        deps.log.warn({ provider: deps.courier.provider }, "courier webhook refused: not verified");
        return c.json({ ok: false }, 401);
      }
      if (event === "unreadable") {
        deps.log.info(
          { provider: deps.courier.provider, body: body.slice(0, 2000) },
          "courier webhook not a step",
        );
        return c.json({ ok: true });
      }
      const outcome = await applyCourierEvent(deps, event);
      if (outcome === "unknown") {
        deps.log.warn(
          { provider: deps.courier.provider, event },
          "courier webhook for no shipment of this shop: recorded for the operator",
        );
        return c.json({ ok: false }, 404);
      }
      return c.json({ ok: true });
    },
  );
}
