import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import {
  chargeableKg,
  volumetricGrams,
  type ServiceKind,
  type ShippingCourier,
  type ShippingZone,
} from "#common/shipping.ts";
import { now } from "../../platform/clock.ts";
import { defaultWebhookSecretHeader } from "./biteship.adapter.ts";
import {
  CancelOrderBodySchema,
  CreateOrderBodySchema,
  RatesRequestSchema,
  type BiteshipItem,
  type BiteshipOrder,
  type BiteshipTracking,
  type CreateOrderBody,
  type HistoryEntry,
  type OrderStatus,
  type Pricing,
  type RatesRequest,
  type WebhookEvent,
} from "./biteship.schemas.ts";

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
 */

/** One service of the simulated couriers. */
interface SimService {
  courier: ShippingCourier;
  code: string;
  name: string;
  kind: ServiceKind | "same_day";
  cod: boolean;
  /** Pos gives its waybill at pick-up; the others when the order is created. */
  waybillAtPickup?: boolean;
}

/** What each courier sells here: the services the shop's tables name, with their usual COD support. */
const services: readonly SimService[] = [
  { courier: "jne", code: "reg", name: "Reguler", kind: "regular", cod: true },
  { courier: "jne", code: "yes", name: "Yakin Esok Sampai", kind: "express", cod: false },
  { courier: "jne", code: "oke", name: "Ongkos Kirim Ekonomis", kind: "economy", cod: true },
  { courier: "jne", code: "jtr", name: "JNE Trucking", kind: "cargo", cod: false },
  { courier: "jnt", code: "ez", name: "EZ", kind: "regular", cod: true },
  { courier: "sicepat", code: "reg", name: "Reguler", kind: "regular", cod: true },
  { courier: "sicepat", code: "best", name: "Besok Sampai Tujuan", kind: "express", cod: true },
  { courier: "sicepat", code: "gokil", name: "Cargo", kind: "cargo", cod: false },
  { courier: "anteraja", code: "reg", name: "Regular", kind: "regular", cod: true },
  { courier: "anteraja", code: "next_day", name: "Next Day", kind: "express", cod: false },
  { courier: "anteraja", code: "same_day", name: "Same Day", kind: "same_day", cod: false },
  { courier: "pos", code: "reg", name: "Pos Reguler", kind: "regular", cod: false, waybillAtPickup: true },
  {
    courier: "pos",
    code: "nextday",
    name: "Pos Nextday",
    kind: "express",
    cod: false,
    waybillAtPickup: true,
  },
];

const courierNames: Record<ShippingCourier, string> = {
  jne: "JNE",
  jnt: "J&T",
  sicepat: "SiCepat",
  anteraja: "AnterAja",
  pos: "Pos Indonesia",
};

/** Each courier's price level against the table (SiCepat undercuts, Pos charges a little more). */
const courierFactor: Record<ShippingCourier, number> = {
  jne: 1,
  jnt: 1.03,
  sicepat: 0.95,
  anteraja: 0.97,
  pos: 1.05,
};

/** The region of a postal code by its first two digits (Pos Indonesia's numbering). */
export function zoneOfPostcode(postcode: number): ShippingZone | null {
  const head = Math.floor(postcode / 1000);
  if (head >= 10 && head <= 14) return "jakarta";
  if ((head >= 15 && head <= 19) || (head >= 40 && head <= 69)) return "jawa";
  if (head >= 20 && head <= 39) return "sumatera";
  if (head >= 70 && head <= 79) return "kalimantan";
  if (head >= 80 && head <= 89) return "bali_nusra";
  if (head >= 90 && head <= 96) return "sulawesi";
  if (head === 97) return "maluku";
  if (head >= 98 && head <= 99) return "papua";
  return null;
}

