import { z } from "zod";
import { paymentChannels, walletPhonePattern } from "../payment-channels.ts";
import { prefixedId } from "./input.ts";
import { IdempotencyKeySchema } from "./ledger.ts";

/** The shop's states of a payment attempt (decision 19). */
export const attemptStates = [
  "pending",
  "paid",
  "failed",
  "expired",
  "cancelled",
  "reversed",
  "refunded",
] as const;
export type AttemptState = (typeof attemptStates)[number];

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
