import { z } from "zod";
import { placeMethods } from "../payment-channels.ts";
import {
  maxPercentBasisPoints,
  maxPerShopperLimit,
  maxVoucherDays,
  voucherCodePattern,
  voucherKinds,
  voucherRefusals,
} from "../promotions.ts";
import { prefixedId } from "./input.ts";

export const VoucherId = prefixedId("vou");

/**
 * At most one platform voucher, one free-shipping voucher and one per store of a checkout (its lines may come from
 * up to 50 stores).
 */
export const maxCheckoutVouchers = 52;
export const CheckoutVouchersSchema = z
  .array(VoucherId)
  .max(maxCheckoutVouchers, "errors.vouchers.oneOfEach");

/** A voucher as shoppers read it: what it takes off, on what, until when. */
export const VoucherViewSchema = z.object({
  id: z.string(),
  kind: z.enum(voucherKinds),
  /** The store that gives a store voucher, with its name. */
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  amount: z.number().int().nullable(),
  percentBp: z.number().int().nullable(),
  cap: z.number().int().nullable(),
  minSpend: z.number().int(),
  startsAt: z.date(),
  endsAt: z.date(),
  newShoppersOnly: z.boolean(),
  /** Only some ways of paying (null: any). */
  methods: z.array(z.enum(placeMethods)).nullable(),
  /** Only some categories or stores. */
  limitedItems: z.boolean(),
});
export type VoucherView = z.infer<typeof VoucherViewSchema>;

/** A voucher a checkout could use: what it would take off alone, or why it cannot, and whether it is used. */
export const CheckoutVoucherSchema = VoucherViewSchema.extend({
  discount: z.number().int(),
  refusal: z.enum(voucherRefusals).nullable(),
  chosen: z.boolean(),
});

/** The largest voucher amount, minimum spend or budget a form takes (Rp 1 billion). */
const maxVoucherRupiah = 1_000_000_000;
const rupiah = (message: string) =>
  z
    .number()
    .int("errors.vouchers.wholeRupiah")
    .min(0, message)
    .max(maxVoucherRupiah, "errors.vouchers.tooLarge");

/**
 * A voucher as a merchant (their store's) or an operator (the platform's or free shipping) creates it: a fixed
 * amount or a percentage with an optional cap, a minimum spend, when it runs, its limits (null: none; never 0)
 * and who may use it. The period is checked here and again by the database.
 */
export const VoucherFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(voucherCodePattern, "errors.vouchers.codeFormat")
      .nullable()
      .default(null),
    discount: z.discriminatedUnion("type", [
      z.object({
        type: z.literal("amount"),
        amount: rupiah("errors.vouchers.amountPositive").min(1, "errors.vouchers.amountPositive"),
      }),
      z.object({
        type: z.literal("percent"),
        percentBp: z
          .number()
          .int("errors.vouchers.percentRange")
          .min(1, "errors.vouchers.percentRange")
          .max(maxPercentBasisPoints, "errors.vouchers.percentRange"),
        cap: rupiah("errors.vouchers.capPositive").min(1, "errors.vouchers.capPositive").nullable(),
      }),
    ]),
    minSpend: rupiah("errors.vouchers.minSpendNegative"),
    startsAt: z.date(),
    endsAt: z.date(),
    usageLimit: z
      .number()
      .int("errors.vouchers.limitPositive")
      .min(1, "errors.vouchers.limitPositive")
      .max(10_000_000, "errors.vouchers.tooLarge")
      .nullable(),
    perShopperLimit: z
      .number()
      .int("errors.vouchers.limitPositive")
      .min(1, "errors.vouchers.limitPositive")
      .max(maxPerShopperLimit, "errors.vouchers.tooLarge"),
    budget: rupiah("errors.vouchers.budgetPositive").min(1, "errors.vouchers.budgetPositive").nullable(),
    newShoppersOnly: z.boolean().default(false),
    methods: z
      .array(z.enum(placeMethods))
      .min(1, "errors.vouchers.methodsEmpty")
      .max(20)
      .nullable()
      .default(null),
    categoryIds: z.array(z.number().int().positive()).min(1).max(50).nullable().default(null),
  })
  .refine((v) => v.endsAt > v.startsAt, { message: "errors.vouchers.endBeforeStart", path: ["endsAt"] })
  .refine((v) => v.endsAt.getTime() - v.startsAt.getTime() <= maxVoucherDays * 86_400_000, {
    message: "errors.vouchers.tooLong",
    path: ["endsAt"],
  });

/** An operator's voucher: the platform's or free shipping, optionally for some stores only. */
export const PlatformVoucherFormSchema = z.object({
  kind: z.enum(["platform", "shipping"]),
  storeIds: z.array(prefixedId("str")).min(1).max(50).nullable().default(null),
  voucher: VoucherFormSchema,
});

export const VoucherIdInputSchema = z.object({ id: VoucherId });
export const VoucherPauseInputSchema = z.object({ id: VoucherId, paused: z.boolean() });
export const ClaimCodeInputSchema = z.object({
  code: z
    .string()
    .max(40, "errors.vouchers.codeFormat")
    .trim()
    .toUpperCase()
    .regex(voucherCodePattern, "errors.vouchers.codeFormat"),
});

/** A voucher as its owner (the store, or the operator) manages it: with its limits and what was used. */
export const ManagedVoucherSchema = VoucherViewSchema.extend({
  code: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perShopperLimit: z.number().int(),
  budget: z.number().int().nullable(),
  used: z.number().int(),
  spent: z.number().int(),
  paused: z.boolean(),
  /** Orders placed with it that are still live. */
  orders: z.number().int(),
});

/** A voucher a shopper sees on a voucher list: claimed or not, and how much of its quota is gone (0 to 100). */
export const ShopperVoucherSchema = VoucherViewSchema.extend({
  claimed: z.boolean(),
  /** How many more times this shopper may use it. */
  usesLeft: z.number().int(),
  usedPercent: z.number().int().nullable(),
});
