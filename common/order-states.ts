/**
 * The orders' fixed vocabularies, zod-free so pages can import them (common/contracts/orders.ts builds its
 * schemas on them).
 */

/**
 * An order's life: placed unpaid, paid (waiting for shipment; the store owes the goods cost until it pays
 * it), shipped (waiting for the shopper's receipt), completed (received), or cancelled (every rupiah back
 * where it came from, stock returned).
 */
export const orderStatuses = ["pending_payment", "paid", "shipped", "completed", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The shopper's order tabs (seed section 1 and product.md section 4). */
export const orderTabs = [
  "all",
  "pending_payment",
  "pending_shipment",
  "pending_receipt",
  "pending_review",
  "cancelled",
] as const;
export type OrderTab = (typeof orderTabs)[number];

/**
 * The exception a shipped order is marked with when the provider took its payment back (decision 19): shown in
 * the reader's language, unlike an operator's own note.
 */
export const reversedException = "payment_reversed";

/**
 * The exceptions a courier's tracking marks a shipped order with (issue 27): shown in the reader's language.
 * The operator then refunds it (cancels it) or, for a parcel that still arrives, clears nothing: a later
 * "delivered" takes the exception away.
 */
export const parcelExceptions = [
  "parcel_lost",
  "parcel_returning",
  "parcel_returned",
  /** A cash-on-delivery order's window ended with no courier saying it was delivered: nothing was collected. */
  "cod_uncollected",
] as const;
export type ParcelException = (typeof parcelExceptions)[number];

/**
 * How the operator may cancel a shipped order by its parcel exception, if at all: a lost parcel (the goods are
 * gone, stock stays out), a returned one (the goods are back), or a cash-on-delivery parcel no courier ever said
 * it delivered (nothing was collected: cancelled as lost).
 */
export function parcelCancelReason(exception: string | null): "parcel_lost" | "parcel_returned" | null {
  if (exception === "parcel_lost" || exception === "cod_uncollected") return "parcel_lost";
  if (exception === "parcel_returned") return "parcel_returned";
  return null;
}

/** Why an order was cancelled. */
export const cancelReasons = [
  "shopper",
  "payment_expired",
  "goods_unpaid",
  "operator",
  "payment_reversed",
  "parcel_lost",
  "parcel_returned",
  /** A cash-on-delivery parcel the shopper refused (or could not be reached for), back with the sender. */
  "cod_refused",
] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** Every entry of an order's timeline. */
export const orderEvents = [
  "placed",
  "paid",
  "goods_paid",
  "goods_waiting",
  "shipped",
  "exception",
  "completed",
  "cancelled",
  "refunded",
  "return_requested",
  "return_refused",
  "return_escalated",
  "return_approved",
  "return_rejected",
  "replacement_shipped",
  "delivered",
  "return_shipped",
  "return_received",
  "return_refund_held",
] as const;

/** Who did something to an order. */
export const orderActors = ["shopper", "merchant", "operator", "system"] as const;
export type OrderActor = (typeof orderActors)[number];

/** Couriers the operator ships with (the common Indonesian ones). */
export const couriers = [
  { code: "jne", name: "JNE" },
  { code: "jnt", name: "J&T Express" },
  { code: "sicepat", name: "SiCepat" },
  { code: "anteraja", name: "AnterAja" },
  { code: "pos", name: "Pos Indonesia" },
  { code: "tiki", name: "TIKI" },
  { code: "ninja", name: "Ninja Xpress" },
] as const;
export type CourierCode = (typeof couriers)[number]["code"];
export const courierCodes = couriers.map((c) => c.code) as [CourierCode, ...CourierCode[]];

export function courierName(code: string): string {
  return couriers.find((c) => c.code === code)?.name ?? code;
}

export { maxCheckoutItems, maxItemQuantity } from "./quantities.ts";

/** The longest note a shopper may leave a store at checkout ("Pesan untuk penjual"), in characters. */
export const maxOrderNoteLength = 200;

/** The merchant order centre's views (seed section 4). */
export const merchantOrderViews = ["all", "goods_unpaid", "shipping", "completed", "paid"] as const;
export type MerchantOrderView = (typeof merchantOrderViews)[number];

/** The operator's fulfilment queues. */
export const fulfilmentViews = ["to_ship", "goods_unpaid", "shipped", "exception", "all"] as const;
export type FulfilmentView = (typeof fulfilmentViews)[number];

/** The four levels of the Indonesian administrative areas an address is picked from. */
export const areaLevels = ["province", "regency", "district", "village"] as const;
export type AreaLevel = (typeof areaLevels)[number];

/**
 * After-sales requests (seed section 1, product.md section 4): a return within `returnDays` of receipt, a
 * replacement within `replacementDays` (the FAQ's promises).
 */
export const afterSalesKinds = ["return", "replacement"] as const;
export type AfterSalesKind = (typeof afterSalesKinds)[number];
export const returnDays = 7;
export const replacementDays = 15;

/**
 * An after-sales request's life: requested (the store decides), refused by the store (the shopper may
 * escalate), escalated (the operator decides), approved (a replacement waits for the operator to ship it; a
 * return is refunded: the final state of a return), rejected by the operator (final), replaced (the new item
 * shipped). An approved return first travels back (issue 27, decision 23): returning (its parcel is on its way
 * to the warehouse), received (the goods are back but the refund waits for the operator: the store could not
 * pay its part), then approved once refunded.
 */
export const afterSalesStatuses = [
  "requested",
  "refused",
  "escalated",
  "approved",
  "rejected",
  "replaced",
  "returning",
  "received",
] as const;
export type AfterSalesStatus = (typeof afterSalesStatuses)[number];

/** Why the shopper sends an item back (issue 27): the category decides who pays the return postage. */
export const returnReasons = ["wrong_item", "damaged", "not_as_described", "changed_mind"] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** Who pays a return parcel's postage: the platform (nothing moves), the store, or the shopper (deducted). */
export const postagePayers = ["platform", "store", "shopper"] as const;
export type PostagePayer = (typeof postagePayers)[number];

/** Who pays return postage for each reason until an operator changes it (`/ops/settings`). */
export const returnPostageDefaults: Record<ReturnReason, PostagePayer> = {
  wrong_item: "platform",
  damaged: "platform",
  not_as_described: "store",
  changed_mind: "shopper",
};

/**
 * The operator's after-sales queues: escalated requests to decide, approved replacements to ship, returns
 * travelling back or waiting for their refund, all.
 */
export const opsAfterSalesViews = ["escalated", "to_replace", "returns", "all"] as const;
