import { z } from "zod";
import {
  courierProblemKinds,
  courierProviders,
  serviceKinds,
  shippingCouriers,
  shippingZones,
} from "../shipping.ts";
import { IdempotencyKeySchema } from "./ledger.ts";
import { plainText } from "./input.ts";

// The operator's shipping page (/ops/shipping, issue 27): the built-in courier's services and its rate table.
// Bounds are the database's (courier_services_min_kg, courier_rates_valid), so a refused value is a translated
// message here and never a constraint error there.

const Courier = z.enum(shippingCouriers, "errors.shippingOps.serviceNotFound");
/** A courier's own code for a service (`REG`, `YES`, `EZ`…), as a checkout names it. */
const ServiceCode = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, "errors.shippingOps.serviceNotFound");
const Zone = z.enum(shippingZones, "errors.shippingOps.zone");

/** The largest price per kilogram the rate table holds: Rp 10.000.000. */
export const maxKgPrice = 10_000_000;
/** The latest arrival estimate, in days. */
export const maxEtaDays = 60;

export const ShippingServiceKeySchema = z.object({ courier: Courier, service: ServiceCode });

/**
 * A change to a service: any of its name, cash on delivery, least weight charged and whether checkouts offer it.
 * Fields left out keep their value (the active switch sends only `active`).
 */
export const ShippingServiceUpdateInputSchema = ShippingServiceKeySchema.extend({
  name: plainText(
    z.string().trim().min(1, "errors.shippingOps.name").max(40, "errors.shippingOps.name"),
  ).optional(),
  cod: z.boolean().optional(),
  minKg: z
    .number("errors.shippingOps.minKg")
    .int("errors.shippingOps.minKg")
    .min(1, "errors.shippingOps.minKg")
    .max(100, "errors.shippingOps.minKg")
    .optional(),
  active: z.boolean().optional(),
});
export type ShippingServiceUpdateInput = z.infer<typeof ShippingServiceUpdateInputSchema>;

export const ShippingServiceViewSchema = z.object({
  courier: z.enum(shippingCouriers),
  service: z.string(),
  name: z.string(),
  kind: z.enum(serviceKinds),
  cod: z.boolean(),
  minKg: z.number().int(),
  active: z.boolean(),
});
export type ShippingServiceView = z.infer<typeof ShippingServiceViewSchema>;

/** Every service of the built-in courier in the operator's order, and the zone parcels leave from. */
export const ShippingServicesViewSchema = z.object({
  /** The warehouse's zone: where every parcel leaves from, so the rates that count. */
  originZone: z.enum(shippingZones),
  /** The warehouse's area names, village first. */
  originArea: z.string(),
  services: z.array(ShippingServiceViewSchema),
});
export type ShippingServicesView = z.infer<typeof ShippingServicesViewSchema>;

export const ShippingRatesInputSchema = ShippingServiceKeySchema.extend({ originZone: Zone });

/** One row of the rate table: a service's price and arrival estimate from one zone to another. */
export const ShippingRateViewSchema = z.object({
  destinationZone: z.enum(shippingZones),
  /** Null for a zone the service does not serve from this origin (no row). */
  rate: z
    .object({
      firstKg: z.number().int(),
      nextKg: z.number().int(),
      etaMinDays: z.number().int(),
      etaMaxDays: z.number().int(),
      updatedAt: z.date(),
    })
    .nullable(),
});
export type ShippingRateView = z.infer<typeof ShippingRateViewSchema>;

/** A service's rates from one origin zone to each of the eight zones, in the zones' order. */
export const ShippingRatesViewSchema = z.object({
  courier: z.enum(shippingCouriers),
  service: z.string(),
  originZone: z.enum(shippingZones),
  rates: z.array(ShippingRateViewSchema),
});
export type ShippingRatesView = z.infer<typeof ShippingRatesViewSchema>;

const KgPrice = (message: "errors.shippingOps.firstKg" | "errors.shippingOps.nextKg", min: number) =>
  z.number(message).int(message).min(min, message).max(maxKgPrice, message);
const EtaDays = z
  .number("errors.shippingOps.eta")
  .int("errors.shippingOps.eta")
  .min(0, "errors.shippingOps.eta")
  .max(maxEtaDays, "errors.shippingOps.eta");

