import { z } from "zod";

/**
 * The subset of Biteship's API v1 the shop speaks (biteship.com/id/docs/api: "Retrieve a Courier Rates", "Create
 * an Order", "Retrieve an Order", "Delete an Order" (cancel), "Retrieve a Tracking", "Tracking Status", "Order Status", the order "Error
 * Codes", "Errors", "Maps: Retrieve Area" and the "Webhook" overview), as zod schemas shared by the adapter, the
 * simulator and the fixture tests.
 *
 * Requests are described as the shop sends them; answers and webhooks are parsed leniently (unknown fields are
 * dropped, fields the shop does not read are optional or nullable) because Biteship adds fields without a new
 * version and its own examples leave some out.
 */

/** Biteship's courier codes for the couriers the shop offers (its Courier API's `courier_code`). */
export const biteshipCourierCodes = ["jne", "jnt", "sicepat", "anteraja", "pos"] as const;

/**
 * Order statuses ("Order Status" table of the Orders overview), as `GET /v1/orders/:id` and the `order.status`
 * webhook name them.
 */
export const orderStatuses = [
  "confirmed",
  "scheduled",
  "allocated",
  "picking_up",
  "picked",
  "cancelled",
  "on_hold",
  "dropping_off",
  "return_in_transit",
  "returned",
  "rejected",
  "disposed",
  "courier_not_found",
  "delivered",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The "Tracking Status" page spells the multi-word states in camelCase (`pickingUp`, `droppingOff`,
 * `returnInTransit`, `onHold`, `courierNotFound`) while the order pages use snake_case; tracking histories have
 * been seen in both. Every spelling is accepted and read as the order status it names.
 */
export const trackingStatusAliases = {
  pickingUp: "picking_up",
  droppingOff: "dropping_off",
  returnInTransit: "return_in_transit",
  onHold: "on_hold",
  courierNotFound: "courier_not_found",
} as const satisfies Record<string, OrderStatus>;

/** Reads a status in either spelling; `null` for one Biteship has not documented. */
export function orderStatusOf(status: string): OrderStatus | null {
  if ((orderStatuses as readonly string[]).includes(status)) return status as OrderStatus;
  return trackingStatusAliases[status as keyof typeof trackingStatusAliases] ?? null;
}

/** How long after delivery Biteship pays collected cash on (`destination_cash_on_delivery_type`). */
export const codDisbursementTypes = ["7_days", "5_days", "3_days"] as const;
export type CodDisbursementType = (typeof codDisbursementTypes)[number];

/** "items.category": what the docs' table lists; `others` when left out. */
export const itemCategories = [
  "fashion",
  "healthcare",
  "food_and_drink",
  "electronic",
  "beauty",
  "outdoor_gear",
  "home_accessories",
  "hobby",
  "collection",
  "sparepart",
  "groceries",
  "frozen_food",
  "others",
] as const;

/** Five-digit Indonesian postal codes; Biteship's parameters take them as numbers. */
const PostalCodeSchema = z.number().int().min(10000).max(99999);

/** ISO 8601 date-times, with or without seconds (the docs' delivery example says `2029-09-24T12:00+07:00`). */
const DateTimeSchema = z.string().refine((s) => !Number.isNaN(Date.parse(s)), {
  error: "must be an ISO 8601 date-time",
});

const CoordinateSchema = z.object({ latitude: z.number(), longitude: z.number() });

/** One item of a rates request or an order: weight in grams, sizes in centimetres, value in rupiah. */
export const ItemSchema = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  category: z.enum(itemCategories).optional(),
  sku: z.string().optional(),
  value: z.number().int().min(0),
  quantity: z.number().int().min(1),
  weight: z.number().positive(),
  length: z.number().positive().optional(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});
export type BiteshipItem = z.infer<typeof ItemSchema>;

/**
 * `POST /v1/rates/couriers` body ("Retrieve a Courier Rates"): each side by area id (Maps API, "more accurate"),
 * postal code, or coordinates (instant couriers only); `couriers` comma-separated.
 */
