// The promotions' fixed vocabularies (issue 42, decision 30), zod-free so pages can import them.

/**
 * Who pays a voucher and what it takes off: a platform voucher (the platform, off the items), a store voucher
 * (the store, off its own items) and a free-shipping voucher (the platform, off postage).
 */
export const voucherKinds = ["platform", "store", "shipping"] as const;
export type VoucherKind = (typeof voucherKinds)[number];

/** The order a checkout applies them in: each on what the one before left (decision 30). */
export const stackingOrder: readonly VoucherKind[] = ["store", "platform", "shipping"];

/** Percentages are basis points: 1 is 0.01 %, 10 000 is the whole price. */
export const maxPercentBasisPoints = 10_000;
/** A code as shoppers type it: letters and digits, 4 to 20, kept in capitals. */
export const voucherCodePattern = /^[A-Z0-9]{4,20}$/;
/** The most uses a shopper may be allowed of one voucher, and the longest a voucher may run (days). */
export const maxPerShopperLimit = 100;
export const maxVoucherDays = 366;

/**
 * Why a voucher cannot take anything off this checkout, as the checkout says it (`vouchers.refusals.*`) and
 * placing refuses it (`errors.vouchers.*`).
 */
export const voucherRefusals = [
  "notStarted",
  "ended",
  "paused",
  "usedUp",
  "budgetSpent",
  "shopperLimit",
  "minSpend",
  "noEligibleItems",
  "newShoppersOnly",
  "paymentMethod",
  "noPostage",
  "notClaimed",
] as const;
export type VoucherRefusal = (typeof voucherRefusals)[number];

/** A flash sale's slot: waiting for its start, live (its items carved their stock), or ended (issue 42). */
export const flashSlotStates = ["scheduled", "live", "ended"] as const;
export type FlashSlotState = (typeof flashSlotStates)[number];
/** The most units one shopper may be allowed of a flash item, and the most a slot may ask of one. */
export const maxFlashPerShopperLimit = 10;
export const maxFlashSlotStock = 100_000;
/** The most slots one event may have. */
export const maxFlashSlots = 24;
/** The longest a slot may run (hours). */
export const maxFlashSlotHours = 24;
/** "Segera habis" once what is left is this share of the slot's stock or less (percent). */
export const flashAlmostGonePercent = 20;
