import { z } from "zod";
import { parseAccount } from "../account.ts";
import { applicationStatuses, merchantOpsViews, storeStatuses } from "../merchant-states.ts";
import { maxListingPrice } from "../money.ts";
import { maxVariants } from "../variants.ts";
import { ImageViewSchema } from "./image.ts";
import { CategoryIdSchema, CursorSchema, plainText, prefixedId } from "./input.ts";
import { IdempotencyKeySchema } from "./ledger.ts";

/** An Indonesian mobile number as typed (08…, +62…, or without the 0), stored in E.164. */
const StorePhone = z
  .string()
  .trim()
  .min(1, "errors.merchant.phone")
  .max(24, "errors.merchant.phoneFormat")
  .transform((v, ctx) => {
    const parsed = parseAccount(v.startsWith("+") || v.startsWith("0") ? v : `+62${v}`);
    if (parsed?.kind !== "phone") {
      ctx.addIssue({ code: "custom", message: "errors.merchant.phoneFormat" });
      return z.NEVER;
    }
    return parsed.value;
  });

export const storeNameMax = 40;
export const storeIntroMax = 500;

const StoreName = plainText(
  z.string().trim().min(2, "errors.merchant.storeName").max(storeNameMax, "errors.merchant.storeNameLong"),
);
const StoreIntro = plainText(z.string().trim().max(storeIntroMax, "errors.merchant.introLong"));

/** A form field's text, or "" when absent (a multipart form carries only strings and files). */
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** An optional image in a multipart form: null when the field is absent or an empty file. */
const fileField = (form: FormData, name: string) => {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
};

const ApplicationFieldsSchema = z.object({
  storeName: StoreName,
  phone: StorePhone,
  intro: StoreIntro.min(1, "errors.merchant.intro"),
  ownerName: plainText(
    z.string().trim().min(2, "errors.merchant.ownerName").max(80, "errors.merchant.ownerNameLong"),
  ),
  categoryId: z.coerce
    .number<string>("errors.merchant.category")
    .pipe(CategoryIdSchema.refine(Boolean, "errors.merchant.category")),
});
export type ApplicationFields = z.infer<typeof ApplicationFieldsSchema>;

/** The application form: its fields and an optional logo, as multipart form data. */
export const ApplyInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => ({
    fields: {
      storeName: field(form, "storeName"),
      phone: field(form, "phone"),
      intro: field(form, "intro"),
      ownerName: field(form, "ownerName"),
      categoryId: field(form, "categoryId"),
    },
    logo: fileField(form, "logo"),
  }))
  .pipe(z.object({ fields: ApplicationFieldsSchema, logo: z.instanceof(File).nullable() }));

export const ApplicationViewSchema = z.object({
  id: z.string(),
  storeName: z.string(),
  phone: z.string(),
  intro: z.string(),
  ownerName: z.string(),
  categoryId: z.number().int(),
  logo: ImageViewSchema.nullable(),
  status: z.enum(applicationStatuses),
  reason: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});
export type ApplicationView = z.infer<typeof ApplicationViewSchema>;

/** What the merchant entry shows a user: their role, their latest application and their store's state. */
export const MerchantStatusViewSchema = z.object({
  merchant: z.boolean(),
  application: ApplicationViewSchema.nullable(),
  store: z
    .object({ id: z.string(), status: z.enum(storeStatuses), reason: z.string().nullable() })
    .nullable(),
});
export type MerchantStatusView = z.infer<typeof MerchantStatusViewSchema>;

// ------------------------------------------------------------------------------------ the merchant centre

/** One day of the merchant home's chart (an Indonesian calendar day). */
const DayFigureSchema = z.object({
  day: z.string(),
  turnover: z.number().int(),
  orders: z.number().int(),
});
export type DayFigure = z.infer<typeof DayFigureSchema>;

