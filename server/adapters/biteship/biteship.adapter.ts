import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  chargeableKg,
  shippingCouriers,
  volumetricGrams,
  type ShipmentStatus,
  type ShippingCourier,
} from "#common/shipping.ts";
import { now } from "../../platform/clock.ts";
import { callJson } from "../http-json.ts";
import {
  CourierError,
  type BookedShipment,
  type CancelShipmentInput,
  type CourierEvent,
  type CourierGateway,
  type CourierQuote,
  type CreateShipmentInput,
  type ParcelItem,
  type Place,
  type QuoteInput,
  type ShipmentRef,
  type TrackingView,
} from "../../platform/couriers.ts";
import {
  CancelOrderResponseSchema,
  ErrorBodySchema,
  OrderSchema,
  OrderStatusWebhookSchema,
  OrderWaybillWebhookSchema,
  RatesResponseSchema,
  TrackingSchema,
  WebhookEnvelopeSchema,
  biteshipCourierCodes,
  orderStatusOf,
  type BiteshipItem,
  type BiteshipOrder,
  type CancelOrderBody,
  type CodDisbursementType,
  type CreateOrderBody,
  type HistoryEntry,
  type RatesRequest,
} from "./biteship.schemas.ts";
import { etaDaysOf, serviceKindOf, shipmentStatusOf, statusNotes, stepsOf } from "./biteship.mapping.ts";

/**
 * Biteship API v1 as a `CourierGateway` (biteship.com/id/docs/api): a thin typed client over `fetch`. The shop's
 * shipment id is the order's `reference_id`; Biteship's order id is the provider shipment id. Biteship notifies
 * the one webhook URL set in its dashboard, unsigned: the shop adds a secret header there and checks it here.
 */