/** How far apart two regions are for pricing: 0 within one, up to 3 (Jakarta to Papua). */
const zoneRing: Record<ShippingZone, number> = {
  jakarta: 0,
  jawa: 1,
  sumatera: 2,
  bali_nusra: 2,
  kalimantan: 2,
  sulawesi: 3,
  maluku: 4,
  papua: 5,
};
function distanceClass(a: ShippingZone, b: ShippingZone): 0 | 1 | 2 | 3 {
  if (a === b) return 0;
  return Math.min(3, Math.max(1, Math.abs(zoneRing[a] - zoneRing[b]))) as 1 | 2 | 3;
}

/** Rupiah per chargeable kilogram of a regular service, by distance class. */
const regularPerKg = [9_000, 15_000, 28_000, 45_000] as const;
/** Regular transit days by distance class. */
const regularDays = [
  [1, 2],
  [2, 3],
  [3, 5],
  [5, 8],
] as const;

interface Priced {
  service: SimService;
  price: number;
  kg: number;
  range: string;
  unit: "days" | "hours";
}

/** What a service costs for a parcel between two regions, or null where it does not go. */
function priceOf(
  service: SimService,
  from: ShippingZone,
  to: ShippingZone,
  items: readonly BiteshipItem[],
): Priced | null {
  const cls = distanceClass(from, to);
  const grams = items.reduce((sum, i) => sum + i.weight * i.quantity, 0);
  const cubicCm = items.reduce(
    (sum, i) => sum + (i.length ?? 0) * (i.width ?? 0) * (i.height ?? 0) * i.quantity,
    0,
  );
  const minKg = service.kind === "cargo" ? 10 : 1;
  const kg = chargeableKg(grams, volumetricGrams(cubicCm), minKg);
  const [low, high] = regularDays[cls];
  let perKg: number = regularPerKg[cls];
  let range: string;
  let unit: "days" | "hours" = "days";
  switch (service.kind) {
    case "same_day":
      // Same day by motorbike: within one region of Java only, and not above 5 kg.
      if (cls !== 0 || !["jakarta", "jawa"].includes(from) || kg > 5) return null;
      perKg = 22_000;
      range = "6 - 8";
      unit = "hours";
      break;
    case "express":
      if (cls === 3) return null;
      perKg = Math.round(perKg * 1.6);
      range = `${Math.max(1, low - 1)} - ${Math.max(1, high - 1)}`;
      break;
    case "economy":
      perKg = Math.round(perKg * 0.8);
      range = `${low + 1} - ${high + 2}`;
      break;
    case "cargo":
      perKg = Math.round(perKg * 0.45);
      range = `${low + 2} - ${high + 3}`;
      break;
    default:
      range = `${low} - ${high}`;
  }
  const price = Math.ceil((perKg * kg * courierFactor[service.courier]) / 500) * 500;
  return { service, price, kg, range, unit };
}

function pricingView(p: Priced): Pricing {
  const { service } = p;
  return {
    available_collection_method: ["pickup"],
    available_for_cash_on_delivery: service.cod,
    available_for_proof_of_delivery: false,
    available_for_instant_waybill_id: !service.waybillAtPickup,
    available_for_insurance: true,
    company: service.courier,
    courier_name: courierNames[service.courier],
    courier_code: service.courier,
    courier_service_name: service.name,
    courier_service_code: service.code,
    currency: "IDR",
    description: `${courierNames[service.courier]} ${service.name}`,
    duration: `${p.range} ${p.unit === "days" ? "days" : "hours"}`,
    shipment_duration_range: p.range,
    shipment_duration_unit: p.unit,
    service_type:
      service.kind === "same_day" ? "same_day" : service.kind === "express" ? "overnight" : "standard",
    shipping_type: service.kind === "cargo" ? "freight" : "parcel",
    price: p.price,
    shipping_fee: p.price,
    tax_lines: [],
    type: service.code,
  };
}

