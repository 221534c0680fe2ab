import { paymentChannels } from "./payment-channels.ts";
/**
 * The wallet's fixed vocabularies, zod-free so pages can import them (common/contracts/ builds its schemas on
 * them).
 */

/**
 * The fund record types of the seed (section 3), the kind of every ledger transfer. A refund is shown as
 * what it reverses (product.md section 3): a rejected withdrawal's returned hold is a `withdrawal` record.
 */
export const fundTypes = [
  "prd_order_pay",
  "mch_order_pay",
  "recharge",
  "withdrawal",
  "profit",
  "system",
] as const;
export type FundType = (typeof fundTypes)[number];

/**
 * What a fund record is, as the reader is told it (its type alone does not say: an order payment coming back
 * is a refund; a store's "profit" record is the sale's proceeds, before its goods cost). A recharge that was
 * not paid moved no money and is listed too: waiting for its payment, cancelled or expired.
 */
export const fundEntries = [
  "order_payment",
  "order_refund",
  "goods_payment",
  "goods_refund",
  "sale",
  "sale_returned",
  "recharge",
  /** A recharge not paid yet: its payment window is still open (another method may still pay it). */
  "recharge_waiting",
  "recharge_cancelled",
  "recharge_expired",
  "withdrawal",
  "withdrawal_returned",
  "adjustment_credit",
  "adjustment_debit",
  /**
   * A provider's payment for orders no longer waiting (or for a recharge completed already), as recorded
   * before issue 40 named which of the two below it was.
   */
  "late_payment",
  /** A provider's payment for an order cancelled meanwhile (unpaid, or its payment window closed). */
  "cancelled_order_payment",
  /** A provider's payment for orders (or a recharge) already paid another way. */
  "double_payment",
  /** A refund sent on to the e-wallet or QRIS app that paid (and back, if the provider refused it). */
  "refund_to_provider",
  "refund_to_provider_returned",
  /** A provider took back a payment it had made (a reversal or chargeback). */
  "payment_reversed",
  /** A store's part of the postage of a parcel sent back (issue 27): a return, or a refused COD parcel. */
  "return_postage",
] as const;
export type FundEntry = (typeof fundEntries)[number];

/**
 * Notes a transfer carries as a message key instead of text, shown in the reader's language
 * (`wallet.fund.memos.*`); an operator's own reason stays the text they typed.
 */
export const transferMemoKeys = ["demoOpeningBalance"] as const;
export type TransferMemoKey = (typeof transferMemoKeys)[number];

/** What a transfer belongs to; a fund record links to it. */
export const subjectTypes = ["recharge", "withdrawal", "order", "adjustment", "payment"] as const;
export type SubjectType = (typeof subjectTypes)[number];

/**
 * The platform's own accounts. Escrow holds shoppers' payments of open orders; revenue collects fees and goods
 * payments; VAT payable the tax collected; gateway clearing mirrors money outside the shop (it goes negative
 * as recharges come in and back up as payouts leave); payouts pending holds requested withdrawals; adjustments
 * is the other side of operators' corrections. COD clearing is what couriers owe for cash they collected on
 * delivery (issue 27): it goes negative as parcels are delivered and back to zero as couriers remit. COD courier
 * fees is what couriers kept of that cash as their fee for collecting it (issue 40, decision 24): an expense of
 * the platform, so it goes negative as couriers remit net of their fee. Promotions and shipping subsidy are what
 * the platform's vouchers cost it (issue 42, decision 30): each pays its share of a paid order into escrow, so
 * they go negative by what the platform spent, and a refund gives back what it paid for the units returned.
 */
export const platformAccounts = [
  "escrow",
  "revenue",
  "vat_payable",
  "gateway_clearing",
  "payouts_pending",
  "adjustments",
  "cod_clearing",
  "cod_courier_fees",
  "promotions",
  "shipping_subsidy",
] as const;
export type PlatformAccount = (typeof platformAccounts)[number];

export const withdrawalStates = ["pending", "paid", "rejected"] as const;
export const rechargeStates = ["pending", "completed", "cancelled", "expired"] as const;
/** How a recharge was paid: a provider's channel (`sandbox`: the hosted play-money page of before issue 26). */
export const rechargeMethods = ["sandbox", ...paymentChannels] as const;

/**
 * Hours a new (or changed) bank account, or a payment PIN reset by code, waits before withdrawals are paid to it
 * (issue 43): what a thief with a phished code would need first, and the owner has a day to notice the notice.
 */
export const payoutHoldHours = 24;
