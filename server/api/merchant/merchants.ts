import {
  ApplicationViewSchema,
  ApplyInputSchema,
  ListingPriceInputSchema,
  ListingPricesInputSchema,
  ListingStatusInputSchema,
  ListingVariantStatusInputSchema,
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
  StoreVariantsInputSchema,
  StoreVariantsViewSchema,
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
  merchantVariants,
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
  /** A supply product's variants with the store's price and on-sale state of each, for the price dialog. */
  variants: merchantProcedure
    .input(StoreVariantsInputSchema)
    .output(StoreVariantsViewSchema)
    .query(({ ctx, input }) => merchantVariants(ctx, ctx.user.id, input.supplyProductId)),
  /** Lists a supply product: one price for every variant, or a price per variant sold. */
  list: merchantProcedure
    .input(ListProductInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => listProduct(ctx, ctx.user.id, input)),
  /** One price for every variant of a listing (each then on sale). */
  reprice: merchantProcedure
    .input(ListingPriceInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => updateListing(ctx, ctx.user.id, input.listingId, { price: input.price })),
  /** A price for some variants of a listing, each at least its cost (each then on sale). */
  repriceVariants: merchantProcedure
    .input(ListingPricesInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => updateListing(ctx, ctx.user.id, input.listingId, { prices: input.prices })),
  setListingStatus: merchantProcedure
    .input(ListingStatusInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) => updateListing(ctx, ctx.user.id, input.listingId, { status: input.status })),
  /** One variant of a listing on or off sale (on sale relists a hidden listing). */
  setVariantStatus: merchantProcedure
    .input(ListingVariantStatusInputSchema)
    .output(OwnListingViewSchema)
    .mutation(({ ctx, input }) =>
      updateListing(ctx, ctx.user.id, input.listingId, { variantId: input.variantId, status: input.status }),
    ),
});
