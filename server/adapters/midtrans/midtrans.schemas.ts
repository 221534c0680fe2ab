import { z } from "zod";

/**
 * Midtrans Core API v2 bodies (docs.midtrans.com, issue 26): every request the adapter sends, every answer it
 * reads and the HTTP notification. Answers are read loosely, as Midtrans asks ("your implementation should
 * allow new fields to be later added"): unknown fields are dropped, never refused. Amounts come as strings
 * with two decimals ("44000.00"), status codes as strings ("201").
 */

/** An amount as Midtrans writes it: "44000.00". */
export const AmountStringSchema = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/);
/** Midtrans' own status code, a string of three digits ("201"), distinct from the HTTP status. */
export const StatusCodeSchema = z.string().regex(/^\d{3}$/);

// Requests. The field limits are the documented ones (transaction_details.order_id String(50), item name
// String(50), Mandiri's bill_info1 10 and bill_info2 30 characters).

export const TransactionDetailsSchema = z.object({
  order_id: z.string().min(1).max(50),
  gross_amount: z.number().int().positive(),
});

export const CustomerDetailsSchema = z.object({
  first_name: z.string().max(255).optional(),
  last_name: z.string().max(255).optional(),
  email: z.string().max(255).optional(),
  phone: z.string().max(255).optional(),
});

export const ItemDetailsSchema = z.object({
  id: z.string().max(50).optional(),
  price: z.number().int(),
  quantity: z.number().int().positive(),
  name: z.string().max(50),
  brand: z.string().optional(),
  category: z.string().optional(),
  merchant_name: z.string().optional(),
});

/** `custom_expiry`: order_time in "yyyy-MM-dd HH:mm:ss +0700", a duration and its unit. */
export const CustomExpirySchema = z.object({
  order_time: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/)
    .optional(),
  expiry_duration: z.number().int().positive(),
  unit: z.enum(["second", "minute", "hour", "day"]),
});

const chargeBase = {
  transaction_details: TransactionDetailsSchema,
  customer_details: CustomerDetailsSchema.optional(),
  item_details: z.array(ItemDetailsSchema).optional(),
  custom_expiry: CustomExpirySchema.optional(),
};

export const QrisChargeSchema = z.object({
  payment_type: z.literal("qris"),
  ...chargeBase,
  qris: z.object({ acquirer: z.enum(["gopay", "airpay shopee"]).optional() }).optional(),
});

export const BankTransferChargeSchema = z.object({
  payment_type: z.literal("bank_transfer"),
  ...chargeBase,
  bank_transfer: z.object({
    bank: z.enum(["bca", "bni", "bri", "permata", "cimb"]),
    va_number: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  }),
});

/** Permata as the integration guide still shows it; the adapter sends it as bank_transfer. */
export const PermataChargeSchema = z.object({ payment_type: z.literal("permata"), ...chargeBase });

export const EchannelChargeSchema = z.object({
  payment_type: z.literal("echannel"),
  ...chargeBase,
  echannel: z.object({
    bill_info1: z.string().min(1).max(10),
    bill_info2: z.string().min(1).max(30),
    bill_key: z
      .string()
      .regex(/^\d{6,12}$/)
      .optional(),
  }),
});

export const ShopeePayChargeSchema = z.object({
  payment_type: z.literal("shopeepay"),
  ...chargeBase,
  shopeepay: z.object({ callback_url: z.string().min(1).optional() }),
});

/**
 * GoPay (the "gopay" object): `enable_callback` appends `callback_url` to the deeplink, so the Gojek or GoPay
 * app sends the shopper back to the shop after paying.
 */
export const GopayChargeSchema = z.object({
  payment_type: z.literal("gopay"),
  ...chargeBase,
  gopay: z.object({
    enable_callback: z.boolean().optional(),
    callback_url: z.string().min(1).optional(),
  }),
});

export const CstoreChargeSchema = z.object({
  payment_type: z.literal("cstore"),
  ...chargeBase,
  cstore: z.object({
    // The Indomaret example writes "Indomaret"; Midtrans answers "indomaret".
    store: z
      .string()
      .toLowerCase()
      .pipe(z.enum(["alfamart", "indomaret"])),
    // "Label displayed in Indomaret POS", String(20). The rows of Alfamart's receipt are String(40) in the
    // object's reference, yet the Alfamart example sends 44 characters, so no limit is enforced here (the
    // adapter cuts its own at 40).
    message: z.string().max(20).optional(),
    alfamart_free_text_1: z.string().optional(),
    alfamart_free_text_2: z.string().optional(),
    alfamart_free_text_3: z.string().optional(),
  }),
});

export const OvoChargeSchema = z.object({
  payment_type: z.literal("ovo"),
  ...chargeBase,
  ovo: z.object({ payer_phone_number: z.string().regex(/^0\d{8,14}$/) }),
});