/** Indonesian couriers print and call local numbers: +62812… becomes 0812…; anything else is sent as given. */
export function localPhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, "");
  if (/^\+628\d{7,12}$/.test(digits)) return `0${digits.slice(3)}`;
  if (/^628\d{7,12}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

/** The header the shop asks Biteship's dashboard to send with every webhook, holding `webhookSecret`. */
export const defaultWebhookSecretHeader = "x-pasar-webhook-secret";

/** Where the shop's parcels leave from, as Biteship knows it, when every parcel leaves from one place. */
export interface BiteshipOrigin {
  /** Biteship's area id (Maps API) of the pick-up point: used when a quote's or booking's origin has none. */
  areaId?: string | null;
  /** Printed as the shipper on the label (`shipper_organization`). */
  organization?: string | null;
}

/** Where Biteship is and the account's secrets. */
export interface BiteshipCourierOptions {
  /** The API key (`biteship_test.…` / `biteship_live.…`), sent as the `authorization` header. */
  apiKey: string;
  /** `https://api.biteship.com`, or the simulator's URL. */
  apiUrl: string;
  /** The value of the custom header set on the webhook in Biteship's dashboard. */
  webhookSecret: string;
  /** That header's name (lower case); `x-pasar-webhook-secret` unless told otherwise. */
  webhookHeader?: string;
  origin?: BiteshipOrigin;
  /** When Biteship pays collected cash on: `7_days` after delivery unless told otherwise. */
  codDisbursement?: CodDisbursementType;
  fetch?: typeof fetch;
  /** How long one call may take before it counts as Biteship being away (retryable). */
  timeoutMs?: number;
}

type Answer =
  | { ok: true; status: number; json: unknown }
  | {
      ok: false;
      status: number;
      code: number | null;
      message: string;
      existingOrderId: string | null;
    };

/** Creates the Biteship courier. */
export function createBiteshipCourier(opts: BiteshipCourierOptions): CourierGateway {
  const send = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const apiUrl = opts.apiUrl.replace(/\/+$/, "");
  const header = (opts.webhookHeader ?? defaultWebhookSecretHeader).toLowerCase();
  const codDisbursement = opts.codDisbursement ?? "7_days";

  // An answer or a network error may echo what was sent; the key and the secret never reach a message or a log.
  const scrub = (text: string) => {
    let out = text;
    for (const secret of [opts.apiKey, opts.webhookSecret]) {
      if (secret) out = out.replaceAll(secret, "[secret]");
    }
    return out;
  };

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
    const headers = { authorization: opts.apiKey, accept: "application/json" };
    const answer = await callJson(send, `${apiUrl}${path}`, { method, headers, body }, timeoutMs);
    if (!answer.ok) throw new CourierError(scrub(`Biteship ${method} ${path} ${answer.failed}`), true);
    const { status, text, json } = answer;
    if (status >= 200 && status < 300) return { ok: true, status, json };
    const error = ErrorBodySchema.safeParse(json);
    return {
      ok: false,
      status,
      code: error.success ? (error.data.code ?? null) : null,
      message: error.success ? error.data.error : text.slice(0, 200),
      existingOrderId: error.success ? (error.data.details?.order_id ?? null) : null,
    };
  }

  /** Biteship refused: 5xx and 429 (rate limited) may pass if asked again later, any other 4xx will not. */
  function refused(method: string, path: string, answer: Extract<Answer, { ok: false }>): CourierError {
    const retryable = answer.status >= 500 || answer.status === 429;
    const code = answer.code === null ? "" : ` ${answer.code}`;
    return new CourierError(
      scrub(`Biteship ${method} ${path} answered ${answer.status}${code}: ${answer.message}`),
      retryable,
      answer.status,
    );
  }

  function read<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new CourierError(
      `Biteship's answer to ${what} is not what its documentation describes: ${z.prettifyError(parsed.error).slice(0, 500)}`,
      false,
    );
  }

  async function getOrder(id: string): Promise<BiteshipOrder> {
    const path = `/v1/orders/${encodeURIComponent(id)}`;
    const answer = await call("GET", path);
    if (!answer.ok) throw refused("GET", path, answer);
    return read(OrderSchema, answer.json, "retrieve order");
  }

  function statusOf(status: string, what: string): ShipmentStatus {
    const known = orderStatusOf(status);
    if (!known)
      throw new CourierError(`Biteship reports an undocumented status "${status}" for ${what}`, false);
    return shipmentStatusOf[known];
  }

  function booked(order: BiteshipOrder, input: CreateShipmentInput): BookedShipment {
    if (order.reference_id && order.reference_id !== input.shipmentId) {
      throw new CourierError(
        `Biteship answered order ${order.id} of reference ${order.reference_id} for shipment ${input.shipmentId}`,
        false,
      );
    }
    const sameService =
      order.courier.company.toLowerCase() === input.courier &&
      (!order.courier.type || order.courier.type.toLowerCase() === input.service.toLowerCase());
    if (!sameService) {
      throw new CourierError(
        `Biteship has shipment ${input.shipmentId} booked as ${order.courier.company} ${order.courier.type ?? ""} ` +
          `(order ${order.id}), not as ${input.courier} ${input.service}: cancel it in Biteship's dashboard first`,
        false,
      );
    }
    return {
      providerShipmentId: order.id,
      waybill: presentOrNull(order.courier.waybill_id),
      status: statusOf(order.status, `order ${order.id}`),
      price: order.price,
      codFee: input.codAmount === null ? null : codFeeOf(order),
      label: { routingCode: presentOrNull(order.courier.routing_code) },
    };
  }

  const secretDigest = createHash("sha256").update(opts.webhookSecret).digest();
  /** Compares digests, so values of any length compare in the same time without throwing. */
  const genuine = (value: string | null) =>
    value !== null &&
    opts.webhookSecret.length > 0 &&
    timingSafeEqual(createHash("sha256").update(value).digest(), secretDigest);

  return {
    provider: "biteship",

    async quote(input: QuoteInput): Promise<CourierQuote[]> {
      const body: RatesRequest = {
        ...placeOf("origin", input.origin, opts.origin?.areaId),
        ...placeOf("destination", input.destination, null),
        couriers: biteshipCourierCodes.join(","),
        items: input.items.map(itemOf),
      };
      const path = "/v1/rates/couriers";
      const answer = await call("POST", path, body);
      if (!answer.ok) throw refused("POST", path, answer);
      const rates = read(RatesResponseSchema, answer.json, "retrieve courier rates");
      const kg = parcelKg(input.items);
      const quotes: CourierQuote[] = [];
      for (const pricing of rates.pricing) {
        const courier = shippingCourierOf(pricing.courier_code);
        const eta = etaDaysOf(pricing);
        // A courier the shop does not offer, or a service whose estimate cannot be read, is left out.
        if (!courier || !eta || !Number.isInteger(pricing.price)) continue;
        quotes.push({
          courier,
          service: pricing.courier_service_code.toUpperCase(),
          serviceName: pricing.courier_service_name,
          kind: serviceKindOf(courier, pricing),
          price: pricing.price,
          etaMinDays: eta.min,
          etaMaxDays: eta.max,
          cod: pricing.available_for_cash_on_delivery,
          chargeableKg: kg,
        });
      }
      return quotes.sort(
        (a, b) => a.price - b.price || a.etaMaxDays - b.etaMaxDays || a.service.localeCompare(b.service),
      );
    },

    async createShipment(input: CreateShipmentInput): Promise<BookedShipment> {
      if (input.codAmount !== null && (!Number.isInteger(input.codAmount) || input.codAmount <= 0)) {
        throw new CourierError(
          `cash on delivery is a positive whole rupiah amount, not ${input.codAmount}`,
          false,
        );
      }
      const body: CreateOrderBody = {
        ...(opts.origin?.organization ? { shipper_organization: opts.origin.organization } : {}),
        origin_contact_name: input.origin.name,
        origin_contact_phone: localPhone(input.origin.phone),
        origin_address: addressOf(input.origin),
        ...placeOf("origin", input.origin, opts.origin?.areaId),
        destination_contact_name: input.destination.name,
        destination_contact_phone: localPhone(input.destination.phone),
        destination_address: addressOf(input.destination),
        ...placeOf("destination", input.destination, null),
        ...(input.codAmount !== null
          ? {
              destination_cash_on_delivery: input.codAmount,
              destination_cash_on_delivery_type: codDisbursement,
            }
          : {}),
        courier_company: input.courier,
        courier_type: input.service.toLowerCase(),
        delivery_type: "now",
        ...(input.note.trim() ? { order_note: input.note.trim().slice(0, 500) } : {}),
        reference_id: input.shipmentId,
        items: input.items.map(itemOf),
      };
      const path = "/v1/orders";
      const answer = await call("POST", path, body);
      if (answer.ok) return booked(read(OrderSchema, answer.json, "create order"), input);
      // The shipment id is the order's reference: asked again (a retry after a timeout whose order went through),
      // Biteship refuses the reference as used and names the order that has it, which is the booking.
      if (answer.status < 500 && answer.status !== 429 && usedReference(answer.message)) {
        if (!answer.existingOrderId) {
          throw new CourierError(
            scrub(
              `Biteship already has an order with reference ${input.shipmentId} but did not say which ` +
                `(${answer.status}: ${answer.message}); find it in Biteship's dashboard`,
            ),
            false,
            answer.status,
          );
        }
        return booked(await getOrder(answer.existingOrderId), input);
      }
      throw refused("POST", path, answer);
    },

    async cancel(input: CancelShipmentInput): Promise<void> {
      const id = encodeURIComponent(input.providerShipmentId);
      const path = `/v1/orders/${id}/cancel`;
      const body: CancelOrderBody = {
        cancellation_reason_code: "others",
        cancellation_reason: input.reason.trim().slice(0, 500) || "Pesanan dibatalkan",
      };
      const answer = await call("POST", path, body);
      if (answer.ok) {
        const done = read(CancelOrderResponseSchema, answer.json, "cancel order");
        const status = orderStatusOf(done.status);
        if (status && shipmentStatusOf[status] === "cancelled") return;
        throw new CourierError(`Biteship answered order ${done.id} ${done.status} to its cancel`, false);
      }
      if (answer.status >= 500 || answer.status === 429) throw refused("POST", path, answer);
      // Refused: an order Biteship does not have, or one cancelled before, is as good as cancelled; one the
      // courier has the parcel of is not (Biteship cancels only while nobody has picked it up).
      if (answer.status === 404) return;
      const known = orderStatusOf((await getOrder(input.providerShipmentId)).status);
      if (known && shipmentStatusOf[known] === "cancelled") return;
      throw refused("POST", path, answer);
    },

    async track(ref: ShipmentRef): Promise<TrackingView> {
      const order = await getOrder(ref.providerShipmentId);
      if (order.reference_id && order.reference_id !== ref.shipmentId) {
        throw new CourierError(
          `Biteship order ${order.id} belongs to reference ${order.reference_id}, not to shipment ${ref.shipmentId}`,
          false,
        );
      }
      let history: readonly HistoryEntry[] = order.courier.history ?? [];
      let waybill = presentOrNull(order.courier.waybill_id);
      const trackingId = presentOrNull(order.courier.tracking_id);
      if (trackingId) {
        const path = `/v1/trackings/${encodeURIComponent(trackingId)}`;
        const answer = await call("GET", path);
        if (answer.ok) {
          const tracking = read(TrackingSchema, answer.json, "retrieve tracking");
          history = tracking.history;
          waybill ??= presentOrNull(tracking.waybill_id);
        } else if (answer.status !== 404) {
          // A tracking not there yet (just booked) leaves the order's own history; anything else is an error.
          throw refused("GET", path, answer);
        }
      }
      return {
        status: statusOf(order.status, `order ${order.id}`),
        waybill: waybill ?? ref.waybill,
        steps: stepsOf(history),
      };
    },

    async readWebhook(body: string, headers: Headers): Promise<CourierEvent | "forged" | "unreadable"> {
      // Nothing in the body is looked at before the secret header says the shop's Biteship account sent it.
      if (!genuine(headers.get(header))) return "forged";
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return "unreadable";
      }
      const envelope = WebhookEnvelopeSchema.safeParse(json);
      if (!envelope.success) return "unreadable";
      let parsed;
      switch (envelope.data.event) {
        case "order.status":
          parsed = OrderStatusWebhookSchema.safeParse(json);
          break;
        case "order.waybill_id":
          parsed = OrderWaybillWebhookSchema.safeParse(json);
          break;
        default:
          // `order.price` (a re-weighed parcel's new price) and events Biteship may add say nothing about where a
          // parcel is: genuine, kept by the route for the operator, not applied.
          return "unreadable";
      }
      if (!parsed.success || !parsed.data.status) return "unreadable";
      const known = orderStatusOf(parsed.data.status);
      if (!known) return "unreadable";
      // Biteship's documented bodies carry no time: such a step is dated when it arrived, and said to be.
      const undated = !parsed.data.updated_at;
      const at = parsed.data.updated_at ? new Date(parsed.data.updated_at) : now();
      const waybill = presentOrNull(parsed.data.courier_waybill_id);
      return {
        shipmentId: presentOrNull(parsed.data.reference_id),
        providerShipmentId: parsed.data.order_id,
        waybill,
        step: {
          status: shipmentStatusOf[known],
          providerStatus: parsed.data.status,
          note:
            parsed.data.event === "order.waybill_id" && waybill
              ? `Waybill ${waybill} issued. ${statusNotes[known]}`
              : statusNotes[known],
          at,
          ...(undated ? { undated: true } : {}),
        },
      };
    },
  };
}