/** The merchant home: the store, and figures each computed from records when read. */
export const MerchantHomeViewSchema = z.object({
  store: z.object({
    id: z.string(),
    name: z.string(),
    logo: ImageViewSchema.nullable(),
    status: z.enum(storeStatuses),
    reason: z.string().nullable(),
    level: z.number().int(),
    rating: z.number().nullable(),
  }),
  /** Active listings. */
  products: z.number().int(),
  /** Balance plus the goods cost paid for orders not yet completed (it comes back with the sale). */
  assets: z.number().int(),
  balance: z.number().int(),
  /** Sale subtotals of paid orders not cancelled. */
  turnover: z.number().int(),
  /** Sale subtotal minus goods cost over completed orders. */
  profit: z.number().int(),
  collections: z.number().int(),
  visits: z.number().int(),
  followers: z.number().int(),
  /** The last 30 days, oldest first. */
  days: z.array(DayFigureSchema),
});
export type MerchantHomeView = z.infer<typeof MerchantHomeViewSchema>;

/** What the funds page shows a merchant beside the balance. */
export const StoreMoneyViewSchema = z.object({ turnover: z.number().int(), profit: z.number().int() });

export const StoreSettingsViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  logo: ImageViewSchema.nullable(),
  intro: z.string(),
  autoPay: z.boolean(),
  status: z.enum(storeStatuses),
});
export type StoreSettingsView = z.infer<typeof StoreSettingsViewSchema>;

export const StoreSettingsInputSchema = z.object({
  name: StoreName,
  phone: StorePhone,
  intro: StoreIntro,
  autoPay: z.boolean(),
});
export type StoreSettingsInput = z.infer<typeof StoreSettingsInputSchema>;

/** A new logo, as multipart form data with the image in its `logo` field. */
export const LogoInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => form.get("logo"))
  .pipe(z.instanceof(File, { error: "errors.image.invalid" }));

// ------------------------------------------------------------------------------------------- operators

const ApplicationId = prefixedId("app");
const StoreId = prefixedId("str");
const Reason = plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300));