/** Every charge the adapter sends (POST /v2/charge), by `payment_type`. */
export const ChargeRequestSchema = z.discriminatedUnion("payment_type", [
  QrisChargeSchema,
  BankTransferChargeSchema,
  PermataChargeSchema,
  EchannelChargeSchema,
  ShopeePayChargeSchema,
  GopayChargeSchema,
  CstoreChargeSchema,
  OvoChargeSchema,
]);
export type ChargeRequest = z.infer<typeof ChargeRequestSchema>;

/** POST /v2/{order_id}/refund: `refund_key` is the merchant's refund id (letters, digits, `-`, `_`). */
export const RefundRequestSchema = z.object({
  refund_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(100)
    .optional(),
  amount: z.number().int().positive().optional(),
  reason: z.string().max(255).optional(),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

// Answers and notifications.

export const TransactionStatusSchema = z.enum([
  "authorize",
  "capture",
  "settlement",
  "deny",
  "pending",
  "cancel",
  "refund",
  "partial_refund",
  "chargeback",
  "partial_chargeback",
  "expire",
  "failure",
]);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

export const ActionSchema = z.object({ name: z.string(), method: z.string(), url: z.string() });

export const VaNumberSchema = z.object({ bank: z.string(), va_number: z.string() });

/** One refund of a transaction, as the status API and notifications list them. */
export const RefundEntrySchema = z.object({
  // A number in every example, though a table calls it a string.
  refund_chargeback_id: z.union([z.number().int(), z.string()]),
  refund_chargeback_uuid: z.string().optional(),
  refund_amount: AmountStringSchema,
  created_at: z.string().optional(),
  reason: z.string().optional(),
  refund_key: z.string().optional(),
  refund_method: z.string().optional(),
  bank_confirmed_at: z.string().optional(),
});

/**
 * A transaction as the charge, status and cancel answers and the notification describe it; which of the
 * channel fields are there depends on the payment type.
 */
const transactionFields = {
  status_code: StatusCodeSchema,
  status_message: z.string().optional(),
  transaction_id: z.string().min(1),
  order_id: z.string().min(1),
  merchant_id: z.string().optional(),
  gross_amount: AmountStringSchema,
  currency: z.string().optional(),
  payment_type: z.string(),
  transaction_time: z.string().optional(),
  // DANA's status example writes "PENDING".
  transaction_status: z.string().toLowerCase().pipe(TransactionStatusSchema),
  fraud_status: z.string().optional(),
  settlement_time: z.string().optional(),
  expiry_time: z.string().optional(),
  // The QRIS example of "Charge Transactions" says expire_time.
  expire_time: z.string().optional(),
  va_numbers: z.array(VaNumberSchema).optional(),
  permata_va_number: z.string().optional(),
  bill_key: z.string().optional(),
  biller_code: z.string().optional(),
  payment_code: z.string().optional(),
  store: z.string().optional(),
  actions: z.array(ActionSchema).optional(),
  qr_string: z.string().optional(),
  acquirer: z.string().optional(),
  issuer: z.string().optional(),
  payer_phone_number: z.string().optional(),
  refund_amount: AmountStringSchema.optional(),
  refunds: z.array(RefundEntrySchema).optional(),
  signature_key: z.string().optional(),
};

/** The answer to POST /v2/charge when the transaction was made (status_code 201, or 200/202). */
export const ChargeResponseSchema = z.object(transactionFields);
export type ChargeResponse = z.infer<typeof ChargeResponseSchema>;

/** The answer to GET /v2/{order_id}/status (status_code 200, 201, 202, or 407 for an expired one). */
export const StatusResponseSchema = z.object(transactionFields);
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

/** The answer to POST /v2/{order_id}/cancel; DANA's example has neither order_id nor transaction_id. */
export const CancelResponseSchema = z.object({
  ...transactionFields,
  transaction_id: z.string().min(1).optional(),
  order_id: z.string().min(1).optional(),
  payment_type: z.string().optional(),
});
export type CancelResponse = z.infer<typeof CancelResponseSchema>;

/** The answer to POST /v2/{order_id}/refund (and /refund/online/direct). */
export const RefundResponseSchema = z.object({
  status_code: StatusCodeSchema,
  status_message: z.string().optional(),
  transaction_id: z.string().optional(),
  order_id: z.string().optional(),
  payment_type: z.string().optional(),
  transaction_time: z.string().optional(),
  transaction_status: z.string().toLowerCase().pipe(TransactionStatusSchema),
  gross_amount: AmountStringSchema.optional(),
  refund_chargeback_id: z.union([z.number().int(), z.string()]).optional(),
  refund_amount: AmountStringSchema,
  refund_key: z.string().optional(),
});
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

/** What Midtrans answers when it refuses a call (401, 404, 406, 412, 414, ...). */
export const ErrorResponseSchema = z.object({
  status_code: StatusCodeSchema,
  status_message: z.string(),
  id: z.string().optional(),
  validation_messages: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** The HTTP notification Midtrans POSTs on every change of a transaction, signed by `signature_key`. */
export const NotificationSchema = z.object({
  ...transactionFields,
  signature_key: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