/**
 * What the courier keeps of a COD parcel's cash, as the order states it (`destination.cash_on_delivery.fee`,
 * rupiah): null when it names none, or not a whole non-negative amount.
 */
function codFeeOf(order: BiteshipOrder): number | null {
  const fee = order.destination?.cash_on_delivery?.fee;
  return typeof fee === "number" && Number.isSafeInteger(fee) && fee >= 0 ? fee : null;
}

/** The shop's couriers by Biteship's courier code (the same words). */
function shippingCourierOf(code: string): ShippingCourier | null {
  const lower = code.toLowerCase();
  return (shippingCouriers as readonly string[]).includes(lower) ? (lower as ShippingCourier) : null;
}

/** Biteship sends `""` or `"-"` where it has nothing yet (its tracking example's `link`). */
function presentOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed !== "-" ? trimmed : null;
}

/** Whether an error message says the reference id is taken (the order "Error Codes" name no code for it). */
function usedReference(message: string): boolean {
  return /reference[ _]?id/i.test(message) && /(already|exist|used|duplicate)/i.test(message);
}

/** A side of a rates request or an order: by Biteship's area id when known (its recommendation), else postcode. */
function placeOf(
  side: "origin" | "destination",
  place: Place,
  fallbackAreaId: string | null | undefined,
):
  | { origin_area_id?: string; origin_postal_code?: number }
  | { destination_area_id?: string; destination_postal_code?: number } {
  const areaId = place.areaId || fallbackAreaId || undefined;
  const postcode = /^[1-9]\d{4}$/.test(place.postcode) ? Number(place.postcode) : undefined;
  if (!areaId && postcode === undefined) {
    throw new CourierError(`the ${side} has neither a Biteship area id nor a five-digit postcode`, false);
  }
  return side === "origin"
    ? {
        ...(areaId ? { origin_area_id: areaId } : {}),
        ...(postcode !== undefined ? { origin_postal_code: postcode } : {}),
      }
    : {
        ...(areaId ? { destination_area_id: areaId } : {}),
        ...(postcode !== undefined ? { destination_postal_code: postcode } : {}),
      };
}