export const RatesRequestSchema = z
  .object({
    origin_area_id: z.string().min(1).optional(),
    destination_area_id: z.string().min(1).optional(),
    origin_postal_code: PostalCodeSchema.optional(),
    destination_postal_code: PostalCodeSchema.optional(),
    origin_latitude: z.number().optional(),
    origin_longitude: z.number().optional(),
    destination_latitude: z.number().optional(),
    destination_longitude: z.number().optional(),
    type: z.literal("origin_suggestion_to_closest_destination").optional(),
    couriers: z.string().regex(/^[a-z0-9_]+(,[a-z0-9_]+)*$/, { error: "comma-separated courier codes" }),
    items: z.array(ItemSchema).min(1),
    courier_insurance: z.number().int().min(0).optional(),
    destination_cash_on_delivery: z.number().int().min(0).optional(),
    destination_cash_on_delivery_type: z.enum(codDisbursementTypes).optional(),
  })
  .refine(
    (r) =>
      Boolean(r.origin_area_id) ||
      r.origin_postal_code !== undefined ||
      (r.origin_latitude !== undefined && r.origin_longitude !== undefined),
    { error: "the origin needs an area id, a postal code or coordinates", path: ["origin_postal_code"] },
  )
  .refine(
    (r) =>
      Boolean(r.destination_area_id) ||
      r.destination_postal_code !== undefined ||
      (r.destination_latitude !== undefined && r.destination_longitude !== undefined),
    {
      error: "the destination needs an area id, a postal code or coordinates",
      path: ["destination_postal_code"],
    },
  );
export type RatesRequest = z.infer<typeof RatesRequestSchema>;

/** The origin and destination a rates answer resolved the request to. */
const RatesLocationSchema = z.looseObject({
  location_id: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  postal_code: z.number().nullish(),
  country_name: z.string().nullish(),
  country_code: z.string().nullish(),
  administrative_division_level_1_name: z.string().nullish(),
  administrative_division_level_2_name: z.string().nullish(),
  administrative_division_level_3_name: z.string().nullish(),
  administrative_division_level_4_name: z.string().nullish(),
});

/** One courier service of a rates answer (`pricing[]`). */
export const PricingSchema = z.object({
  available_collection_method: z.array(z.string()).optional(),
  available_for_cash_on_delivery: z.boolean().default(false),
  available_for_proof_of_delivery: z.boolean().optional(),
  available_for_instant_waybill_id: z.boolean().optional(),
  available_for_insurance: z.boolean().optional(),
  company: z.string().optional(),
  courier_name: z.string(),
  courier_code: z.string().min(1),
  courier_service_name: z.string(),
  courier_service_code: z.string().min(1),
  currency: z.string().optional(),
  description: z.string().nullish(),
  /** "1 - 2 days", "1 - 3 hours": the range below with its unit, for people. */
  duration: z.string().nullish(),
  /** "1 - 2", or one number. */
  shipment_duration_range: z.string().nullish(),
  /** `days` or `hours`. */
  shipment_duration_unit: z.string().nullish(),
  /** `standard`, `same_day`, `overnight`, `instant`… (the Courier API's service types). */
  service_type: z.string().nullish(),
  shipping_type: z.string().nullish(),
  /** Rupiah; what the order will cost. */
  price: z.number().min(0),
  shipping_fee: z.number().nullish(),
  insurance_fee: z.number().nullish(),
  cash_on_delivery_fee: z.number().nullish(),
  tax_lines: z.array(z.unknown()).optional(),
  /** The service code again, as the Courier API's `type` (`reg`, `yes`, `instant`…). */
  type: z.string().nullish(),
});
export type Pricing = z.infer<typeof PricingSchema>;

/** `POST /v1/rates/couriers` answer. */
export const RatesResponseSchema = z.object({
  success: z.literal(true),
  object: z.literal("courier_pricing").optional(),
  message: z.string().optional(),
  code: z.number().optional(),
  origin: RatesLocationSchema.nullish(),
  destination: RatesLocationSchema.nullish(),
  pricing: z.array(PricingSchema),
});
export type RatesResponse = z.infer<typeof RatesResponseSchema>;

