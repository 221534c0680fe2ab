import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { ShippingZone } from "#common/shipping.ts";
import { jsonBody } from "../simulator/sim-http.ts";
import type { WebhookQueue } from "../simulator/webhook-queue.ts";
import {
  CancelOrderBodySchema,
  CreateOrderBodySchema,
  RatesRequestSchema,
  type CreateOrderBody,
  type RatesRequest,
} from "./biteship.schemas.ts";
import {
  areaOf,
  priceOf,
  pricingView,
  services,
  zoneOf,
  zoneOfPostcode,
  type Priced,
} from "./biteship.sim-rates.ts";
import {
  cancellable,
  orderView,
  trackingView,
  type BiteshipState,
  type BiteshipWebhook,
} from "./biteship.sim-state.ts";

/**
 * The Biteship simulator's API (v1): rates, orders and their cancelling, trackings and areas, as the adapter
 * calls them. It checks the API key (401), answers validation errors as Biteship does (`{ success: false, error,
 * code }`, the order codes of its "Error Codes" table where one exists), refuses a reference id used before,
 * naming the order that has it, and answers 5xx, 429 or slowly when told.
 */

const apiError = (
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  code?: number,
  details?: unknown,
) =>
  c.json(
    { success: false, error, ...(code !== undefined ? { code } : {}), ...(details ? { details } : {}) },
    status,
  );

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return `${issue.path.join(".") || "body"}: ${issue.message}`;
};

function ratesFor(request: RatesRequest): { from: ShippingZone; to: ShippingZone } | string {
  const from = zoneOf(request.origin_area_id, request.origin_postal_code);
  if (!from) return "origin area is not found";
  const to = zoneOf(request.destination_area_id, request.destination_postal_code);
  if (!to) return "destination area is not found";
  return { from, to };
}

/** The "Error Codes" table's checks on contacts, in its order, before anything else is looked at. */
const requiredContacts: [keyof CreateOrderBody, number, string][] = [
  ["origin_contact_name", 40002014, "Please make sure origin contact name is filled"],
  ["origin_contact_phone", 40002015, "Please make sure origin contact phone is filled"],
  ["origin_address", 40002016, "Please make sure origin address is filled"],
  ["destination_contact_name", 40002017, "Please make sure destination contact name is filled"],
  ["destination_contact_phone", 40002018, "Please make sure destination contact phone is filled"],
  ["destination_address", 40002019, "Please make sure destination address is filled"],
];

