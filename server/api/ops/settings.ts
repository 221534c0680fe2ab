import {
  CodSettingsSchema,
  MoneySettingsInputSchema,
  OpsSettingsViewSchema,
  ReturnPostageSchema,
  SiteLogoInputSchema,
  SiteSettingsInputSchema,
  WarehouseInputSchema,
} from "#common/contracts/settings.ts";
import { saveWarehouse } from "../../flows/warehouse.ts";
import {
  getOpsSettings,
  resetSiteLogo,
  updateCodSettings,
  updateMoneySettingsByOperator,
  updateReturnPostage,
  updateSiteLogo,
  updateSiteSettings,
} from "../../modules/settings/settings.service.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator's platform settings (product.md section 7): every change audited. */
export const opsSettingsRouter = router({
  get: operatorProcedure.output(OpsSettingsViewSchema).query(({ ctx }) => getOpsSettings(ctx.db)),
  /** Site title, description and support contacts. */
  updateSite: operatorProcedure
    .input(SiteSettingsInputSchema)
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx, input }) => updateSiteSettings(ctx.db, ctx.user.id, input)),
  /** Fees, windows, withdrawal and recharge limits, all at once. */
  updateMoney: operatorProcedure
    .input(MoneySettingsInputSchema)
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx, input }) => updateMoneySettingsByOperator(ctx.db, ctx.user.id, input)),
  /** A new logo (multipart form with the image in `logo`); the favicon and share image follow it. */
  updateLogo: operatorProcedure
    .input(SiteLogoInputSchema)
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx, input }) => updateSiteLogo(ctx, ctx.user.id, input)),
  /** Where every parcel leaves from: name, phone, area, postcode and street. */
  updateWarehouse: operatorProcedure
    .input(WarehouseInputSchema)
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx, input }) => saveWarehouse(ctx.db, ctx.user.id, input)),
  /** Cash on delivery: offered or not, fee, cap, who qualifies, who pays a refused parcel's way back. */
  updateCod: operatorProcedure
    .input(CodSettingsSchema)
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx, input }) => updateCodSettings(ctx.db, ctx.user.id, input)),
  /** Who pays return postage, for each reason a shopper gives. */
  updateReturnPostage: operatorProcedure
    .input(ReturnPostageSchema)
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx, input }) => updateReturnPostage(ctx.db, ctx.user.id, input)),
  resetLogo: operatorProcedure
    .output(OpsSettingsViewSchema)
    .mutation(({ ctx }) => resetSiteLogo(ctx.db, ctx.user.id)),
});