/** A rate as the operator saves it: whole rupiah, the first kilogram above zero, days 0 to 60 in order. */
export const ShippingRateUpdateInputSchema = ShippingRatesInputSchema.extend({
  destinationZone: Zone,
  firstKg: KgPrice("errors.shippingOps.firstKg", 1),
  nextKg: KgPrice("errors.shippingOps.nextKg", 0),
  etaMinDays: EtaDays,
  etaMaxDays: EtaDays,
}).refine((r) => r.etaMaxDays >= r.etaMinDays, {
  path: ["etaMaxDays"],
  message: "errors.shippingOps.etaRange",
});
export type ShippingRateUpdateInput = z.infer<typeof ShippingRateUpdateInputSchema>;

// ------------------------------------------------------------------------------ cash-on-delivery remittance

/**
 * A courier's (or aggregator's) remittance of cash it collected on delivery, as its report states it: the
 * parcels it pays for, its reference, the fee it kept for collecting (at most what it named at booking), and the
 * amount received, which with the fee must be what those parcels collected (decision 24).
 */
export const CodRemitInputSchema = z.object({
  shipmentIds: z
    .array(z.string().regex(/^shp_[0-9a-z]{1,60}$/, "errors.cod.remitParcels"))
    .min(1, "errors.cod.remitParcels")
    .max(500, "errors.cod.remitParcels"),
  reference: plainText(
    z.string().trim().min(1, "errors.cod.remitReference").max(60, "errors.cod.remitReference"),
  ),
  amount: z
    .number("errors.cod.remitAmount")
    .int("errors.cod.remitAmount")
    .min(1, "errors.cod.remitAmount")
    .max(10_000_000_000, "errors.cod.remitAmount"),
  fee: z
    .number("errors.cod.remitFee")
    .int("errors.cod.remitFee")
    .min(0, "errors.cod.remitFee")
    .max(10_000_000_000, "errors.cod.remitFee"),
  idempotencyKey: IdempotencyKeySchema,
});
export type CodRemitInput = z.infer<typeof CodRemitInputSchema>;

/** What couriers owe for cash they collected, parcel by parcel, and the latest remittances. */
export const CodLedgerViewSchema = z.object({
  /** COD clearing's balance, as what couriers owe (never below zero unless over-remitted). */
  owed: z.number().int(),
  parcels: z.array(
    z.object({
      shipmentId: z.string(),
      orderId: z.string(),
      orderCode: z.string(),
      courier: z.enum(shippingCouriers),
      serviceName: z.string(),
      waybill: z.string().nullable(),
      /** What the courier collected. */
      codAmount: z.number().int(),
      /** The most it may keep of that as its fee, as it named it at booking (0 when it named none). */
      courierFee: z.number().int(),
      deliveredAt: z.date().nullable(),
    }),
  ),
  remittances: z.array(
    z.object({
      reference: z.string(),
      parcels: z.number().int(),
      /** What those parcels collected, the fee the courier kept, and what it paid (the difference). */
      collected: z.number().int(),
      fee: z.number().int(),
      amount: z.number().int(),
      at: z.date(),
    }),
  ),
});
export type CodLedgerView = z.infer<typeof CodLedgerViewSchema>;

/** A recorded remittance: its parcels, what they collected, the courier's fee and the amount received. */
export const CodRemitViewSchema = z.object({
  parcels: z.number().int(),
  collected: z.number().int(),
  fee: z.number().int(),
  amount: z.number().int(),
});

// ------------------------------------------------------------------------------------------ courier problems

/**
 * What the operator must know of couriers (issue 40): a courier's webhook about a parcel the shop does not know,
 * and bookings made for orders cancelled meanwhile (cancelled again, or still live at the courier).
 */
export const CourierProblemViewSchema = z.object({
  id: z.number().int(),
  provider: z.enum(courierProviders),
  kind: z.enum(courierProblemKinds),
  /** The courier's id of the booking. */
  providerShipmentId: z.string(),
  orderId: z.string().nullable(),
  orderCode: z.string().nullable(),
  providerStatus: z.string().nullable(),
  waybill: z.string().nullable(),
  detail: z.string(),
  count: z.number().int(),
  firstAt: z.date(),
  lastAt: z.date(),
});
export type CourierProblemView = z.infer<typeof CourierProblemViewSchema>;

export const CourierProblemsViewSchema = z.object({ items: z.array(CourierProblemViewSchema) });
export type CourierProblemsView = z.infer<typeof CourierProblemsViewSchema>;

export const ResolveCourierProblemInputSchema = z.object({
  id: z.number("errors.shipping.problemNotFound").int("errors.shipping.problemNotFound").positive(),
});
