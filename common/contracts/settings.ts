import { z } from "zod";
import { locales } from "../locales.ts";
import { platformCode } from "../platform.ts";

export const WebConfigInputSchema = z.object({ platformCode: z.literal(platformCode) });

export const WebConfigViewSchema = z.object({
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  favicon: z.string(),
  shareImage: z.string(),
  platformCode: z.number().int(),
  currency: z.string(),
  countryId: z.number().int(),
  countryMobilePre: z.string(),
  categoryIds: z.object({ man: z.number().int(), cosmetics: z.number().int(), digital: z.number().int() }),
  locale: z.enum(locales),
  support: z.object({
    /** E.164, for the wa.me link. */
    whatsapp: z.string().nullable(),
    /** The same number as people read it ("+62 811-0000-2026"), formatted on the server for any country. */
    whatsappText: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type WebConfigView = z.infer<typeof WebConfigViewSchema>;

/** The part of the web config an operator may store; every field optional, unknown keys dropped. */
export const StoredWebConfigSchema = z
  .object({
    title: z.string().min(1).max(60),
    desc: z.string().min(1).max(200),
    logo: z.string().min(1).max(300),
    favicon: z.string().min(1).max(300),
    shareImage: z.string().min(1).max(300),
    /** A WhatsApp number in E.164 (+62…). */
    supportWhatsapp: z.string().regex(/^\+\d{8,15}$/),
    supportEmail: z.email(),
  })
  .partial();
export type StoredWebConfig = z.infer<typeof StoredWebConfigSchema>;

/**
 * The money settings operators may change (issue 13 edits them): recharge limits and presets, the
 * withdrawal minimum and fee, the payment window, the order fees and the order windows. Whole Rupiah; the
 * payment window in minutes.
 */
export const MoneySettingsSchema = z
  .object({
    rechargeMin: z.number().int().min(1).max(1_000_000_000),
    rechargeMax: z.number().int().min(1).max(1_000_000_000),
    rechargePresets: z.array(z.number().int().min(1).max(1_000_000_000)).min(1).max(8),
    withdrawMin: z.number().int().min(1).max(1_000_000_000),
    withdrawFee: z.number().int().min(0).max(1_000_000),
    paymentWindowMinutes: z
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60),
    /** Per store order of a checkout. */
    postage: z.number().int().min(0).max(10_000_000),
    /** Per store order of a checkout. */
    serviceFee: z.number().int().min(0).max(10_000_000),
    /** VAT (PPN) on an order's subtotal, in percent. */
    vatPercent: z.number().min(0).max(100),
    /** How long a store has to pay the goods cost of a paid order before it is cancelled. */
    goodsPaymentHours: z
      .number()
      .int()
      .min(1)
      .max(7 * 24),
    /** How long after shipping an order confirms itself. */
    receiptDays: z.number().int().min(1).max(60),
  })
  .refine((s) => s.rechargeMin <= s.rechargeMax, {
    path: ["rechargeMax"],
    message: "errors.settings.rechargeRange",
  })
  .refine((s) => s.withdrawFee < s.withdrawMin, {
    path: ["withdrawFee"],
    message: "errors.settings.withdrawFee",
  });
export type MoneySettings = z.infer<typeof MoneySettingsSchema>;