/** `POST /v1/orders` body ("Create an Order"), the fields the shop may send. */
export const CreateOrderBodySchema = z.object({
  shipper_contact_name: z.string().optional(),
  shipper_contact_phone: z.string().optional(),
  shipper_contact_email: z.string().optional(),
  shipper_organization: z.string().optional(),
  origin_contact_name: z.string().min(1),
  origin_contact_phone: z.string().min(1),
  origin_contact_email: z.string().optional(),
  origin_address: z.string().min(1),
  origin_note: z.string().optional(),
  origin_postal_code: PostalCodeSchema.optional(),
  origin_area_id: z.string().min(1).optional(),
  origin_location_id: z.string().min(1).optional(),
  origin_coordinate: CoordinateSchema.optional(),
  origin_collection_method: z.enum(["pickup", "drop_off"]).optional(),
  destination_contact_name: z.string().min(1),
  destination_contact_phone: z.string().min(1),
  destination_contact_email: z.string().optional(),
  destination_address: z.string().min(1),
  destination_note: z.string().optional(),
  destination_postal_code: PostalCodeSchema.optional(),
  destination_area_id: z.string().min(1).optional(),
  destination_coordinate: CoordinateSchema.optional(),
  /** Rupiah the courier collects from the recipient ("COD"). */
  destination_cash_on_delivery: z.number().int().positive().optional(),
  destination_cash_on_delivery_type: z.enum(codDisbursementTypes).optional(),
  destination_proof_of_delivery: z.boolean().optional(),
  destination_proof_of_delivery_note: z.string().optional(),
  courier_company: z.string().min(1),
  /** The service code from the rates answer (`reg`, `yes`…). */
  courier_type: z.string().min(1),
  courier_insurance: z.number().int().min(0).optional(),
  delivery_type: z.enum(["now", "scheduled"]),
  delivery_date: z.string().optional(),
  delivery_time: z.string().optional(),
  order_note: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** The caller's own id for the order: the shop's shipment id. */
  reference_id: z.string().min(1).max(255).optional(),
  tags: z.array(z.string()).optional(),
  items: z.array(ItemSchema).min(1),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** One step of `courier.history` (orders) or `history` (trackings). */
export const HistoryEntrySchema = z.object({
  note: z.string().nullish(),
  service_type: z.string().nullish(),
  updated_at: DateTimeSchema,
  status: z.string().min(1),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

const MoneyDetailSchema = z.looseObject({
  amount: z.number().nullish(),
  fee: z.number().nullish(),
  note: z.string().nullish(),
});

/** The order object: the answer of `POST /v1/orders` and `GET /v1/orders/:id`. */
export const OrderSchema = z.object({
  success: z.boolean().optional(),
  message: z.string().optional(),
  object: z.literal("order").optional(),
  id: z.string().min(1),
  draft_order_id: z.string().nullish(),
  short_id: z.string().nullish(),
  shipper: z.looseObject({}).nullish(),
  origin: z.looseObject({ postal_code: z.number().nullish() }).nullish(),
  destination: z
    .looseObject({
      postal_code: z.number().nullish(),
      cash_on_delivery: z
        .looseObject({
          id: z.string().nullish(),
          amount: z.number().nullish(),
          fee: z.number().nullish(),
          type: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
  courier: z.object({
    tracking_id: z.string().nullish(),
    waybill_id: z.string().nullish(),
    company: z.string().min(1),
    type: z.string().nullish(),
    link: z.string().nullish(),
    name: z.string().nullish(),
    phone: z.string().nullish(),
    driver_name: z.string().nullish(),
    driver_phone: z.string().nullish(),
    history: z.array(HistoryEntrySchema).nullish(),
    insurance: MoneyDetailSchema.nullish(),
    routing_code: z.string().nullish(),
  }),
  delivery: z.looseObject({}).nullish(),
  reference_id: z.string().nullish(),
  invoice_id: z.string().nullish(),
  items: z.array(z.looseObject({ name: z.string() })).optional(),
  currency: z.string().optional(),
  price: z.number().min(0),
  note: z.string().nullish(),
  status: z.string().min(1),
});
export type BiteshipOrder = z.infer<typeof OrderSchema>;

/**
 * Why an order is cancelled ("Delete an Order", `GET /v1/orders/cancellation_reasons`): each code is paired with a
 * reason Biteship words itself; `others` carries the caller's own words in `cancellation_reason`.
 */
export const cancellationReasonCodes = [
  "change_courier",
  "pickup_delay",
  "change_address",
  "others",
] as const;

/**
 * `POST /v1/orders/:id/cancel` body ("Delete an Order"; `DELETE /v1/orders/:id` is the deprecated form of the same
 * call). Biteship cancels an order while nobody has the parcel yet: confirmed, scheduled, allocated, picking_up
 * (the "Available to Delete" column of the Orders overview).
 */
export const CancelOrderBodySchema = z.object({
  cancellation_reason_code: z.enum(cancellationReasonCodes),
  cancellation_reason: z.string().min(1).max(500).optional(),
});
export type CancelOrderBody = z.infer<typeof CancelOrderBodySchema>;

/** Its answer: the order, now `cancelled` (Biteship's page says an order "can be cancelled or rejected"). */
export const CancelOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  object: z.literal("order").optional(),
  id: z.string().min(1),
  status: z.string().min(1),
  cancellation_reason_code: z.string().nullish(),
  cancellation_reason: z.string().nullish(),
});
export type CancelOrderResponse = z.infer<typeof CancelOrderResponseSchema>;

/**
 * `GET /v1/trackings/:id` answer ("Retrieve a Tracking"). Its documented example spells `messsage` with three s;
 * neither spelling is read.
 */
export const TrackingSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  messsage: z.string().optional(),
  object: z.literal("tracking").optional(),
  id: z.string().min(1),
  waybill_id: z.string().nullish(),
  courier: z.looseObject({ company: z.string().min(1) }),
  origin: z.looseObject({}).nullish(),
  destination: z.looseObject({}).nullish(),
  history: z.array(HistoryEntrySchema),
  link: z.string().nullish(),
  order_id: z.string().nullish(),
  status: z.string().min(1),
});
export type BiteshipTracking = z.infer<typeof TrackingSchema>;

/** Webhook events (the Webhook overview): what each is fired for. */
export const webhookEvents = ["order.status", "order.waybill_id", "order.price"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/**
 * The fields every order webhook carries: flat, not wrapped in `data`. `courier_*` describe the booking as the
 * courier knows it (waybill and tracking id may still be null), `order_id` is Biteship's order id.
 */
const WebhookBaseSchema = z.object({
  order_id: z.string().min(1),
  courier_tracking_id: z.string().nullish(),
  courier_waybill_id: z.string().nullish(),
  courier_company: z.string().nullish(),
  courier_type: z.string().nullish(),
  courier_driver_name: z.string().nullish(),
  courier_driver_phone: z.string().nullish(),
  courier_driver_photo_url: z.string().nullish(),
  courier_driver_plate_number: z.string().nullish(),
  courier_link: z.string().nullish(),
  /** Not in the documented bodies; read when present (see fixtures/README.md). */
  reference_id: z.string().nullish(),
  /** Not in the documented bodies; read when present, else the step is dated when it arrived. */
  updated_at: DateTimeSchema.nullish(),
});

/** `order.status`: "fired every time there is a status update". */
export const OrderStatusWebhookSchema = WebhookBaseSchema.extend({
  event: z.literal("order.status"),
  status: z.string().min(1),
  order_price: z.number().nullish(),
});
export type OrderStatusWebhook = z.infer<typeof OrderStatusWebhookSchema>;

/** `order.waybill_id`: "fired every time there is an update for your waybill number". */
export const OrderWaybillWebhookSchema = WebhookBaseSchema.extend({
  event: z.literal("order.waybill_id"),
  /** The order's status when the waybill changed; the shop needs it to say where the parcel is. */
  status: z.string().min(1).nullish(),
});
export type OrderWaybillWebhook = z.infer<typeof OrderWaybillWebhookSchema>;

/** `order.price`: "fired every time there is a change in price" (the weighed parcel differs from the quote). */
export const OrderPriceWebhookSchema = WebhookBaseSchema.extend({
  event: z.literal("order.price"),
  status: z.string().min(1).nullish(),
  price: z.number().min(0),
  shippment_fee: z.number().nullish(),
  cash_on_delivery_fee: z.number().nullish(),
  proof_of_delivery_fee: z.number().nullish(),
  insurance_fee: z.number().nullish(),
});
export type OrderPriceWebhook = z.infer<typeof OrderPriceWebhookSchema>;

/** What tells which of the webhook schemas to read a body with. */
export const WebhookEnvelopeSchema = z.object({ event: z.string().min(1) });

/**
 * Every error answer ("Errors": `{ success: false, error: "Required parameter is missing" }`; the order error
 * table adds numeric codes such as 40002014). `details` names an existing order when a reference id is used
 * again (see the adapter's createShipment and fixtures/README.md).
 */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.number().optional(),
  details: z
    .looseObject({
      order_id: z.string().nullish(),
      waybill_id: z.string().nullish(),
      reference_id: z.string().nullish(),
    })
    .nullish(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One area of `GET /v1/maps/areas` ("Retrieve Area"): its id is what rates and orders take as `*_area_id`. */
export const AreaSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  country_name: z.string().optional(),
  country_code: z.string().optional(),
  administrative_division_level_1_name: z.string().nullish(),
  administrative_division_level_2_name: z.string().nullish(),
  administrative_division_level_3_name: z.string().nullish(),
  postal_code: z.number().nullish(),
});
export const AreasResponseSchema = z.object({ success: z.literal(true), areas: z.array(AreaSchema) });
export type BiteshipArea = z.infer<typeof AreaSchema>;
