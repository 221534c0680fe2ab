import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  courierProblemKinds,
  courierProviders,
  shipmentKinds,
  shipmentStatuses,
  shippingCouriers,
} from "#common/shipping.ts";
import { orders } from "../orders/orders.tables.ts";

/**
 * The shop's shipments (decision 21): each parcel it sends for an order (outbound), gets back (a return) or
 * sends again (a replacement), booked with the courier provider under the shipment's id. Its status is the
 * latest the courier reported; every step is kept in `shipment_events`.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    kind: text({ enum: shipmentKinds }).notNull(),
    /** The return request a return or replacement shipment belongs to. */
    returnId: text(),
    provider: text({ enum: ["table", "biteship"] }).notNull(),
    courier: text({ enum: shippingCouriers }).notNull(),
    service: text().notNull(),
    serviceName: text().notNull(),
    providerShipmentId: text(),
    waybill: text(),
    routingCode: text(),
    status: text({ enum: shipmentStatuses }).notNull(),
    /** What the courier charges for it. */
    price: bigint({ mode: "number" }).notNull(),
    /** Cash the courier collects on delivery; null when nothing is collected. */
    codAmount: bigint({ mode: "number" }),
    /**
     * What the courier keeps of the cash it collects, as its fee for collecting it, as it stated at booking
     * (Biteship's `destination.cash_on_delivery.fee`): the most a remittance may deduct for this parcel. Null
     * when nothing is collected, or the courier named no fee (then none may be deducted).
     */
    codCourierFee: bigint({ mode: "number" }),
    /** When the courier (or aggregator) paid the collected cash on to the shop, and its reference for it. */
    codRemittedAt: timestamp({ withTimezone: true }),
    codRemittance: text(),
    /** The fee the courier kept of this parcel's cash when it remitted (it remitted the rest). */
    codRemittedFee: bigint({ mode: "number" }),
    /**
     * While the courier is being asked to book the parcel: until when its order is held for the booking (a
     * cancel is refused meanwhile, issue 40). Null once the booking is recorded or failed.
     */
    bookingUntil: timestamp({ withTimezone: true }),
    /** When tracking last asked the courier. */
    trackedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("shipments_order_idx").on(t.orderId),
    uniqueIndex("shipments_one_outbound_idx")
      .on(t.orderId)
      .where(sql`${t.kind} = 'outbound' and ${t.status} <> 'cancelled'`),
    uniqueIndex("shipments_one_per_return_idx")
      .on(t.returnId, t.kind)
      .where(sql`${t.returnId} is not null and ${t.status} <> 'cancelled'`),
    index("shipments_waybill_idx").on(t.waybill),
    index("shipments_provider_idx").on(t.provider, t.providerShipmentId),
    check("shipments_money", sql`${t.price} >= 0 and (${t.codAmount} is null or ${t.codAmount} > 0)`),
    check(
      "shipments_cod_fees",
      sql`(${t.codCourierFee} is null or (${t.codAmount} is not null and ${t.codCourierFee} >= 0)) and (${t.codRemittedFee} is null or (${t.codRemittedFee} >= 0 and ${t.codRemittedFee} < ${t.codAmount}))`,
    ),
  ],
);

/**
 * A shipment's tracking steps as couriers reported them, by webhook or by polling: each once (the same step
 * reported twice, or again by the other path, is one row), shown oldest first by when it happened. A step the
 * courier gave no time for (`dated` false: `at` is when the shop heard of it) is kept once per courier status,
 * however often it is sent again (issue 40), until the courier's own time for it replaces the shop's.
 */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: serial().primaryKey(),
    shipmentId: text()
      .notNull()
      .references(() => shipments.id),
    status: text({ enum: shipmentStatuses }).notNull(),
    providerStatus: text().notNull(),
    note: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** Whether `at` is the courier's time for the step; false when it is when the shop heard of it. */
    dated: boolean().notNull().default(true),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique("shipment_events_once").on(t.shipmentId, t.providerStatus, t.at),
    uniqueIndex("shipment_events_undated_once")
      .on(t.shipmentId, t.providerStatus)
      .where(sql`not ${t.dated}`),
  ],
);

/**
 * What the operator must know of couriers (issue 40), shown on /ops/shipping until marked handled: a webhook
 * about a parcel the shop does not know (kept once per courier booking however often the courier resends it,
 * counted), and a booking the shop made and then cancelled, or could not cancel, because its order was
 * cancelled meanwhile. An unknown parcel's problem closes by itself when a later webhook about it applies.
 */
export const courierProblems = pgTable(
  "courier_problems",
  {
    id: serial().primaryKey(),
    provider: text({ enum: courierProviders }).notNull(),
    kind: text({ enum: courierProblemKinds }).notNull(),
    /** The courier's (or aggregator's) id of the booking. */
    providerShipmentId: text().notNull(),
    /** The shop's shipment and order, when it has them. */
    shipmentId: text(),
    orderId: text(),
    /** The courier's last status about it, and its waybill when it gave one. */
    providerStatus: text(),
    waybill: text(),
    /** What happened, for the operator: the courier's answer when it refused. */
    detail: text().notNull().default(""),
    /** How often it was reported. */
    count: integer().notNull().default(1),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: text(),
  },
  (t) => [
    uniqueIndex("courier_problems_open_once")
      .on(t.provider, t.kind, t.providerShipmentId)
      .where(sql`${t.resolvedAt} is null`),
    index("courier_problems_open_idx")
      .on(t.lastAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
