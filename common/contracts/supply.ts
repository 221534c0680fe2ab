import { z } from "zod";
import type { Localized } from "../locales.ts";
import { maxParcelCm, maxParcelGrams } from "../parcel.ts";
import { ImageViewSchema } from "./image.ts";
import { CategoryIdSchema, CursorSchema, plainText, prefixedId } from "./input.ts";
import { maxListingPrice } from "./merchants.ts";
import {
  maxOptionAxes,
  maxOptionValues,
  maxVariants,
  optionKinds,
  skuPattern,
  swatchPattern,
} from "../variants.ts";

/** A text in every language the shop speaks, each required. */
function localizedText(max: number, required: "errors.supply.name" | "errors.supply.description") {
  const one = plainText(z.string().trim().min(1, required).max(max, "errors.supply.tooLong"));
  return z.object({ ind: one, en: one, zh: one }) satisfies z.ZodType<Localized>;
}

const supplyNameMax = 120;
const supplyDescriptionMax = 2000;

const SupplyPrice = z
  .number("errors.supply.price")
  .int("errors.supply.price")
  .positive("errors.supply.price")
  .max(maxListingPrice, "errors.supply.price");

const ParcelGrams = z
  .number("errors.supply.weight")
  .int("errors.supply.weight")
  .min(1, "errors.supply.weight")
  .max(maxParcelGrams, "errors.supply.weight");
const ParcelCm = z
  .number("errors.supply.size")
  .int("errors.supply.size")
  .min(1, "errors.supply.size")
  .max(maxParcelCm, "errors.supply.size");

/** What the product is: names, description, category, boutique. */
const SupplyProductFields = z.object({
  categoryId: CategoryIdSchema,
  name: localizedText(supplyNameMax, "errors.supply.name"),
  description: localizedText(supplyDescriptionMax, "errors.supply.description"),
  boutique: z.boolean().default(false),
});

/** What a variant is priced and packed at (a product without options has one variant). */
const VariantFields = z.object({
  merchantPrice: SupplyPrice,
  suggestedPrice: SupplyPrice,
  /** Packed for shipping (issue 27): what couriers charge by, the larger of weight and volume. */
  weightGrams: ParcelGrams,
  lengthCm: ParcelCm,
  widthCm: ParcelCm,
  heightCm: ParcelCm,
});

const suggestedAtLeastCost = {
  path: ["suggestedPrice"],
  message: "errors.supply.suggestedBelowCost",
};

const SupplyProductInputSchema = SupplyProductFields.extend(VariantFields.shape).refine(
  (v) => v.suggestedPrice >= v.merchantPrice,
  suggestedAtLeastCost,
);
export type SupplyProductInput = z.infer<typeof SupplyProductInputSchema>;

const SupplyId = prefixedId("sup");

/** A new product with its one variant and that variant's first stock. */
export const SupplyCreateInputSchema = SupplyProductInputSchema.and(
  z.object({ stock: z.number().int().min(0, "errors.supply.stock").max(1_000_000, "errors.supply.stock") }),
);

/**
 * An edit of a product; the prices and packed size apply to its one variant, and may be left out (a product with
 * several variants is priced and packed per variant, `SupplyVariantsInputSchema`).
 */
export const SupplyUpdateInputSchema = SupplyProductFields.extend(VariantFields.partial().shape)
  .extend({ id: SupplyId })
  .refine(
    (v) =>
      v.suggestedPrice === undefined || v.merchantPrice === undefined || v.suggestedPrice >= v.merchantPrice,
    suggestedAtLeastCost,
  );
export type SupplyUpdateInput = z.infer<typeof SupplyUpdateInputSchema>;
/** An option value as the operator names it: in every language, a swatch for a colour. */
const OptionValueInput = z.object({
  /** An existing value's id; a new value has none. */
  id: prefixedId("opv").optional(),
  name: localizedText(40, "errors.supply.name"),
  swatch: z.string().regex(swatchPattern, "errors.supply.swatch").nullish(),
});

/**
 * A product's options and variants, saved at once (the operator's form): up to two axes with their values, and a
 * row per combination sold. A row names its values by their place in each axis's list (new values have no id
 * yet). Rows whose combination existed keep their variant (id, SKU, history); a variant left out is archived, never
 * deleted; a combination asked for again brings its archived variant back. Stock is given for new rows only
 * (existing stock changes through `stock`, audited).
 */
