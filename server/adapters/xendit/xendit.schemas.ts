import { z } from "zod";

/**
 * The subset of Xendit's Payments API v3 the shop speaks (docs.xendit.co/apidocs: "Create a payment request",
 * "Get the status of a payment request", "Cancel a payment request", "Simulate payment [test mode]", "Refund a
 * payment request", "Payment webhook notification", "Refund webhook notification", and the "Payments API
 * webhooks" event table), as zod schemas shared by the adapter, the simulator and the fixture tests.
 *
 * Requests are described as the shop sends them; answers and webhooks are parsed leniently (unknown fields are
 * dropped, fields the shop does not use are optional) because Xendit adds fields without a new api-version.
 */

/** The only value the `api-version` header takes on the v3 payment request endpoints (their OpenAPI enum). */
export const xenditApiVersion = "2024-11-11";

/** The header Xendit puts its webhook verification token in (dashboard: Settings, Webhooks). */
export const xenditCallbackTokenHeader = "x-callback-token";

/** Channel codes, one per channel page of docs.xendit.co ("Features" table, "Channel Code" row). */
export const xenditChannelCodes = [
  "QRIS",
  "BCA_VIRTUAL_ACCOUNT",
  "BNI_VIRTUAL_ACCOUNT",
  "BRI_VIRTUAL_ACCOUNT",
  "MANDIRI_VIRTUAL_ACCOUNT",
  "PERMATA_VIRTUAL_ACCOUNT",
  // GoPay's page (docs.xendit.co/docs/gopay, January 2026): GOPAY for one-time payments (GOPAY_RECURRING
  // needs an activation the shop does not have).
  "GOPAY",
  "OVO",
  "DANA",
  "SHOPEEPAY",
  "LINKAJA",
  "ALFAMART",
  "INDOMARET",
] as const;
export type XenditChannelCode = (typeof xenditChannelCodes)[number];

/** ISO 8601 with a zone, as every `created`, `updated` and `expires_at` of the examples. */
const DateTimeSchema = z
  .string()
  .refine((s) => /T.*(Z|[+-]\d\d:?\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)), {
    error: "must be an ISO 8601 date-time with a zone",
  });

/** "Key-value entries for your custom data": up to 50 keys of up to 40 characters, values up to 500. */
export const MetadataSchema = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, { error: "at most 50 keys" });

/**
 * `channel_properties` the shop sends. Which ones a channel takes is per channel (docs "Routing payment
 * channels" and the channel pages): return URLs for redirect e-wallets (HTTPS, 11 to 255 characters), the
 * E.164 mobile number for OVO, the expiry, the name shown on a virtual account and the payer's name for retail.
 */
export const RequestChannelPropertiesSchema = z.object({
  expires_at: DateTimeSchema.optional(),
  display_name: z.string().min(1).max(255).optional(),
  payer_name: z.string().min(1).max(255).optional(),
  account_mobile_number: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, { error: "must be an E.164 mobile number" })
    .optional(),
  success_return_url: z.string().min(11).max(255).optional(),
  failure_return_url: z.string().min(11).max(255).optional(),
  cancel_return_url: z.string().min(11).max(255).optional(),
  /** Only in the documented PromptPay example; accepted so the documented requests parse. */
  qr_string_type: z.enum(["DYNAMIC", "STATIC"]).optional(),
});

/** `POST /v3/payment_requests` body for `type: PAY` (OpenAPI schema Payments_API_Pay, without tokens and cards). */
export const CreatePaymentRequestBodySchema = z.object({
  reference_id: z.string().min(1).max(255),
  type: z.literal("PAY"),
  country: z.enum(["ID", "PH", "VN", "TH", "SG", "MY", "HK", "MX"]),
  currency: z.string().regex(/^[A-Z]{3}$/),
  request_amount: z.number().min(0),
  capture_method: z.enum(["AUTOMATIC", "MANUAL"]).optional(),
  channel_code: z.string().min(1),
  channel_properties: RequestChannelPropertiesSchema,
  description: z.string().min(1).max(1000).optional(),
  metadata: MetadataSchema.optional(),
});
export type CreatePaymentRequestBody = z.infer<typeof CreatePaymentRequestBodySchema>;