/** Biteship's final states: a simulated order there moves no further. */
const finalStatuses: ReadonlySet<OrderStatus> = new Set([
  "delivered",
  "returned",
  "cancelled",
  "rejected",
  "disposed",
  "courier_not_found",
]);

/** How the "Tracking Status" page spells the multi-word states; tracking histories here use it. */
const trackingSpelling: Partial<Record<OrderStatus, string>> = {
  picking_up: "pickingUp",
  dropping_off: "droppingOff",
  return_in_transit: "returnInTransit",
  on_hold: "onHold",
  courier_not_found: "courierNotFound",
};

/** What a courier's tracking says at each state, as Indonesian couriers word it. */
const defaultNotes: Record<OrderStatus, string> = {
  confirmed: "Courier order is confirmed. Courier has been notified to pick up",
  scheduled: "Pickup is scheduled",
  allocated: "Courier is allocated and ready to pick up",
  picking_up: "Courier is on the way to pick up item",
  picked: "Paket telah diambil oleh kurir",
  dropping_off: "Paket sedang diantar ke alamat penerima",
  delivered: "Paket diterima oleh: YANG BERSANGKUTAN",
  on_hold: "Paket tertahan: alamat tidak lengkap",
  return_in_transit: "Paket dalam perjalanan kembali ke pengirim",
  returned: "Paket telah dikembalikan ke pengirim",
  rejected: "Order has been rejected by the courier",
  disposed: "Paket dimusnahkan",
  courier_not_found: "No courier available at the moment",
  cancelled: "Order is cancelled",
};

interface SimOrder {
  id: string;
  trackingId: string;
  referenceId: string | null;
  service: SimService;
  waybill: string | null;
  status: OrderStatus;
  price: number;
  cod: { id: string; amount: number; fee: number; type: string } | null;
  body: CreateOrderBody;
  history: HistoryEntry[];
  created: string;
}

/** A webhook the simulator sent (or holds), with every answer the shop gave. */
export interface SimWebhook {
  seq: number;
  event: string;
  orderId: string;
  body: string;
  /** Sent with a wrong secret header, as an attacker would. */
  forged: boolean;
  answers: { at: string; status?: number; error?: string }[];
  delivered: boolean;
}

/** What tests and the `/sim` routes make happen at Biteship. */
export interface BiteshipSimulatorControl {
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
  /** Keeps webhooks instead of sending them, until `release`. */
  hold(): void;
  /** Sends the held webhooks one by one, in order or newest first (reordered). */
  release(opts?: { reverse?: boolean }): Promise<void>;
  /** Waits this long before each delivery: late webhooks. 0 turns it off. */
  delay(ms: number): void;
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
  /** Resolves when no delivery or retry is under way. */
  idle(): Promise<void>;
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
export interface BiteshipSimulator {
  url: string;
  close(): Promise<void>;
  control: BiteshipSimulatorControl;
}

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
  const retryDelaysMs = opts.retryDelaysMs ?? [200, 1000, 3000];
  const webhookHeader = (opts.webhookHeader ?? defaultWebhookSecretHeader).toLowerCase();
  const closing = new AbortController();
  const orders = new Map<string, SimOrder>();
  const byReference = new Map<string, string>();
  const byTracking = new Map<string, string>();
  const webhooks: SimWebhook[] = [];
  let held: SimWebhook[] | null = null;
  let delayMs = 0;
  let stamped = false;
  const failures: (429 | 500 | 502 | 503)[] = [];
  const slowness: number[] = [];
  const inflight = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    work.then(
      () => inflight.delete(work),
      () => inflight.delete(work),
    );
    return work;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || closing.signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      closing.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
  const iso = (at: Date = now()) => at.toISOString().replace(/\.\d{3}Z$/, "Z");
  const hex24 = () => randomBytes(12).toString("hex");
  const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join("");

