// Zod-free shipping vocabulary (issue 27): safe to import into the browser bundle. The schemas of
// common/contracts/shipping.ts are built on these lists.

/** The couriers the shop quotes and ships with: the ones Indonesian shoppers know by name. */
export const shippingCouriers = ["jne", "jnt", "sicepat", "anteraja", "pos"] as const;
export type ShippingCourier = (typeof shippingCouriers)[number];

/**
 * What kind of service a courier's product is, whatever the courier calls it (JNE "YES" is express, SiCepat
 * "GOKIL" is cargo). Shown as a translated word next to the courier's own service name.
 */
export const serviceKinds = ["express", "regular", "economy", "cargo"] as const;
export type ServiceKind = (typeof serviceKinds)[number];

/**
 * A shipment's state in the shop's words; each courier's many states map onto these (decision 21).
 * `booked`: the courier has the order, nobody has picked it up yet. `returning`: refused or undeliverable,
 * on its way back to the sender. `returned`: back with the sender. `lost`: the courier gave it up.
 */
export const shipmentStatuses = [
  "booked",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "on_hold",
  "delivered",
  "returning",
  "returned",
  "lost",
  "cancelled",
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** States a parcel does not leave again: tracking stops at them. */
export const finalShipmentStatuses: readonly ShipmentStatus[] = [
  "delivered",
  "returned",
  "lost",
  "cancelled",
];

/** Why a shipment travels: the order to the shopper, a returned item back to the sender, its replacement. */
export const shipmentKinds = ["outbound", "return", "replacement"] as const;
export type ShipmentKind = (typeof shipmentKinds)[number];

/** The courier providers a shipment may be booked with (decisions 21, 22). */
export const courierProviders = ["table", "biteship"] as const;
export type CourierProvider = (typeof courierProviders)[number];

/** What a courier problem for the operator is about (issue 40, /ops/shipping). */
export const courierProblemKinds = [
  /** A verified courier webhook about a parcel the shop has no shipment for. */
  "unknown_shipment",
  /** A booking made for an order cancelled while it was being booked, cancelled again at the courier. */
  "booking_cancelled",
  /** Such a booking the courier would not (or could not then) cancel: still live, for the operator to end. */
  "booking_live",
] as const;
export type CourierProblemKind = (typeof courierProblemKinds)[number];

/**
 * The shipping zones of the built-in rate table: every one of Indonesia's 38 provinces (by its Kemendagri code,
 * as addresses store it) belongs to one. Rates are set per origin zone and destination zone.
 */
export const shippingZones = [
  "jakarta",
  "jawa",
  "bali_nusra",
  "sumatera",
  "kalimantan",
  "sulawesi",
  "maluku",
  "papua",
] as const;
export type ShippingZone = (typeof shippingZones)[number];

/**
 * Volumetric weight in grams of a parcel of this volume: length × width × height in cm / 6,000 is kilograms
 * (the divisor JNE, J&T, SiCepat and AnterAja use for their regular services).
 */
export function volumetricGrams(cubicCm: number): number {
  return Math.ceil(cubicCm / 6);
}

/**
 * What a courier charges by: the larger of the actual and the volumetric weight, rounded up to the kilogram,
 * never under a service's minimum.
 */
export function chargeableKg(actualGrams: number, volumetric: number, minKg = 1): number {
  return Math.max(minKg, Math.ceil(Math.max(actualGrams, volumetric) / 1000));
}
