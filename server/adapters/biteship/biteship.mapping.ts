import type { ServiceKind, ShipmentStatus, ShippingCourier } from "#common/shipping.ts";
import type { TrackingStep } from "../../platform/couriers.ts";
import { orderStatusOf, type HistoryEntry, type OrderStatus, type Pricing } from "./biteship.schemas.ts";

/**
 * Biteship's words in the shop's: its order statuses and their notes, what kind of service each courier's
 * product is, its arrival estimates, and a tracking history as the shop's steps.
 */

/**
 * Biteship's order (and tracking) statuses in the shop's words, one line each. Biteship has no state between
 * pick-up and the last mile: a parcel travelling between hubs stays `picked` (its hub scans are history notes),
 * so the shop's `in_transit` never comes from Biteship.
 */
export const shipmentStatusOf: Readonly<Record<OrderStatus, ShipmentStatus>> = {
  // "Order is ready to be confirmed. AWB has been generated." Booked, nobody has the parcel yet.
  confirmed: "booked",
  // "Order has been scheduled to be delivered." A booking with a pick-up date: still booked.
  scheduled: "booked",
  // "Order has been allocated, courier will pickup the package." A courier is named; the parcel is still here.
  allocated: "booked",
  // "Courier is on the way to pickup the package. (First Mile)" Still with the sender until `picked`.
  picking_up: "booked",
  // "Package has been picked up by courier." It stays `picked` through every hub until the last mile.
  picked: "picked_up",
  // "Courier is dropping off the package to the receiver. (Last Mile)"
  dropping_off: "out_for_delivery",
  // "Package has been delivered to the receiver."
  delivered: "delivered",
  // "Order is on hold for any reason." (Address unclear, recipient away, weather): may move on again.
  on_hold: "on_hold",
  // "Package is on the transit for a return to sender." Refused or undeliverable, travelling back.
  return_in_transit: "returning",
  // "Package has been returned to sender."
  returned: "returned",
  // "Package has been disposed / destroyed." The courier gave it up: lost to the shop.
  disposed: "lost",
  // "Order has been cancelled."
  cancelled: "cancelled",
  // "Order has been rejected." The courier refused the booking (Biteship: "contact Biteship"); no parcel moves.
  rejected: "cancelled",
  // "Cannot find courier for the order." Biteship's tracking page: "Your shipment is canceled".
  courier_not_found: "cancelled",
};

/** Biteship's own description of each status ("Order Status" table): the note of a webhook's step. */
export const statusNotes: Readonly<Record<OrderStatus, string>> = {
  confirmed: "Order is ready to be confirmed. AWB has been generated.",
  scheduled: "Order has been scheduled to be delivered.",
  allocated: "Order has been allocated, courier will pickup the package.",
  picking_up: "Courier is on the way to pickup the package.",
  picked: "Package has been picked up by courier.",
  cancelled: "Order has been cancelled.",
  on_hold: "Order is on hold.",
  dropping_off: "Courier is dropping off the package to the receiver.",
  return_in_transit: "Package is on the transit for a return to sender.",
  returned: "Package has been returned to sender.",
  rejected: "Order has been rejected.",
  disposed: "Package has been disposed / destroyed.",
  courier_not_found: "Cannot find courier for the order.",
  delivered: "Package has been delivered to the receiver.",
};

/**
 * What kind of service each courier's product is, by Biteship's `courier_service_code` (lower case). A code not
 * listed here is read by Biteship's `service_type` (`serviceKindOf`).
 */
export const serviceKinds: Readonly<Record<ShippingCourier, Readonly<Record<string, ServiceKind>>>> = {
  jne: {
    reg: "regular", // JNE Reguler
    yes: "express", // Yakin Esok Sampai: next day
    oke: "economy", // Ongkos Kirim Ekonomis
    jtr: "cargo", // JNE Trucking, from 10 kg (its weight bands, jtr<130 and so on, are read by the prefix)
  },
  jnt: {
    ez: "regular", // J&T EZ, its regular service
  },
  sicepat: {
    reg: "regular", // SiCepat Reguler
    best: "express", // Besok Sampai Tujuan: next day
    sds: "express", // SiCepat Same Day
    halu: "economy", // Harga Lebih Untung
    gokil: "cargo", // Cargo Kilat, from 10 kg
  },
  anteraja: {
    reg: "regular", // AnterAja Regular
    next_day: "express",
    same_day: "express",
  },
  pos: {
    reg: "regular", // Pos Reguler
    nextday: "express", // Pos Nextday
    sameday: "express", // Pos Sameday
    kargo: "cargo", // Pos Kargo
  },
};

/** The kind of a priced service: the table above, else Biteship's `service_type`, else by its name. */
export function serviceKindOf(
  courier: ShippingCourier,
  pricing: Pick<Pricing, "courier_service_code" | "service_type" | "courier_service_name">,
): ServiceKind {
  const code = pricing.courier_service_code.toLowerCase();
  const listed = serviceKinds[courier][code];
  if (listed) return listed;
  if (courier === "jne" && code.startsWith("jtr")) return "cargo";
  const name = pricing.courier_service_name.toLowerCase();
  if (/cargo|kargo|trucking/.test(name)) return "cargo";
  if (/eko|eco/.test(name)) return "economy";
  switch (pricing.service_type) {
    case "same_day":
    case "overnight":
    case "instant":
      return "express";
    default:
      return "regular";
  }
}

/**
 * Arrival estimate in days after pick-up, from `shipment_duration_range` ("1 - 2", "3") and its unit, or from
 * `duration` ("1 - 2 days"). Hours count as days started: 1-3 hours is the same day (0), 24-48 hours is 1-2 days.
 * `null` when neither can be read.
 */
export function etaDaysOf(
  pricing: Pick<Pricing, "shipment_duration_range" | "shipment_duration_unit" | "duration">,
): { min: number; max: number } | null {
  const parse = (range: string, unitText: string | null | undefined) => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*([a-z]*)/i.exec(range);
    if (!match) return null;
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : Number(match[2]);
    const unit = (unitText || match[3] || "days").toLowerCase();
    if (high < low) return null;
    if (/^(hours?|jam)$/.test(unit)) return { min: Math.floor(low / 24), max: Math.floor(high / 24) };
    if (/^(days?|hari)$/.test(unit)) return { min: low, max: high };
    return null;
  };
  if (pricing.shipment_duration_range) {
    const read = parse(pricing.shipment_duration_range, pricing.shipment_duration_unit);
    if (read) return read;
  }
  return pricing.duration ? parse(pricing.duration, null) : null;
}

/**
 * Tracking steps oldest first; a step whose status Biteship has not documented is left out. The tracking page's
 * camelCase spellings are kept as the order pages and webhooks spell them (`pickingUp` is `picking_up`), so the
 * shop knows a step it heard of by webhook when tracking tells it again.
 */
export function stepsOf(history: readonly HistoryEntry[]): TrackingStep[] {
  const steps: TrackingStep[] = [];
  for (const entry of history) {
    const known = orderStatusOf(entry.status);
    if (!known) continue;
    steps.push({
      status: shipmentStatusOf[known],
      providerStatus: known,
      note: entry.note?.trim() || statusNotes[known],
      at: new Date(entry.updated_at),
    });
  }
  // Stable: steps of the same minute keep Biteship's order.
  return steps.sort((a, b) => a.at.getTime() - b.at.getTime());
}
