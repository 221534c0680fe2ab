import {
  ShippingRatesInputSchema,
  ShippingRatesViewSchema,
  ShippingRateUpdateInputSchema,
  ShippingServicesViewSchema,
  ShippingServiceUpdateInputSchema,
  ShippingServiceViewSchema,
} from "#common/contracts/shipping-ops.ts";
import {
  courierServiceRates,
  updateCourierRate,
  updateCourierService,
} from "../../modules/courier/rates.service.ts";
import { opsShippingServices } from "../../read/ops-shipping.ts";
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
});
