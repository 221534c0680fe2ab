import {
  AddressesViewSchema,
  AddressIdInputSchema,
  AddressSaveInputSchema,
  AddressViewSchema,
  AreaInputSchema,
  AreasViewSchema,
  PostcodeInputSchema,
  PostcodeViewSchema,
} from "#common/contracts/orders.ts";
import { z } from "zod";
import {
  areasOf,
  listAddresses,
  postcodeOf,
  removeAddress,
  saveAddress,
  setDefaultAddress,
} from "../../modules/addresses/addresses.service.ts";
import { publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";

const ok = z.object({ ok: z.literal(true) });

/** The shopper's own delivery addresses. */
export const addressesRouter = router({
  list: shopperProcedure.output(AddressesViewSchema).query(({ ctx }) => listAddresses(ctx.db, ctx.user.id)),
  save: shopperProcedure
    .input(AddressSaveInputSchema)
    .output(AddressViewSchema)
    .mutation(({ ctx, input }) => saveAddress(ctx.db, ctx.user.id, input)),
  setDefault: shopperProcedure
    .input(AddressIdInputSchema)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await setDefaultAddress(ctx.db, ctx.user.id, input.id);
      return { ok: true as const };
    }),
  remove: shopperProcedure
    .input(AddressIdInputSchema)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await removeAddress(ctx.db, ctx.user.id, input.id);
      return { ok: true as const };
    }),
  /** Indonesia's provinces, regencies and cities, districts and villages: public data. */
  areas: publicProcedure
    .input(AreaInputSchema)
    .output(AreasViewSchema)
    .query(({ input }) => areasOf(input.level, input.parent)),
  /** A village's postcode from public data, which the address form fills in (decision 20): a suggestion. */
  postcode: publicProcedure
    .input(PostcodeInputSchema)
    .output(PostcodeViewSchema)
    .query(({ input }) => postcodeOf(input.villageCode)),
});
