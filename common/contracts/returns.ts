import { z } from "zod";
import {
  afterSalesKinds,
  afterSalesStatuses,
  courierCodes,
  maxItemQuantity,
  opsAfterSalesViews,
} from "../order-states.ts";
import { afterSalesPhotosMax, afterSalesReasonMax } from "../review-states.ts";
import { ImageViewSchema } from "./image.ts";
import { CursorSchema, multilineText, plainText, prefixedId } from "./input.ts";
import { IdempotencyKeySchema } from "./ledger.ts";
import { filesOf } from "./reviews.ts";

const ReturnId = prefixedId("ret");
const Reason = multilineText(
  z
    .string()
    .trim()
    .min(1, "errors.returns.reasonRequired")
    .max(afterSalesReasonMax, "errors.returns.reasonLong"),
);
const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A return or replacement request, as multipart form data with up to three photos in `photos`. */
export const AfterSalesInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => ({
    orderId: textOf(form, "orderId"),
    listingId: textOf(form, "listingId"),
    kind: textOf(form, "kind"),
    quantity: textOf(form, "quantity"),
    reason: textOf(form, "reason"),
    photos: filesOf(form, "photos"),
    idempotencyKey: textOf(form, "idempotencyKey"),
  }))
  .pipe(
    z.object({
      orderId: prefixedId("ord"),
      listingId: prefixedId("prd"),
      kind: z.enum(afterSalesKinds, "errors.returns.kind"),
      quantity: z.coerce
        .number<string>("errors.returns.quantity")
        .int("errors.returns.quantity")
        .min(1, "errors.returns.quantity")
        .max(maxItemQuantity, "errors.returns.quantity"),
      reason: Reason,
      photos: z.array(z.instanceof(File)).max(afterSalesPhotosMax, "errors.reviews.tooManyPhotos"),
      idempotencyKey: IdempotencyKeySchema,
    }),
  );

/** The store (or, once escalated, the operator) approves or refuses; a refusal needs a reason. */
export const AfterSalesDecisionInputSchema = z
  .object({
    id: ReturnId,
    approve: z.boolean(),
    reason: plainText(z.string().trim().max(300, "errors.ops.reasonLong")).default(""),
    idempotencyKey: IdempotencyKeySchema,
  })
  .refine((v) => v.approve || v.reason.length > 0, {
    path: ["reason"],
    message: "errors.ops.reasonRequired",
  });

/** A refused shopper asks the operator to decide, saying why. */
export const EscalateInputSchema = z.object({
  id: ReturnId,
  note: Reason,
  idempotencyKey: IdempotencyKeySchema,
});

export const ShipReplacementInputSchema = z.object({
  id: ReturnId,
  courier: z.enum(courierCodes, "errors.ship.courier"),
  trackingNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, "errors.ship.tracking"),
  idempotencyKey: IdempotencyKeySchema,
});

export const OpsAfterSalesInputSchema = z.object({
  view: z.enum(opsAfterSalesViews).default("escalated"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

/** An after-sales request as the shopper, the store and the operator see it. */
export const AfterSalesViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderCode: z.string(),
  listingId: z.string(),
  item: z.string(),
  image: ImageViewSchema.nullable(),
  kind: z.enum(afterSalesKinds),
  quantity: z.number().int(),
  status: z.enum(afterSalesStatuses),
  reason: z.string(),
  images: z.array(ImageViewSchema),
  refusal: z.string().nullable(),
  escalation: z.string().nullable(),
  decision: z.string().nullable(),
  refund: z.number().int().nullable(),
  /**
   * What approving this return would refund now, part by part: the items' price, their VAT, and the postage
   * and service fee when it returns the order's last items (null once decided, and for replacements).
   */
  refundQuote: z
    .object({
      items: z.number().int(),
      vat: z.number().int(),
      fees: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type AfterSalesView = z.infer<typeof AfterSalesViewSchema>;

export const AfterSalesListViewSchema = z.object({
  items: z.array(AfterSalesViewSchema),
  nextCursor: z.string().nullable(),
});