  /** Waybill numbers shaped like each courier's. */
  const waybillOf = (courier: ShippingCourier): string => {
    switch (courier) {
      case "jne":
        return `CGK${digits(13)}`;
      case "jnt":
        return `JP${digits(10)}`;
      case "sicepat":
        return `0036${digits(8)}`;
      case "anteraja":
        return `1000${digits(10)}`;
      case "pos":
        return `P${digits(12)}`;
    }
  };

  // ---- webhooks -------------------------------------------------------------------------------------------

  async function deliver(w: SimWebhook): Promise<void> {
    if (!opts.webhookUrl) return;
    await sleep(delayMs);
    // Biteship retries what the shop did not take; a forged webhook is the attacker's single try.
    const tries = w.forged ? 1 : 1 + retryDelaysMs.length;
    for (let attempt = 0; attempt < tries && !closing.signal.aborted; attempt++) {
      if (attempt > 0) await sleep(retryDelaysMs[attempt - 1]!);
      if (closing.signal.aborted) return;
      try {
        const response = await fetch(opts.webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [webhookHeader]: w.forged ? `forged-${randomUUID()}` : opts.webhookSecret,
          },
          body: w.body,
          signal: AbortSignal.timeout(5000),
        });
        await response.body?.cancel();
        w.answers.push({ at: iso(), status: response.status });
        if (response.ok) {
          w.delivered = true;
          return;
        }
      } catch (error) {
        w.answers.push({ at: iso(), error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** The flat body Biteship posts (Webhook overview): the courier's fields, the order id, the status. */
  function webhookBody(event: WebhookEvent | string, order: SimOrder, extra: Record<string, unknown> = {}) {
    return {
      event,
      courier_tracking_id: order.trackingId,
      courier_waybill_id: order.waybill,
      courier_company: order.service.courier,
      courier_type: order.service.code,
      courier_driver_name: null,
      courier_driver_phone: null,
      courier_driver_photo_url: null,
      courier_driver_plate_number: null,
      courier_link: order.waybill ? `https://track.biteship.com/${order.waybill}` : null,
      order_id: order.id,
      ...(stamped ? { updated_at: order.history.at(-1)?.updated_at ?? order.created } : {}),
      ...extra,
    };
  }

  function emit(
    event: string,
    order: SimOrder,
    extra: Record<string, unknown> = {},
    forged = false,
  ): Promise<void> {
    const w: SimWebhook = {
      seq: webhooks.length + 1,
      event,
      orderId: order.id,
      body: JSON.stringify(webhookBody(event, order, extra)),
      forged,
      answers: [],
      delivered: false,
    };
    webhooks.push(w);
    if (held && !forged) {
      held.push(w);
      return Promise.resolve();
    }
    return track(deliver(w));
  }

  // ---- objects as Biteship shows them ----------------------------------------------------------------------

  function orderView(order: SimOrder, message: string): BiteshipOrder & Record<string, unknown> {
    const b = order.body;
    return {
      success: true,
      message,
      object: "order",
      id: order.id,
      draft_order_id: null,
      shipper: {
        name: b.shipper_contact_name ?? null,
        email: b.shipper_contact_email ?? null,
        phone: b.shipper_contact_phone ?? null,
        organization: b.shipper_organization ?? null,
      },
      origin: {
        contact_name: b.origin_contact_name,
        contact_phone: b.origin_contact_phone,
        address: b.origin_address,
        note: b.origin_note ?? null,
        postal_code: b.origin_postal_code ?? null,
      },
      destination: {
        contact_name: b.destination_contact_name,
        contact_phone: b.destination_contact_phone,
        contact_email: b.destination_contact_email ?? null,
        address: b.destination_address,
        note: b.destination_note ?? null,
        postal_code: b.destination_postal_code ?? null,
        cash_on_delivery: order.cod
          ? {
              id: order.cod.id,
              amount: order.cod.amount,
              amount_currency: "IDR",
              fee: order.cod.fee,
              fee_currency: "IDR",
              note: null,
              type: order.cod.type,
            }
          : null,
      },
      courier: {
        tracking_id: order.trackingId,
        waybill_id: order.waybill,
        company: order.service.courier,
        type: order.service.code,
        link: order.waybill ? `https://track.biteship.com/${order.waybill}` : null,
        name: null,
        phone: null,
        driver_name: null,
        driver_phone: null,
        history: order.history.map((h) => ({ ...h })),
        insurance: { amount: 0, fee: 0, note: "" },
        routing_code:
          order.service.courier === "jne"
            ? `CGK-${(b.destination_postal_code ?? 0).toString().slice(0, 3)}`
            : null,
      },
      delivery: {
        datetime: order.created,
        note: null,
        type: "now",
        distance: null,
        distance_unit: "kilometer",
      },
      reference_id: order.referenceId,
      invoice_id: null,
      items: b.items.map((i) => ({ ...i })),
      currency: "IDR",
      price: order.price,
      note: b.order_note ?? null,
      status: order.status,
    };
  }

  function trackingView(order: SimOrder): BiteshipTracking {
    const spell = (s: string) => trackingSpelling[s as OrderStatus] ?? s;
    return {
      success: true,
      messsage: "Successfully get tracking info",
      object: "tracking",
      id: order.trackingId,
      waybill_id: order.waybill,
      courier: { company: order.service.courier, driver_name: null, driver_phone: null },
      origin: { contact_name: order.body.origin_contact_name, address: order.body.origin_address },
      destination: {
        contact_name: order.body.destination_contact_name,
        address: order.body.destination_address,
      },
      history: order.history.map((h) => ({ ...h, status: spell(h.status) })),
      link: order.waybill ? `https://track.biteship.com/${order.waybill}` : null,
      order_id: order.id,
      status: spell(order.status),
    };
  }

  // ---- the API --------------------------------------------------------------------------------------------

  const app = new Hono();
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

  const keyDigest = createHash("sha256").update(opts.apiKey).digest();
  const authorized = (header: string | undefined) => {
    if (!header) return false;
    const key = header.replace(/^Bearer\s+/i, "");
    return timingSafeEqual(createHash("sha256").update(key).digest(), keyDigest);
  };

  app.use("/v1/*", async (c, next) => {
    const slow = slowness.shift();
    if (slow) await sleep(slow);
    const failure = failures.shift();
    if (failure === 429) return apiError(c, 429, "Too many requests, please try again later");
    if (failure) return apiError(c, failure, "Something's wrong with Biteship's internal server");
    const header = c.req.header("authorization");
    if (!header) return apiError(c, 401, "No key was provided", 40000001);
    if (!authorized(header)) return apiError(c, 401, "Authorization is not valid", 40000002);
    await next();
  });

  async function jsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
    try {
      const text = await c.req.text();
      return { ok: true, value: text ? JSON.parse(text) : {} };
    } catch {
      return { ok: false };
    }
  }

  const firstIssue = (error: z.ZodError) => {
    const issue = error.issues[0]!;
    return `${issue.path.join(".") || "body"}: ${issue.message}`;
  };

  /** A side's region: by area id (this simulator's ids end in `IDZ` and the postal code) or by postal code. */
  function zoneOf(areaId: string | undefined, postcode: number | undefined): ShippingZone | null {
    if (areaId) {
      const match = /IDZ(\d{5})$/.exec(areaId);
      return match ? zoneOfPostcode(Number(match[1])) : null;
    }
    return postcode === undefined ? null : zoneOfPostcode(postcode);
  }

  function ratesFor(request: RatesRequest): { from: ShippingZone; to: ShippingZone } | string {
    const from = zoneOf(request.origin_area_id, request.origin_postal_code);
    if (!from) return "origin area is not found";
    const to = zoneOf(request.destination_area_id, request.destination_postal_code);
    if (!to) return "destination area is not found";
    return { from, to };
  }

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

  /** The "Error Codes" table's checks on contacts, in its order, before anything else is looked at. */
  const requiredContacts: [keyof CreateOrderBody, number, string][] = [
    ["origin_contact_name", 40002014, "Please make sure origin contact name is filled"],
    ["origin_contact_phone", 40002015, "Please make sure origin contact phone is filled"],
    ["origin_address", 40002016, "Please make sure origin address is filled"],
    ["destination_contact_name", 40002017, "Please make sure destination contact name is filled"],
    ["destination_contact_phone", 40002018, "Please make sure destination contact phone is filled"],
    ["destination_address", 40002019, "Please make sure destination address is filled"],
  ];

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
      const existing = orders.get(byReference.get(body.reference_id) ?? "");
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
    const created = iso();
    const order: SimOrder = {
      id: hex24(),
      trackingId: hex24(),
      referenceId: body.reference_id ?? null,
      service,
      waybill: service.waybillAtPickup ? null : waybillOf(service.courier),
      status: "confirmed",
      price: priced.price,
      cod:
        body.destination_cash_on_delivery !== undefined
          ? {
              id: hex24(),
              amount: body.destination_cash_on_delivery,
              // COD fee: 4% of the amount collected, at least Rp 2.500.
              fee: Math.max(2_500, Math.ceil(body.destination_cash_on_delivery * 0.04)),
              type: body.destination_cash_on_delivery_type ?? "7_days",
            }
          : null,
      body,
      history: [
        {
          note: defaultNotes.confirmed,
          service_type: service.code,
          updated_at: created,
          status: "confirmed",
        },
      ],
      created,
    };
    orders.set(order.id, order);
    byTracking.set(order.trackingId, order.id);
    if (order.referenceId) byReference.set(order.referenceId, order.id);
    return c.json(orderView(order, "Order successfully created"));
  });