export const SupplyVariantsInputSchema = z
  .object({
    id: SupplyId,
    axes: z
      .array(
        z.object({
          name: localizedText(40, "errors.supply.name"),
          kind: z.enum(optionKinds),
          values: z
            .array(OptionValueInput)
            .min(1, "errors.supply.variantValues")
            .max(maxOptionValues, "errors.supply.variantValues"),
        }),
      )
      .max(maxOptionAxes, "errors.supply.variantAxes"),
    variants: z
      .array(
        VariantFields.extend({
          values: z
            .array(
              z
                .number()
                .int()
                .min(0)
                .max(maxOptionValues - 1),
            )
            .max(maxOptionAxes),
          sku: z.string().trim().regex(skuPattern, "errors.supply.sku"),
          stock: z
            .number()
            .int()
            .min(0, "errors.supply.stock")
            .max(1_000_000, "errors.supply.stock")
            .optional(),
        }).refine((v) => v.suggestedPrice >= v.merchantPrice, suggestedAtLeastCost),
      )
      .min(1, "errors.supply.variantsNone")
      .max(maxVariants, "errors.supply.variantsTooMany"),
  })
  .superRefine((input, ctx) => {
    // Two values of one axis named alike could not be told apart by a shopper.
    input.axes.forEach((axis, a) => {
      const names = axis.values.map((v) => v.name.ind.trim().toLowerCase());
      names.forEach((name, i) => {
        if (names.indexOf(name) !== i)
          ctx.addIssue({
            code: "custom",
            path: ["axes", a, "values", i, "name"],
            message: "errors.supply.valueTwice",
          });
      });
    });
    const seen = new Set<string>();
    const skus = new Set<string>();
    input.variants.forEach((v, i) => {
      const fits =
        v.values.length === input.axes.length &&
        v.values.every((n, axis) => n < input.axes[axis]!.values.length);
      const key = v.values.join("/");
      if (!fits || seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "values"],
          message: "errors.supply.variantCombination",
        });
      if (skus.has(v.sku.toUpperCase()))
        ctx.addIssue({ code: "custom", path: ["variants", i, "sku"], message: "errors.supply.skuTaken" });
      seen.add(key);
      skus.add(v.sku.toUpperCase());
    });
  });
export type SupplyVariantsInput = z.infer<typeof SupplyVariantsInputSchema>;

export const SupplyIdInputSchema = z.object({ id: SupplyId });
export const SupplyStockInputSchema = z.object({
  id: SupplyId,
  /** Which variant; may be left out for a product with one. */
  variantId: prefixedId("var").optional(),
  /** Added (a delivery) or taken away (a correction); stock never goes below zero. */
  change: z
    .number("errors.supply.stockChange")
    .int("errors.supply.stockChange")
    .min(-1_000_000, "errors.supply.stockChange")
    .max(1_000_000, "errors.supply.stockChange")
    .refine((v) => v !== 0, "errors.supply.stockChange"),
});
export const SupplyStatusInputSchema = z.object({ id: SupplyId, status: z.enum(["active", "archived"]) });
export const SupplyImageRemoveInputSchema = z.object({ id: SupplyId, imageId: prefixedId("img") });

/** A new gallery image, as multipart form data: the product's id in `id`, the picture in `image`. */
export const SupplyImageInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => ({ id: form.get("id"), image: form.get("image") }))
  .pipe(
    z.object({
      id: SupplyId,
      image: z.instanceof(File, { error: "errors.image.invalid" }),
    }),
  );

export const SupplyOpsInputSchema = z.object({
  q: plainText(z.string().trim().max(60))
    .optional()
    .transform((v) => (v ? v : undefined)),
  view: z.enum(["active", "boutique", "archived"]).default("active"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

/** A supply product as the operator edits it: every language, its images, stock and how many stores list it. */
export const SupplyOpsItemSchema = z.object({
  id: z.string(),
  categoryId: z.number().int(),
  name: z.object({ ind: z.string(), en: z.string(), zh: z.string() }),
  description: z.object({ ind: z.string(), en: z.string(), zh: z.string() }),
  merchantPrice: z.number().int(),
  suggestedPrice: z.number().int(),
  stock: z.number().int(),
  /** How many variants it has (not archived); prices and size above are the first's when there is one. */
  variants: z.number().int(),
  boutique: z.boolean(),
  weightGrams: z.number().int(),
  lengthCm: z.number().int(),
  widthCm: z.number().int(),
  heightCm: z.number().int(),
  status: z.enum(["active", "archived"]),
  images: z.array(z.object({ id: z.string(), image: ImageViewSchema })),
  /** The option axes in order, with every value (in every language). */
  options: z.array(
    z.object({
      position: z.number().int(),
      name: z.object({ ind: z.string(), en: z.string(), zh: z.string() }),
      kind: z.enum(optionKinds),
      values: z.array(
        z.object({
          id: z.string(),
          name: z.object({ ind: z.string(), en: z.string(), zh: z.string() }),
          swatch: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** The variants not archived, in order. */
  variantRows: z.array(
    z.object({
      id: z.string(),
      /** Option value ids, in axis order. */
      values: z.array(z.string()),
      sku: z.string(),
      merchantPrice: z.number().int(),
      suggestedPrice: z.number().int(),
      stock: z.number().int(),
      weightGrams: z.number().int(),
      lengthCm: z.number().int(),
      widthCm: z.number().int(),
      heightCm: z.number().int(),
      image: ImageViewSchema.nullable(),
    }),
  ),
  listings: z.number().int(),
  updatedAt: z.date(),
});
export type SupplyOpsItem = z.infer<typeof SupplyOpsItemSchema>;

export const SupplyOpsViewSchema = z.object({
  items: z.array(SupplyOpsItemSchema),
  nextCursor: z.string().nullable(),
});

export const CategoryInputSchema = z.object({
  parentId: CategoryIdSchema.nullable(),
  sort: z.number().int().min(0).max(10_000).default(0),
  name: localizedText(40, "errors.supply.name"),
});
export const CategoryUpdateInputSchema = CategoryInputSchema.extend({ id: CategoryIdSchema });

/** Every category in every language, for the operator's tree. */
export const CategoryOpsViewSchema = z.array(
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    sort: z.number().int(),
    name: z.object({ ind: z.string(), en: z.string(), zh: z.string() }),
    products: z.number().int(),
  }),
);