export const MerchantOpsInputSchema = z.object({
  view: z.enum(merchantOpsViews).default("pending"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

/** An application or a store in the operator's merchants page. */
const MerchantOpsItemSchema = z.object({
  kind: z.enum(["application", "store"]),
  id: z.string(),
  /** The applicant or owner's account (email or phone). */
  account: z.string(),
  storeName: z.string(),
  phone: z.string().nullable(),
  intro: z.string(),
  ownerName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  logo: ImageViewSchema.nullable(),
  status: z.enum(merchantOpsViews),
  reason: z.string().nullable(),
  createdAt: z.date(),
});
export type MerchantOpsItem = z.infer<typeof MerchantOpsItemSchema>;

export const MerchantOpsViewSchema = z.object({
  items: z.array(MerchantOpsItemSchema),
  nextCursor: z.string().nullable(),
});

export const ApproveInputSchema = z.object({ id: ApplicationId, idempotencyKey: IdempotencyKeySchema });
export const RejectInputSchema = ApproveInputSchema.extend({ reason: Reason });
export const StoreStatusInputSchema = z.object({
  storeId: StoreId,
  reason: Reason,
  idempotencyKey: IdempotencyKeySchema,
});
export const ReinstateInputSchema = z.object({ storeId: StoreId, idempotencyKey: IdempotencyKeySchema });

export const MerchantOpsCountsSchema = z.object({ pending: z.number().int() });

// --------------------------------------------------------------------------------- the store's products

export { maxListingPrice };

const ListingPriceSchema = z
  .number("errors.listing.price")
  .int("errors.listing.price")
  .positive("errors.listing.price")
  .max(maxListingPrice, "errors.listing.priceHigh");

export const SupplyInputSchema = z.object({
  q: plainText(z.string().trim().max(60))
    .optional()
    .transform((v) => (v ? v : undefined)),
  categoryId: CategoryIdSchema.optional(),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type SupplyInput = z.infer<typeof SupplyInputSchema>;

/**
 * A supply product as a merchant sees it: the range of its variants' costs and suggested prices (equal ends for one
 * variant), their shared stock, how many variants it has, and the store's own listing: its price range, how many
 * variants it sells and how many new ones it has not priced yet.
 */
const SupplyItemViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: ImageViewSchema.nullable(),
  categoryId: z.number().int(),
  /** The lowest and highest cost of its variants: one price for every variant must reach the highest. */
  merchantPrice: z.number().int(),
  maxMerchantPrice: z.number().int(),
  suggestedPrice: z.number().int(),
  maxSuggestedPrice: z.number().int(),
  stock: z.number().int(),
  variants: z.number().int(),
  listing: z
    .object({
      id: z.string(),
      price: z.number().int(),
      maxPrice: z.number().int(),
      status: z.enum(["active", "hidden"]),
      variantsOnSale: z.number().int(),
      newVariants: z.number().int(),
    })
    .nullable(),
});
export type SupplyItemView = z.infer<typeof SupplyItemViewSchema>;

export const SupplyPageViewSchema = z.object({
  items: z.array(SupplyItemViewSchema),
  nextCursor: z.string().nullable(),
});

export const OwnListingsInputSchema = z.object({
  status: z.enum(["active", "hidden"]).default("active"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

/**
 * One of the store's listings: its price range (of the variants on sale) beside the cost range, the shared stock,
 * what it sold, and its variants: how many, how many on sale, and how many new ones it has never priced (off sale
 * until it does).
 */
export const OwnListingViewSchema = z.object({
  id: z.string(),
  supplyProductId: z.string(),
  name: z.string(),
  image: ImageViewSchema.nullable(),
  price: z.number().int(),
  maxPrice: z.number().int(),
  merchantPrice: z.number().int(),
  maxMerchantPrice: z.number().int(),
  suggestedPrice: z.number().int(),
  maxSuggestedPrice: z.number().int(),
  stock: z.number().int(),
  sales: z.number().int(),
  status: z.enum(["active", "hidden"]),
  /** False when the platform took the supply product off sale (it cannot be relisted then). */
  supplied: z.boolean(),
  variants: z.number().int(),
  variantsOnSale: z.number().int(),
  newVariants: z.number().int(),
});
export type OwnListingView = z.infer<typeof OwnListingViewSchema>;

export const OwnListingsViewSchema = z.object({
  items: z.array(OwnListingViewSchema),
  nextCursor: z.string().nullable(),
});

const SupplyProductId = prefixedId("sup");
const ListingId = prefixedId("prd");
const VariantId = prefixedId("var");

/** A store's prices for some variants of a product, each variant once. */
const VariantPricesSchema = z
  .array(z.object({ variantId: VariantId, price: ListingPriceSchema }))
  .min(1, "errors.api.invalidInput")
  .max(maxVariants, "errors.api.invalidInput")
  .refine((rows) => new Set(rows.map((r) => r.variantId)).size === rows.length, "errors.api.invalidInput");

/** Listing a supply product: one price for every variant, or a price per variant sold (the rest wait, off sale). */
export const ListProductInputSchema = z.union([
  z.object({ supplyProductId: SupplyProductId, price: ListingPriceSchema }),
  z.object({ supplyProductId: SupplyProductId, prices: VariantPricesSchema }),
]);
export const ListingPriceInputSchema = z.object({ listingId: ListingId, price: ListingPriceSchema });
export const ListingPricesInputSchema = z.object({ listingId: ListingId, prices: VariantPricesSchema });
export const ListingStatusInputSchema = z.object({
  listingId: ListingId,
  status: z.enum(["active", "hidden"]),
});
export const ListingVariantStatusInputSchema = ListingStatusInputSchema.extend({ variantId: VariantId });

export const StoreVariantsInputSchema = z.object({ supplyProductId: SupplyProductId });

/** A supply product's variants as the store's price dialog shows them. */
export const StoreVariantsViewSchema = z.object({
  supplyProductId: z.string(),
  /** The store's listing of the product; null when it does not list it yet. */
  listingId: z.string().nullable(),
  variants: z.array(
    z.object({
      id: z.string(),
      /** "Hitam / 42"; null for a product without options. */
      label: z.string().nullable(),
      sku: z.string(),
      merchantPrice: z.number().int(),
      suggestedPrice: z.number().int(),
      stock: z.number().int(),
      /** The store's price; null when it has not priced this variant (new, or the product not listed). */
      price: z.number().int().nullable(),
      onSale: z.boolean(),
    }),
  ),
});
export type StoreVariantsView = z.infer<typeof StoreVariantsViewSchema>;
