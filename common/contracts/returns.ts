import { z } from "zod";
import {
  afterSalesKinds,
  afterSalesStatuses,
  maxItemQuantity,
  opsAfterSalesViews,
  postagePayers,
  returnReasons,
} from "../order-states.ts";
import { shipmentKinds, shipmentStatuses, shippingCouriers } from "../shipping.ts";
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
    variantId: textOf(form, "variantId"),
    kind: textOf(form, "kind"),
    category: textOf(form, "category"),
    quantity: textOf(form, "quantity"),
    reason: textOf(form, "reason"),
    photos: filesOf(form, "photos"),
    idempotencyKey: textOf(form, "idempotencyKey"),
  }))
  .pipe(
    z.object({
      orderId: prefixedId("ord"),
      /** The item: the variant bought. */
      variantId: prefixedId("var"),
      kind: z.enum(afterSalesKinds, "errors.returns.kind"),
      category: z.enum(returnReasons, "errors.returns.category"),
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

/**
 * The operator ships an approved replacement: booked with the courier (issue 27), the cheapest regular service
 * unless the operator picks one of those quoted.
 */
export const ShipReplacementInputSchema = z.object({
  id: ReturnId,
  service: z.object({ courier: z.enum(shippingCouriers), service: z.string().min(1).max(40) }).nullish(),
  idempotencyKey: IdempotencyKeySchema,
});

/** One request, to quote or book its parcel. */
export const ReturnIdInputSchema = z.object({ id: ReturnId });

/** The operator refunds a return without waiting for its parcel, saying why. */
export const RefundNowInputSchema = z.object({
  id: ReturnId,
  reason: plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300, "errors.ops.reasonLong")),
  idempotencyKey: IdempotencyKeySchema,
});

/**
 * What approving a return refunds, as the approval dialog states it (computed by the same function the
 * refund uses): the items, their VAT, the fees when it returns the order's last items, and the return postage
 * that the shopper pays (deducted) or the store pays (from its balance), with the courier service quoted.
 */
export const ReturnQuoteViewSchema = z.object({
  items: z.number().int(),
  vat: z.number().int(),
  fees: z.number().int(),
  payer: z.enum(postagePayers),
  postage: z.number().int(),
  /** What the shopper's refund loses to the postage (only when the shopper pays it). */
  deduction: z.number().int(),
  total: z.number().int(),
  serviceName: z.string(),
});
export type ReturnQuoteView = z.infer<typeof ReturnQuoteViewSchema>;

/** A courier service the operator may book a replacement with. */
export const ServiceOptionsViewSchema = z.array(
  z.object({
    courier: z.enum(shippingCouriers),
    service: z.string(),
    serviceName: z.string(),
    price: z.number().int(),
    etaMinDays: z.number().int(),
    etaMaxDays: z.number().int(),
  }),
);

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
  variantId: z.string(),
  item: z.string(),
  /** "Hitam / 42"; null for a product without options. */
  variantLabel: z.string().nullable(),
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
   * and service fee when it returns the order's last items (null once decided, and for replacements); before
   * any return postage, which needs a courier's quote: the approval dialog asks `returnQuote` for the exact
   * figure (issue 27).
   */
  refundQuote: z
    .object({
      items: z.number().int(),
      vat: z.number().int(),
      fees: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  /** A replacement shipped before issue 27: the courier and tracking number the operator typed. */
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  category: z.enum(returnReasons).nullable(),
  /** Who pays the return postage (once approved), and what the shopper or store paid toward it. */
  postagePayer: z.enum(postagePayers).nullable(),
  postageCharged: z.number().int().nullable(),
  /** The parcel this request travels by: a return back to the warehouse, or a replacement to the shopper. */
  shipment: z
    .object({
      id: z.string(),
      kind: z.enum(shipmentKinds),
      courier: z.enum(shippingCouriers),
      serviceName: z.string(),
      waybill: z.string().nullable(),
      status: z.enum(shipmentStatuses),
      /** Whether the courier has it (a booking that failed is tried again). */
      booked: z.boolean(),
      price: z.number().int(),
      /** Where it goes: the warehouse for a return, the shopper for a replacement. */
      to: z.object({ name: z.string(), address: z.string() }),
      /** Where the built-in courier's desk may move it next: filled for operators only. */
      moves: z.array(z.enum(shipmentStatuses)),
    })
    .nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type AfterSalesView = z.infer<typeof AfterSalesViewSchema>;

export const AfterSalesListViewSchema = z.object({
  items: z.array(AfterSalesViewSchema),
  nextCursor: z.string().nullable(),
});
