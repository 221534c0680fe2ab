import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import {
  serviceKinds,
  shipmentStatuses,
  shippingCouriers,
  shippingZones,
  type ShipmentStatus,
} from "#common/shipping.ts";

/**
 * The built-in courier's services (decision 21): each courier's products the shop offers when no aggregator is
 * set, with the kind a shopper reads ("express"), whether the courier collects cash on delivery with it, the
 * least weight it charges (cargo starts at 10 kg) and whether the operator offers it at all.
 */
export const courierServices = pgTable(
  "courier_services",
  {
    courier: text({ enum: shippingCouriers }).notNull(),
    /** The courier's own code (`REG`, `YES`, `EZ`…). */
    service: text().notNull(),
    /** As the courier prints it ("JNE Reguler"). */
    name: text().notNull(),
    kind: text({ enum: serviceKinds }).notNull(),
    cod: boolean().notNull().default(false),
    minKg: integer().notNull().default(1),
    active: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courier, t.service] }),
    check("courier_services_min_kg", sql`${t.minKg} between 1 and 100`),
  ],
);

/**
 * The rate table: for a service, from an origin zone to a destination zone, the price of the first kilogram and
 * of each further one, and the arrival estimate in days. A zone pair without a row is not served.
 */
export const courierRates = pgTable(
  "courier_rates",
  {
    courier: text({ enum: shippingCouriers }).notNull(),
    service: text().notNull(),
    originZone: text({ enum: shippingZones }).notNull(),
    destinationZone: text({ enum: shippingZones }).notNull(),
    firstKg: bigint({ mode: "number" }).notNull(),
    nextKg: bigint({ mode: "number" }).notNull(),
    etaMinDays: integer().notNull(),
    etaMaxDays: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courier, t.service, t.originZone, t.destinationZone] }),
    check(
      "courier_rates_valid",
      sql`${t.firstKg} > 0 and ${t.firstKg} <= 10000000 and ${t.nextKg} >= 0 and ${t.nextKg} <= 10000000 and ${t.etaMinDays} >= 0 and ${t.etaMaxDays} >= ${t.etaMinDays} and ${t.etaMaxDays} <= 60`,
    ),
  ],
);

/** One step of a built-in parcel's journey. */
export interface ParcelStep {
  status: ShipmentStatus;
  note: string;
  at: string;
}

/**
 * Parcels booked with the built-in courier: its own record, as a courier's system would keep it, apart from the
 * shop's shipments. The courier desk (`/courier/desk/<waybill>`) stands in for the courier's people: it moves a
 * parcel along (picked up, in transit, delivered, refused, lost), and the shop follows by tracking it.
 */
export const courierParcels = pgTable(
  "courier_parcels",
  {
    id: text().primaryKey(),
    /** The shop's shipment id: one parcel per shipment, however often booking is asked. */
    reference: text().notNull().unique(),
    courier: text({ enum: shippingCouriers }).notNull(),
    service: text().notNull(),
    waybill: text().notNull().unique(),
    status: text({ enum: shipmentStatuses }).notNull(),
    price: bigint({ mode: "number" }).notNull(),
    codAmount: bigint({ mode: "number" }),
    /** Who and where, as booked: what the desk shows. */
    booking: jsonb().$type<{ from: string; to: string; note: string }>().notNull(),
    steps: jsonb().$type<ParcelStep[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("courier_parcels_money", sql`${t.price} >= 0 and (${t.codAmount} is null or ${t.codAmount} > 0)`),
  ],
);