  app.get("/v1/orders/:id", (c) => {
    const order = orders.get(c.req.param("id"));
    if (!order) return apiError(c, 404, "Order not found", 40400001);
    return c.json(orderView(order, "Order successfully retrieved"));
  });

  /** States an order may be cancelled in: nobody has the parcel yet (the Orders overview, "Available to Delete"). */
  const cancellable: ReadonlySet<OrderStatus> = new Set([
    "confirmed",
    "scheduled",
    "allocated",
    "picking_up",
  ]);

  /** "Delete an Order": `POST /v1/orders/:id/cancel`, and the deprecated `DELETE /v1/orders/:id`, alike. */
  async function cancelOrder(c: Context) {
    const order = orders.get(c.req.param("id") ?? "");
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
    order.status = "cancelled";
    order.history.push({
      note: request.data.cancellation_reason ?? defaultNotes.cancelled,
      service_type: order.service.code,
      updated_at: iso(),
      status: "cancelled",
    });
    // The webhook goes out after the answer, as Biteship's would; `idle()` waits for it.
    void emit("order.status", order, { order_price: order.price, status: "cancelled" });
    return answer();
  }
  app.post("/v1/orders/:id/cancel", cancelOrder);
  app.delete("/v1/orders/:id", cancelOrder);

  app.get("/v1/trackings/:id", (c) => {
    const order = orders.get(byTracking.get(c.req.param("id")) ?? "");
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
    return c.json({
      success: true,
      areas: [
        {
          id: `IDNP${zoneRing[zone]}IDNC${Math.floor(postcode / 1000)}IDZ${postcode}`,
          name: `Area ${postcode}`,
          country_name: "Indonesia",
          country_code: "ID",
          administrative_division_level_1_name: zone,
          postal_code: postcode,
        },
      ],
    });
  });

