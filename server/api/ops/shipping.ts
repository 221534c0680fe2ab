import {
  CodLedgerViewSchema,
  CodRemitInputSchema,
  CodRemitViewSchema,
  CourierProblemsViewSchema,
  ResolveCourierProblemInputSchema,
  ShippingRatesInputSchema,
  ShippingRatesViewSchema,
  ShippingRateUpdateInputSchema,
  ShippingServicesViewSchema,
  ShippingServiceUpdateInputSchema,
  ShippingServiceViewSchema,
} from "#common/contracts/shipping-ops.ts";
import { z } from "zod";
import { resolveProblem } from "../../modules/shipping/shipping.service.ts";
import {
  courierServiceRates,
  updateCourierRate,
  updateCourierService,
} from "../../modules/courier/rates.service.ts";
import { recordRemittance } from "../../flows/shipping/remit.ts";
import { codLedger } from "../../read/ops-cod.ts";
import { opsCourierProblems, opsShippingServices } from "../../read/ops-shipping.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The built-in courier's services and rate table (issue 27, /ops/shipping): every change audited. */
export const opsShippingRouter = router({
  /** Every service, active or not, and the warehouse's zone (where parcels leave from). */
  services: operatorProcedure
    .output(ShippingServicesViewSchema)
    .query(({ ctx }) => opsShippingServices(ctx.db)),
  /** One service's rates from an origin zone to each of the eight zones. */
  rates: operatorProcedure
    .input(ShippingRatesInputSchema)
    .output(ShippingRatesViewSchema)
    .query(({ ctx, input }) => courierServiceRates(ctx.db, input)),
  /** A service's name, cash on delivery, least weight charged or whether checkouts offer it. */
  updateService: operatorProcedure
    .input(ShippingServiceUpdateInputSchema)
    .output(ShippingServiceViewSchema)
    .mutation(({ ctx, input }) => updateCourierService(ctx.db, ctx.user.id, input)),
  /** One rate: first and further kilograms' prices and the arrival estimate. */
  updateRate: operatorProcedure
    .input(ShippingRateUpdateInputSchema)
    .output(ShippingRatesViewSchema)
    .mutation(({ ctx, input }) => updateCourierRate(ctx.db, ctx.user.id, input)),
  /** Cash on delivery: what couriers owe, parcel by parcel, and the latest remittances. */
  cod: operatorProcedure.output(CodLedgerViewSchema).query(({ ctx }) => codLedger(ctx.db)),
  /** A courier's remittance of collected cash, from its report; audited, once per parcel. */
  remitCod: operatorProcedure
    .input(CodRemitInputSchema)
    .output(CodRemitViewSchema)
    .mutation(({ ctx, input }) => recordRemittance(ctx.db, ctx.user.id, input)),
  /** What the operator must know of couriers (issue 40): unknown parcels' webhooks, bookings of cancelled orders. */
  problems: operatorProcedure
    .output(CourierProblemsViewSchema)
    .query(({ ctx }) => opsCourierProblems(ctx.db)),
  /** The operator has handled a courier problem (ended the booking at the courier, or checked it); audited. */
  resolveProblem: operatorProcedure
    .input(ResolveCourierProblemInputSchema)
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await resolveProblem(ctx.db, ctx.user.id, input.id);
      return { id: input.id };
    }),
});
