import { z } from "zod";
import { listingSorts } from "../sorts.ts";
import { optionKinds } from "../variants.ts";
import { FlashItemViewSchema, FlashSlotViewSchema, ProductFlashSchema } from "./flash.ts";
import { ImageViewSchema } from "./image.ts";
import { CategoryIdSchema, CursorSchema as CursorInput, plainText, prefixedId } from "./input.ts";

const IdSchema = z.string().min(1).max(64);
/** An opaque position in a list, as the server issued it. */
const CursorSchema = z.string().min(1).max(300);

const CategoryViewSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  icon: ImageViewSchema.nullable(),
});
export type CategoryView = z.infer<typeof CategoryViewSchema>;

/** A listing as a product card shows it. */
export const ProductCardViewSchema = z.object({
  id: IdSchema,
  name: z.string(),
  image: ImageViewSchema.nullable(),
  /** The lowest price of its variants on sale, and the highest (equal when one price, or one variant). */
  price: z.number().int(),
  maxPrice: z.number().int(),
  suggestedPrice: z.number().int(),
  storeId: IdSchema,
  /** The same product from two stores reads as two offers, not a duplicate. */
  storeName: z.string(),
});
export type ProductCardView = z.infer<typeof ProductCardViewSchema>;

export const HomeViewSchema = z.object({
  categories: z.array(CategoryViewSchema),
  hot: z.array(ProductCardViewSchema),
  fresh: z.array(ProductCardViewSchema),
  boutique: z.array(ProductCardViewSchema),
});
export type HomeView = z.infer<typeof HomeViewSchema>;

export { listingSorts, type ListingSort } from "../sorts.ts";

export const ListingListInputSchema = z.object({
  categoryId: CategoryIdSchema.optional(),
  /** Only this store's products (the shop page). */
  storeId: prefixedId("str").optional(),
  /** Keywords over names and descriptions in every language; empty means no search. */
  q: plainText(z.string().trim().max(100, "catalog.search.tooLong"))
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.enum(listingSorts).default("overall"),
  cursor: CursorInput.min(1).optional(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type ListingListInput = z.input<typeof ListingListInputSchema>;

export const ListingPageViewSchema = z.object({
  items: z.array(ProductCardViewSchema),
  nextCursor: CursorSchema.nullable(),
  /** The query as search understood it when it corrected a misspelt word ("showing results for …"). */
  correctedQuery: z.string().nullable(),
});
export type ListingPageView = z.infer<typeof ListingPageViewSchema>;

export const ListingGetInputSchema = z.object({ id: prefixedId("prd") });

const StoreCardViewSchema = z.object({
  id: IdSchema,
  name: z.string(),
  logo: ImageViewSchema.nullable(),
  intro: z.string(),
});
export type StoreCardView = z.infer<typeof StoreCardViewSchema>;

/** An option axis as the product page picks it: colours as picture chips or swatches, sizes as text chips. */
const ProductOptionViewSchema = z.object({
  position: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  kind: z.enum(optionKinds),
  values: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      swatch: z.string().nullable(),
      image: ImageViewSchema.nullable(),
    }),
  ),
});
export type ProductOptionView = z.infer<typeof ProductOptionViewSchema>;

/** A variant on sale in this store: its option values (in axis order), the store's price and the shared stock. */
const ProductVariantViewSchema = z.object({
  id: IdSchema,
  values: z.array(IdSchema),
  /** "Hitam / 42"; null for a product without options. */
  label: z.string().nullable(),
  price: z.number().int(),
  suggestedPrice: z.number().int(),
  stock: z.number().int(),
  image: ImageViewSchema.nullable(),
});
export type ProductVariantView = z.infer<typeof ProductVariantViewSchema>;

/**
 * The home page's flash sale: the live slot (else the next one), its items with their product cards, and the
 * server's clock, which the countdown runs from.
 */
export const HomeFlashSchema = z.object({
  now: z.date(),
  slot: FlashSlotViewSchema.nullable(),
  items: z.array(FlashItemViewSchema.extend({ card: ProductCardViewSchema })),
});
export type HomeFlash = z.infer<typeof HomeFlashSchema>;

export const ProductDetailViewSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  /** The lowest and highest price of the variants on sale. */
  price: z.number().int(),
  maxPrice: z.number().int(),
  suggestedPrice: z.number().int(),
  /** Every variant on sale together. */
  stock: z.number().int(),
  options: z.array(ProductOptionViewSchema),
  variants: z.array(ProductVariantViewSchema),
  /** Items sold in paid orders not cancelled. */
  sales: z.number().int(),
  images: z.array(ImageViewSchema),
  category: CategoryViewSchema,
  /** The store, with how many of its vouchers anyone can claim now (issue 42). */
  store: StoreCardViewSchema.extend({ vouchers: z.number().int() }),
  /** Its flash sale, running or next (issue 42). */
  flash: ProductFlashSchema.nullable(),
});
export type ProductDetailView = z.infer<typeof ProductDetailViewSchema>;

export const CategoryTreeViewSchema = z.array(
  CategoryViewSchema.extend({ children: z.array(CategoryViewSchema) }),
);
export type CategoryTreeView = z.infer<typeof CategoryTreeViewSchema>;
export const RecommendedViewSchema = z.array(ProductCardViewSchema);