  // ---- for tests and people ---------------------------------------------------------------------------------

  function orderOf(orderId: string): SimOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the Biteship simulator has no order ${orderId}`);
    return order;
  }

  const control: BiteshipSimulatorControl = {
    async advance(orderId, status, options) {
      const order = orderOf(orderId);
      if (finalStatuses.has(order.status)) {
        throw new Error(`order ${orderId} is ${order.status}: it cannot become ${status}`);
      }
      const at = iso();
      if (status === "picked" && order.waybill === null) {
        order.waybill = waybillOf(order.service.courier);
        await emit("order.waybill_id", order, { status: order.status });
      }
      order.status = status;
      order.history.push({
        note: options?.note ?? defaultNotes[status],
        service_type: order.service.code,
        updated_at: at,
        status,
      });
      await emit("order.status", order, { order_price: order.price, status });
    },
    async reprice(orderId, price) {
      const order = orderOf(orderId);
      order.price = price;
      await emit("order.price", order, {
        price,
        shippment_fee: price,
        cash_on_delivery_fee: order.cod?.fee ?? 0,
        proof_of_delivery_fee: 0,
        insurance_fee: 0,
        status: order.status,
      });
    },
    async resend(orderId, times = 1) {
      const last = webhooks.findLast((w) => w.orderId === orderId && !w.forged);
      if (!last) throw new Error(`the Biteship simulator sent nothing about order ${orderId}`);
      for (let i = 0; i < times; i++) {
        const copy: SimWebhook = { ...last, seq: webhooks.length + 1, answers: [], delivered: false };
        webhooks.push(copy);
        if (held) held.push(copy);
        else await track(deliver(copy));
      }
    },
    hold() {
      held ??= [];
    },
    async release(options) {
      const queue = held ?? [];
      held = null;
      for (const w of options?.reverse ? [...queue].reverse() : queue) await track(deliver(w));
    },
    delay(ms) {
      delayMs = Math.max(0, ms);
    },
    stampWebhooks(on) {
      stamped = on;
    },
    async sendForged(orderId) {
      await emit("order.status", orderOf(orderId), { status: "delivered" }, true);
    },
    async sendEvent(orderId, event) {
      const order = orderOf(orderId);
      await emit(event, order, { status: order.status });
    },
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    slowNext(ms, times = 1) {
      for (let i = 0; i < times; i++) slowness.push(ms);
    },
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    order(orderId) {
      const order = orders.get(orderId);
      return order ? orderView(order, "Order successfully retrieved") : undefined;
    },
    orderIdOf(referenceId) {
      return byReference.get(referenceId);
    },
    get orderCount() {
      return orders.size;
    },
    get webhooks() {
      return webhooks;
    },
  };

  /** Control routes answer JSON: `{ ok: true }`, or 409 with what went wrong. */
  const controlled = (c: Context, work: () => Promise<void> | void) =>
    Promise.resolve()
      .then(work)
      .then(
        () => c.json({ ok: true }),
        (error: unknown) =>
          c.json({ ok: false, error: error instanceof Error ? error.message : String(error) }, 409),
      );

  app.post("/sim/orders/:id/advance", (c) => {
    const status = c.req.query("status") as OrderStatus;
    return controlled(c, () => control.advance(c.req.param("id"), status, { note: c.req.query("note") }));
  });
  app.post("/sim/orders/:id/resend", (c) =>
    controlled(c, () => control.resend(c.req.param("id"), Number(c.req.query("times") ?? 1) || 1)),
  );
  app.post("/sim/hold", (c) => controlled(c, () => control.hold()));
  app.post("/sim/release", (c) =>
    controlled(c, () => control.release({ reverse: c.req.query("reverse") === "1" })),
  );
  app.post("/sim/delay", (c) => controlled(c, () => control.delay(Number(c.req.query("ms") ?? 0) || 0)));
  app.get("/sim/orders", (c) =>
    c.json([...orders.values()].map((o) => orderView(o, "Order successfully retrieved"))),
  );
  app.get("/sim/webhooks", (c) => c.json(webhooks));

  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    control,
    close: () => {
      closing.abort();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