/** "Actions object contains possible next steps merchants can take to proceed with payment collection". */
export const ActionSchema = z.object({
  /** Documented: PRESENT_TO_CUSTOMER, REDIRECT_CUSTOMER, API_POST_REQUEST. */
  type: z.string(),
  /**
   * Documented: CAPTURE_PAYMENT, PAYMENT_CODE, QR_STRING, VIRTUAL_ACCOUNT_NUMBER, WEB_URL, DEEPLINK_URL,
   * VALIDATE_OTP, RESEND_OTP. Kept open: a descriptor the shop does not know is ignored, not an error.
   */
  descriptor: z.string(),
  value: z.string(),
});
export type XenditAction = z.infer<typeof ActionSchema>;

/**
 * Payment request statuses (Payments_API_PaymentRequestStatus). `REVERSED` is not in Xendit's v3 enum: the
 * shop's money guide expects a payment to be able to turn back after it succeeded, so the simulator can
 * produce it and the adapter reads it if it ever comes (see fixtures/README.md).
 */
export const paymentRequestStatuses = [
  "ACCEPTING_PAYMENTS",
  "REQUIRES_ACTION",
  "AUTHORIZED",
  "CANCELED",
  "EXPIRED",
  "SUCCEEDED",
  "FAILED",
  "REVERSED",
] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