/** The street line and the area names, as one address for the courier. */
function addressOf(contact: { address: string; area: string; postcode: string }): string {
  return [contact.address.trim(), contact.area.trim(), contact.postcode].filter(Boolean).join(", ");
}

function itemOf(item: ParcelItem): BiteshipItem {
  const size = (cm: number) => (cm > 0 ? Math.ceil(cm) : undefined);
  const length = size(item.lengthCm);
  const width = size(item.widthCm);
  const height = size(item.heightCm);
  return {
    name: item.name.trim().slice(0, 255) || "Barang",
    value: Math.max(0, Math.round(item.value)),
    quantity: item.quantity,
    weight: Math.max(1, Math.round(item.weightGrams)),
    ...(length ? { length } : {}),
    ...(width ? { width } : {}),
    ...(height ? { height } : {}),
  };
}

/**
 * The weight the shop expects a price to be counted by (Biteship does not say): the larger of the actual and the
 * volumetric weight of every item, in whole kilograms.
 */
function parcelKg(items: readonly ParcelItem[]): number {
  const grams = items.reduce((sum, i) => sum + i.weightGrams * i.quantity, 0);
  const cubicCm = items.reduce((sum, i) => sum + i.lengthCm * i.widthCm * i.heightCm * i.quantity, 0);
  return chargeableKg(grams, volumetricGrams(cubicCm));
}
