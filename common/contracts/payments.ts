import { z } from "zod";
import { attemptStates, paymentChannels, walletPhonePattern } from "../payment-channels.ts";
import { prefixedId } from "./input.ts";
import { IdempotencyKeySchema } from "./ledger.ts";

export { attemptStates, type AttemptState } from "../payment-channels.ts";

export const PaymentChannelSchema = z.enum(paymentChannels, "errors.checkout.selectMethod");

/** An Indonesian mobile number for OVO's push ("08…" or "+628…"); the server normalises it. */
export const WalletPhoneSchema = z.string().trim().regex(walletPhonePattern, "errors.payments.phone");

export const AttemptIdInputSchema = z.object({ id: prefixedId("pat") });

const PaymentActionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("qr"),
    qrString: z.string(),
    /** The QR drawn on the server as SVG markup (no QR code in the page's JavaScript). */
    qrSvg: z.string(),
  }),
  z.object({
    type: z.literal("va"),
    bank: z.enum(["bca", "bni", "bri", "mandiri", "permata"]),
    accountNumber: z.string(),
    billerCode: z.string().optional(),
  }),
  z.object({ type: z.literal("redirect"), url: z.string(), mobileUrl: z.string().optional() }),
  z.object({ type: z.literal("push"), phone: z.string() }),
  z.object({
    type: z.literal("code"),
    outlet: z.enum(["alfamart", "indomaret"]),
    paymentCode: z.string(),
  }),
]);
export type PaymentActionView = z.infer<typeof PaymentActionSchema>;

/** A channel the shop offers, with the fee it adds (0 when the operator set none). */
export const ChannelOfferSchema = z.object({
  channel: PaymentChannelSchema,
  /** The fee for the amount offered (a checkout's total; a recharge form's is for its minimum). */
  fee: z.number().int(),
  /** How the fee grows with the amount: fixed + ceil(amount × basisPoints / 10 000). */
  feeRule: z.object({ fixed: z.number().int(), basisPoints: z.number().int() }),
  /** Whether a refund of it goes back through the provider (else to the wallet). */
  refundable: z.boolean(),
  /** How long the shopper has to pay by it, in minutes (its group's window, the operator's setting). */
  windowMinutes: z.number().int(),
});
export type ChannelOffer = z.infer<typeof ChannelOfferSchema>;

/** A payment attempt as its method screen shows it (the page follows `status` by itself). */
export const AttemptViewSchema = z.object({
  id: z.string(),
  /** What it pays: orders (a `chk_` payment) or a wallet recharge (`rch_`). */
  purpose: z.enum(["orders", "recharge"]),
  subjectId: z.string(),
  /** Where the result lands: the order (one), the order list, or the recharge's result page. */
  orderIds: z.array(z.string()),
  channel: PaymentChannelSchema,
  /** What the shopper pays: the amount due plus the method's fee. */
  amount: z.number().int(),
  fee: z.number().int(),
  status: z.enum(attemptStates),
  expiresAt: z.date(),
  action: PaymentActionSchema,
  /** Still waiting and switchable to another method. */
  canSwitch: z.boolean(),
  /** The channels it can switch to, with their fees for what it pays (empty when it cannot switch). */
  channels: z.array(ChannelOfferSchema),
  /**
   * The orders it paid for, when every one of them was cancelled (their payment window closed, or they were
   * cancelled): nothing is left to pay, and the screen offers to buy them again instead (issue 40).
   */
  buyAgain: z.array(z.string()),
  /** The sandbox's play-money page that completes it (only on the sandbox provider). */
  simulateUrl: z.string().nullable(),
});
export type AttemptView = z.infer<typeof AttemptViewSchema>;

export const SwitchChannelInputSchema = z.object({
  id: prefixedId("pat"),
  channel: PaymentChannelSchema,
  phone: WalletPhoneSchema.optional(),
  idempotencyKey: IdempotencyKeySchema,
});

/** Where a new attempt is paid: the shop's own method screen. */
export const AttemptStartViewSchema = z.object({ attemptId: z.string() });

// ------------------------------------------------------------------------------------------- operators

export const paymentProviders = ["sandbox", "midtrans", "xendit"] as const;
export const eventOutcomes = [
  "applied",
  "unchanged",
  "forged",
  "unreadable",
  "unmatched",
  "mismatch",
  "contradicted",
] as const;
/**
 * What the shop could not apply: shown to the operator, never dropped. `contradicted`: it would have taken
 * back a payment the provider's status API says still stands (decision 19).
 */
export const unappliedOutcomes = ["forged", "unreadable", "unmatched", "mismatch", "contradicted"] as const;
export const differenceKinds = [
  "provider_paid_shop_not",
  "shop_paid_provider_not",
  "amount_differs",
  "refund_differs",
  "provider_unknown",
  "unmatched_event",
] as const;

const opsCursor = z
  .string()
  .max(64)
  .regex(/^[a-z]{3}_[0-9a-z]{1,59}$/, "errors.api.invalidInput")
  .nullish();

export const OpsPaymentsInputSchema = z.object({
  status: z.enum(attemptStates).optional(),
  channel: z.enum(paymentChannels).optional(),
  provider: z.enum(paymentProviders).optional(),
  cursor: opsCursor,
  limit: z.number().int().min(1).max(100).default(30),
});

/** Payment attempts, newest first, for the operator (by provider, channel and status). */
export const OpsPaymentsViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      user: z.string(),
      purpose: z.enum(["orders", "recharge"]),
      subjectId: z.string(),
      provider: z.enum(paymentProviders),
      channel: z.enum(paymentChannels),
      amount: z.number().int(),
      fee: z.number().int(),
      refunded: z.number().int(),
      status: z.enum(attemptStates),
      providerPaymentId: z.string().nullable(),
      createdAt: z.date(),
      paidAt: z.date().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const OpsPaymentEventsInputSchema = z.object({
  /** Only what the shop could not apply (the default), or every event. */
  unapplied: z.boolean().default(true),
  cursor: opsCursor,
  limit: z.number().int().min(1).max(100).default(30),
});

/** Provider notifications and status reads as received, with what the shop made of each. */
export const OpsPaymentEventsViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      provider: z.enum(paymentProviders),
      source: z.enum(["notification", "check"]),
      outcome: z.enum(eventOutcomes),
      attemptId: z.string().nullable(),
      providerStatus: z.string().nullable(),
      amount: z.number().int().nullable(),
      /**
       * The body as received (cut at 2 KB here; the database keeps 16 KB). Of a forged one only its first
       * 256 bytes were kept, with the SHA-256 (hex) of the whole in `bodySha256`.
       */
      body: z.string(),
      bodySha256: z.string().nullable(),
      receivedAt: z.date(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The latest daily reconciliations, each difference named. */
export const OpsReconciliationsViewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      provider: z.enum(paymentProviders),
      day: z.string(),
      checked: z.number().int(),
      createdAt: z.date(),
      differences: z.array(
        z.object({
          attemptId: z.string().nullable(),
          kind: z.enum(differenceKinds),
          shop: z.string().nullable(),
          provider: z.string().nullable(),
        }),
      ),
    }),
  ),
});
