import { z } from "zod";
import { serviceKinds, shipmentKinds, shipmentStatuses, shippingCouriers } from "../shipping.ts";
import { prefixedId } from "./input.ts";

/** A courier service as a checkout offers it (issue 27). */
export const ShippingOptionSchema = z.object({
  courier: z.enum(shippingCouriers),
  service: z.string(),
  serviceName: z.string(),
  kind: z.enum(serviceKinds),
  price: z.number().int(),
  etaMinDays: z.number().int(),
  etaMaxDays: z.number().int(),
  cod: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** The courier service a shopper picked for one store's order. */
export const ShippingChoiceSchema = z.object({
  storeId: prefixedId("str"),
  courier: z.enum(shippingCouriers, "errors.shipping.chooseService"),
  service: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, "errors.shipping.chooseService"),
});

/** The choice as placed: with the price the shopper was shown, which the server checks again. */
export const PlacedShippingChoiceSchema = ShippingChoiceSchema.extend({
  price: z.number().int().min(0).max(100_000_000),
});

/** One step of a parcel's journey, as an order's page shows it. */
export const TrackingStepViewSchema = z.object({
  status: z.enum(shipmentStatuses),
  note: z.string(),
  at: z.string(),
});

/** A parcel of an order (sent, sent back or sent again) with its steps, newest first. */
export const ShipmentViewSchema = z.object({
  id: z.string(),
  kind: z.enum(shipmentKinds),
  courier: z.enum(shippingCouriers),
  serviceName: z.string(),
  waybill: z.string().nullable(),
  status: z.enum(shipmentStatuses),
  steps: z.array(TrackingStepViewSchema),
});
export type ShipmentView = z.infer<typeof ShipmentViewSchema>;

/** The courier desk moves a built-in parcel one step. */
export const MoveParcelInputSchema = z.object({
  shipmentId: prefixedId("shp"),
  to: z.enum(shipmentStatuses, "errors.shipping.badMove"),
});