/** Adds the `/v1/…` routes to the simulator's app. */
export function biteshipApi(opts: {
  app: Hono;
  apiKey: string;
  state: BiteshipState;
  /** The simulator's pauses, which closing it cuts short. */
  queue: WebhookQueue<BiteshipWebhook>;
  /** What the next API calls answer instead (`control.failNext`), and after how long (`control.slowNext`). */
  mood: { failures: (429 | 500 | 502 | 503)[]; slowness: number[] };
}): void {
  const { app, state, mood } = opts;
  const keyDigest = createHash("sha256").update(opts.apiKey).digest();
  const authorized = (header: string | undefined) => {
    if (!header) return false;
    const key = header.replace(/^Bearer\s+/i, "");
    return timingSafeEqual(createHash("sha256").update(key).digest(), keyDigest);
  };

  app.use("/v1/*", async (c, next) => {
    const slow = mood.slowness.shift();
    if (slow) await opts.queue.sleep(slow);
    const failure = mood.failures.shift();
    if (failure === 429) return apiError(c, 429, "Too many requests, please try again later");
    if (failure) return apiError(c, failure, "Something's wrong with Biteship's internal server");
    const header = c.req.header("authorization");
    if (!header) return apiError(c, 401, "No key was provided", 40000001);
    if (!authorized(header)) return apiError(c, 401, "Authorization is not valid", 40000002);
    await next();
  });

  app.post("/v1/rates/couriers", async (c) => {
    const parsed = await jsonBody(c);
    if (!parsed.ok) return apiError(c, 400, "Request body is not valid JSON", 40001001);
    const request = RatesRequestSchema.safeParse(parsed.value);
    if (!request.success) return apiError(c, 400, firstIssue(request.error), 40001001);
    const route = ratesFor(request.data);
    if (typeof route === "string") return apiError(c, 400, route, 40001002);
    const wanted = new Set(request.data.couriers.split(","));
    const pricing = services
      .filter((s) => wanted.has(s.courier))
      .map((s) => priceOf(s, route.from, route.to, request.data.items))
      .filter((p): p is Priced => p !== null)
      .map(pricingView);
    if (pricing.length === 0) {
      return apiError(c, 400, "No courier available for requested route", 40001010);
    }
    const location = (postcode: number | undefined, areaId: string | undefined) => ({
      location_id: null,
      latitude: null,
      longitude: null,
      postal_code: postcode ?? (areaId ? Number(/IDZ(\d{5})$/.exec(areaId)?.[1]) : null),
      country_name: "Indonesia",
      country_code: "ID",
    });
    return c.json({
      success: true,
      object: "courier_pricing",
      message: "Success to retrieve courier pricing",
      code: 20001003,
      origin: location(request.data.origin_postal_code, request.data.origin_area_id),
      destination: location(request.data.destination_postal_code, request.data.destination_area_id),
      pricing,
    });
  });

  app.post("/v1/orders", async (c) => {
    const parsed = await jsonBody(c);
    if (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null) {
      return apiError(c, 400, "Request body is not valid JSON", 40002000);
    }
    const raw = parsed.value as Record<string, unknown>;
    for (const [field, code, message] of requiredContacts) {
      if (typeof raw[field] !== "string" || !(raw[field] as string).trim())
        return apiError(c, 400, message, code);
    }
    if (raw["delivery_type"] === undefined) {
      return apiError(
        c,
        400,
        "Delivery type has no value. Please specify whether it's a 'Now', or 'Scheduled' delivery type",
        40002005,
      );
    }
    const request = CreateOrderBodySchema.safeParse(raw);
    if (!request.success) return apiError(c, 400, firstIssue(request.error), 40002000);
    const body = request.data;
    const from = zoneOf(body.origin_area_id, body.origin_postal_code);
    if (!from) return apiError(c, 400, "Either origin needs to have postal code or coordinate", 40002011);
    const to = zoneOf(body.destination_area_id, body.destination_postal_code);
    if (!to) return apiError(c, 400, "Either destination needs to have postal code or coordinate", 40002010);
    if (body.reference_id) {
      const existing = state.withReference(body.reference_id);
      if (existing) {
        // Not in the documented error table: this simulator's answer (see fixtures/README.md).
        return apiError(c, 400, "Reference ID has already been used", 40002099, {
          order_id: existing.id,
          waybill_id: existing.waybill,
          reference_id: existing.referenceId,
        });
      }
    }
    const service = services.find((s) => s.courier === body.courier_company && s.code === body.courier_type);
    if (!service) {
      return apiError(
        c,
        400,
        `Courier ${body.courier_company} ${body.courier_type} is not available`,
        40002098,
      );
    }
    const priced = priceOf(service, from, to, body.items);
    if (!priced) return apiError(c, 400, "Courier is not available for the requested route", 40002097);
    if (body.destination_cash_on_delivery !== undefined && !service.cod) {
      return apiError(c, 400, "Courier is not available for cash on delivery service", 40002009);
    }
    return c.json(orderView(state.book(body, service, priced), "Order successfully created"));
  });

  app.get("/v1/orders/:id", (c) => {
    const order = state.orders.get(c.req.param("id"));
    if (!order) return apiError(c, 404, "Order not found", 40400001);
    return c.json(orderView(order, "Order successfully retrieved"));
  });

  /** "Delete an Order": `POST /v1/orders/:id/cancel`, and the deprecated `DELETE /v1/orders/:id`, alike. */
  async function cancelOrder(c: Context) {
    const order = state.orders.get(c.req.param("id") ?? "");
    if (!order) return apiError(c, 404, "Order not found", 40400001);
    const parsed = await jsonBody(c);
    if (!parsed.ok) return apiError(c, 400, "Request body is not valid JSON", 40002000);
    const request = CancelOrderBodySchema.safeParse(parsed.value);
    if (!request.success) return apiError(c, 400, firstIssue(request.error), 40002000);
    const answer = () =>
      c.json({
        success: true,
        message: "Order successfully deleted",
        object: "order",
        id: order.id,
        status: order.status,
        cancellation_reason_code: request.data.cancellation_reason_code,
        ...(request.data.cancellation_reason
          ? { cancellation_reason: request.data.cancellation_reason }
          : {}),
      });
    if (order.status === "cancelled") return answer();
    // Not in the documented error table: this simulator's refusal (see fixtures/README.md).
    if (!cancellable.has(order.status)) {
      return apiError(c, 400, `Order cannot be cancelled: it is ${order.status}`, 40002096);
    }
    // The webhook goes out after the answer, as Biteship's would; `idle()` waits for it.
    state.cancel(order, request.data.cancellation_reason);
    return answer();
  }
  app.post("/v1/orders/:id/cancel", cancelOrder);
  app.delete("/v1/orders/:id", cancelOrder);

  app.get("/v1/trackings/:id", (c) => {
    const order = state.withTracking(c.req.param("id"));
    if (!order) return apiError(c, 404, "Tracking not found", 40400002);
    return c.json(trackingView(order));
  });

  /** "Retrieve Area (single search)": an area per five-digit postal code typed; ids end in `IDZ` + postcode. */
  app.get("/v1/maps/areas", (c) => {
    const input = (c.req.query("input") ?? "").trim();
    if (!input) return apiError(c, 400, "input is required", 40003001);
    const postcode = /^\d{5}$/.test(input) ? Number(input) : null;
    const zone = postcode === null ? null : zoneOfPostcode(postcode);
    if (postcode === null || !zone) return c.json({ success: true, areas: [] });
    return c.json({ success: true, areas: [areaOf(postcode, zone)] });
  });
}