/** Payment statuses (Payments_API_PaymentStatus), with the same `REVERSED` extension. */
export const paymentStatuses = [
  "AUTHORIZED",
  "CANCELED",
  "SUCCEEDED",
  "FAILED",
  "EXPIRED",
  "PENDING",
  "REVERSED",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** `channel_properties` as answered: the shop reads only the expiry; the rest is channel-specific. */
const ResponseChannelPropertiesSchema = z.looseObject({ expires_at: DateTimeSchema.optional() });

/**
 * The payment request object (Payments_API_PaymentRequestSchema): the answer of create, get and cancel, and the
 * `data` of `payment_request.*` webhooks. Only the id and the status are certain in every documented example
 * (the Mandiri page's answer shows nothing else).
 */
export const PaymentRequestSchema = z.object({
  business_id: z.string().optional(),
  reference_id: z.string().optional(),
  payment_request_id: z.string().min(1),
  latest_payment_id: z.string().nullish(),
  customer_id: z.string().nullish(),
  type: z.enum(["PAY", "PAY_AND_SAVE", "REUSABLE_PAYMENT_CODE"]).optional(),
  country: z.string().optional(),
  currency: z.string().optional(),
  request_amount: z.number().min(0).optional(),
  capture_method: z.enum(["AUTOMATIC", "MANUAL"]).optional(),
  channel_code: z.string().optional(),
  channel_properties: ResponseChannelPropertiesSchema.optional(),
  actions: z.array(ActionSchema).nullish(),
  status: z.enum(paymentRequestStatuses),
  failure_code: z.string().nullish(),
  description: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created: DateTimeSchema.optional(),
  updated: DateTimeSchema.optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;

/** The payment object (Payments_API_PaymentSchema): the `data` of `payment.*` webhooks. */
export const PaymentSchema = z.object({
  payment_id: z.string().min(1),
  business_id: z.string().optional(),
  reference_id: z.string().min(1),
  payment_request_id: z.string().min(1),
  payment_token_id: z.string().nullish(),
  customer_id: z.string().nullish(),
  /** The enum says PAY, PAY_AND_SAVE, REUSABLE_PAYMENT_CODE; the webhook examples say SINGLE_PAYMENT. */
  type: z.string().optional(),
  country: z.string().optional(),
  currency: z.string().min(1),
  /** Absent from the documented capture of a reusable virtual account, whose amount is in `captures`. */
  request_amount: z.number().min(0).optional(),
  capture_method: z.enum(["AUTOMATIC", "MANUAL"]).optional(),
  channel_code: z.string().optional(),
  channel_properties: z.looseObject({}).optional(),
  captures: z
    .array(
      z.object({
        capture_id: z.string().optional(),
        capture_amount: z.number().min(0).optional(),
        capture_timestamp: DateTimeSchema.optional(),
      }),
    )
    .nullish(),
  status: z.enum(paymentStatuses),
  payment_details: z.looseObject({}).nullish(),
  failure_code: z.string().nullish(),
  description: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created: DateTimeSchema.optional(),
  updated: DateTimeSchema.optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/**
 * Webhook events of the Payments API ("Payments API webhooks" table): `payment.capture`, `payment.authorization`,
 * `payment.expiry` and `payment.failure` carry a payment, `payment_request.expiry` a payment request, and
 * `refund.succeeded` and `refund.failed` a refund. `payment.reversal` is not documented: it is the simulator's
 * name for a payment that turned back (see `paymentRequestStatuses`).
 */
export const refundEvents = ["refund.succeeded", "refund.failed"] as const;

/** Body of a `payment.*` webhook ("Payment webhook notification"). */
export const PaymentWebhookSchema = z.object({
  event: z.string().startsWith("payment."),
  business_id: z.string(),
  created: DateTimeSchema,
  data: PaymentSchema,
  api_version: z.string().optional(),
});
export type PaymentWebhook = z.infer<typeof PaymentWebhookSchema>;

/** Body of a `payment_request.*` webhook: the event table names `payment_request.expiry`; no example is given. */
export const PaymentRequestWebhookSchema = z.object({
  event: z.string().startsWith("payment_request."),
  business_id: z.string(),
  created: DateTimeSchema,
  data: PaymentRequestSchema,
  api_version: z.string().optional(),
});
export type PaymentRequestWebhook = z.infer<typeof PaymentRequestWebhookSchema>;

/** Reasons a refund may be asked for (Payments_API_Reason). */
export const refundReasons = [
  "FRAUDULENT",
  "DUPLICATE",
  "REQUESTED_BY_CUSTOMER",
  "CANCELLATION",
  "OTHERS",
] as const;
export type RefundReason = (typeof refundReasons)[number];

/** `POST /refunds` body (Payments_API_Refund). */
export const CreateRefundBodySchema = z.object({
  payment_request_id: z.string().min(1),
  reference_id: z.string().min(1).max(255).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** Without it the refund is of the whole unrefunded amount ("Refund_Without_Amount"). */
  amount: z.number().positive().optional(),
  reason: z.enum(refundReasons),
  metadata: MetadataSchema.nullish(),
});
export type CreateRefundBody = z.infer<typeof CreateRefundBodySchema>;

/** The refund object (Payments_API_RefundSchema): the answer of `POST /refunds` and the refund webhooks' data. */
export const RefundSchema = z.object({
  id: z.string().min(1),
  payment_request_id: z.string().nullish(),
  /** "To be deprecated"; the only payment link in the documented webhook examples. */
  payment_id: z.string().nullish(),
  invoice_id: z.string().nullish(),
  payment_method_type: z.string().nullish(),
  reference_id: z.string().nullish(),
  channel_code: z.string().nullish(),
  currency: z.string().min(1),
  amount: z.number().positive(),
  status: z.enum(["SUCCEEDED", "FAILED", "PENDING", "CANCELLED"]),
  reason: z.string().nullish(),
  failure_code: z.string().nullish(),
  refund_fee_amount: z.number().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created: DateTimeSchema.optional(),
  updated: DateTimeSchema.optional(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** `GET /refunds?payment_request_id=…` (the Refund API's list, as xendit's generated API docs describe it). */
export const RefundListSchema = z.object({ data: z.array(RefundSchema), has_more: z.boolean() });
export type RefundList = z.infer<typeof RefundListSchema>;

const RefundWebhookFlatSchema = z.object({
  event: z.enum(refundEvents),
  business_id: z.string(),
  created: DateTimeSchema,
  data: RefundSchema,
});

/**
 * Body of a refund webhook ("Refund webhook notification"). The page's schema puts the refund in `data`; its
 * two examples wrap a whole second envelope in `data` (`data.data` is the refund). Both shapes are read.
 */
export const RefundWebhookSchema = z.preprocess((value) => {
  if (typeof value !== "object" || value === null || !("data" in value)) return value;
  const data: unknown = value.data;
  if (typeof data === "object" && data !== null && "event" in data && "data" in data) {
    return { ...value, data: data.data };
  }
  return value;
}, RefundWebhookFlatSchema);
export type RefundWebhook = z.infer<typeof RefundWebhookSchema>;

/** Any webhook's envelope: what tells which of the schemas above to read it with. */
export const WebhookEnvelopeSchema = z.object({ event: z.string().min(1) });

/** Every documented error body: `{ "error_code": "...", "message": "..." }`. */
export const ErrorBodySchema = z.object({ error_code: z.string().min(1), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `POST /v3/payment_requests/{id}/simulate` body and answer ("Simulate payment [test mode]"). */
export const SimulatePaymentBodySchema = z.object({ amount: z.number().positive().optional() });
export const SimulatePaymentResponseSchema = z.object({ status: z.literal("PENDING"), message: z.string() });
