import {
  ApplicationViewSchema,
  ApplyInputSchema,
  ListingPriceInputSchema,
  ListingStatusInputSchema,
  ListProductInputSchema,
  LogoInputSchema,
  MerchantHomeViewSchema,
  MerchantStatusViewSchema,
  OwnListingsInputSchema,
  OwnListingsViewSchema,
  OwnListingViewSchema,
  StoreMoneyViewSchema,
  StoreSettingsInputSchema,
  StoreSettingsViewSchema,
  SupplyInputSchema,
  SupplyPageViewSchema,
} from "#common/contracts/merchants.ts";
import { applyForStore, listProduct, updateListing } from "../../flows/merchants.ts";
import {
  merchantHome,
  merchantListings,
  merchantMoney,
  merchantStatus,
  merchantSupply,
} from "../../read/merchant-centre.ts";
import {
  getStoreSettings,
  updateStoreLogo,
  updateStoreSettings,
} from "../../modules/stores/stores.service.ts";
import { merchantProcedure, router, signedInProcedure } from "../../trpc/init.ts";

export const merchantsRouter = router({
  /** The merchant entry: is the caller a merchant, their latest application, their store's state. */
  status: signedInProcedure
    .output(MerchantStatusViewSchema)
    .query(({ ctx }) => merchantStatus(ctx, ctx.user)),
  /** A shopper applies to run a store (multipart form: fields and an optional logo). */
  applyForStore: signedInProcedure
    .input(ApplyInputSchema)
    .output(ApplicationViewSchema)
    .mutation(({ ctx, input }) => applyForStore(ctx, ctx.user, input)),
  /** The merchant home's figures. */
  home: merchantProcedure.output(MerchantHomeViewSchema).query(({ ctx }) => merchantHome(ctx, ctx.user.id)),
  /** Turnover and profit, shown beside the balance on the funds page. */
  money: merchantProcedure
    .output(StoreMoneyViewSchema)
    .query(({ ctx }) => merchantMoney(ctx.db, ctx.user.id)),
  /** The store management page. */
  store: merchantProcedure
    .output(StoreSettingsViewSchema)
    .query(({ ctx }) => getStoreSettings(ctx, ctx.user.id)),
  updateStore: merchantProcedure
    .input(StoreSettingsInputSchema)
    .output(StoreSettingsViewSchema)
    .mutation(({ ctx, input }) => updateStoreSettings(ctx, ctx.user.id, input)),
  /** A new store logo (multipart form with the image in `logo`). */
  updateLogo: merchantProcedure
    .input(LogoInputSchema)
    .output(StoreSettingsViewSchema)
    .mutation(({ ctx, input }) => updateStoreLogo(ctx, ctx.user.id, input)),
  /** The supply catalogue, with the store's own listing of each product. */
  supply: merchantProcedure
    .input(SupplyInputSchema)
    .output(SupplyPageViewSchema)
    .query(({ ctx, input }) => merchantSupply(ctx, ctx.user.id, input)),
  /** The store's listings, on sale or delisted. */
  listings: merchantProcedure
    .input(OwnListingsInputSchema)
    .output(OwnListingsViewSchema)
    .query(({ ctx, input }) => merchantListings(ctx, ctx.user.id, input)),
  list: merchantProcedure
    .input(ListProductInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => listProduct(ctx, ctx.user.id, input)),
  reprice: merchantProcedure
    .input(ListingPriceInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => updateListing(ctx, ctx.user.id, input.listingId, { price: input.price })),
  setListingStatus: merchantProcedure
    .input(ListingStatusInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => updateListing(ctx, ctx.user.id, input.listingId, { status: input.status })),
});
