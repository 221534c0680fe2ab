import { z } from "zod";
import { paymentChannels } from "../payment-channels.ts";
import { plainText } from "./input.ts";
import { locales } from "../locales.ts";
import { platformCode } from "../platform.ts";
import { postagePayers, returnReasons } from "../order-states.ts";

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

const quickWindow = z
  .number("errors.settings.quickWindow")
  .int("errors.settings.quickWindow")
  .min(5, "errors.settings.quickWindow")
  .max(24 * 60, "errors.settings.quickWindow");
const longWindow = z
  .number("errors.settings.longWindow")
  .int("errors.settings.longWindow")
  .min(30, "errors.settings.longWindow")
  .max(7 * 24 * 60, "errors.settings.longWindow");

/**
 * The money settings operators may change (issue 13 edits them): recharge limits and presets, the
 * withdrawal minimum and fee, the payment windows by channel group, the order fees and the order windows.
 * Whole Rupiah; the payment windows in minutes.
 */
export const MoneySettingsSchema = z
  .object({
    rechargeMin: z
      .number("errors.settings.amount")
      .int("errors.settings.amount")
      .min(1, "errors.settings.amount")
      .max(1_000_000_000, "errors.settings.amount"),
    rechargeMax: z
      .number("errors.settings.amount")
      .int("errors.settings.amount")
      .min(1, "errors.settings.amount")
      .max(1_000_000_000, "errors.settings.amount"),
    rechargePresets: z
      .array(
        z
          .number("errors.settings.presets")
          .int("errors.settings.presets")
          .min(1, "errors.settings.presets")
          .max(1_000_000_000, "errors.settings.presets"),
      )
      .min(1, "errors.settings.presets")
      .max(8, "errors.settings.presets"),
    withdrawMin: z
      .number("errors.settings.amount")
      .int("errors.settings.amount")
      .min(1, "errors.settings.amount")
      .max(1_000_000_000, "errors.settings.amount"),
    withdrawFee: z
      .number("errors.settings.fee")
      .int("errors.settings.fee")
      .min(0, "errors.settings.fee")
      .max(1_000_000, "errors.settings.fee"),
    /**
     * How long a shopper has to pay by each group of channels, in minutes (issue 40): a QR or an e-wallet's
     * request 5 minutes to a day, a virtual account or a retail outlet's code 30 minutes to 7 days.
     */
    qrisWindowMinutes: quickWindow,
    ewalletWindowMinutes: quickWindow,
    vaWindowMinutes: longWindow,
    retailWindowMinutes: longWindow,
    /** Per store order of a checkout. */
    serviceFee: z
      .number("errors.settings.fee")
      .int("errors.settings.fee")
      .min(0, "errors.settings.fee")
      .max(10_000_000, "errors.settings.fee"),
    /** VAT (PPN) on an order's subtotal, in basis points (1100 is 11 %): rates are integers. */
    vatBasisPoints: z
      .number("errors.settings.vat")
      .int("errors.settings.vat")
      .min(0, "errors.settings.vat")
      .max(10_000, "errors.settings.vat"),
    /** The largest wallet adjustment an operator may make at once, either way. */
    adjustMax: z
      .number("errors.settings.amount")
      .int("errors.settings.amount")
      .min(1, "errors.settings.amount")
      .max(1_000_000_000_000, "errors.settings.amount"),
    /** How long a store has to pay the goods cost of a paid order before it is cancelled. */
    goodsPaymentHours: z
      .number("errors.settings.goodsHours")
      .int("errors.settings.goodsHours")
      .min(1, "errors.settings.goodsHours")
      .max(7 * 24, "errors.settings.goodsHours"),
    /** How long after shipping an order confirms itself. */
    receiptDays: z
      .number("errors.settings.receiptDays")
      .int("errors.settings.receiptDays")
      .min(1, "errors.settings.receiptDays")
      .max(60, "errors.settings.receiptDays"),
    /**
     * What paying by a channel adds for the shopper (none by default): a fixed part plus basis points of the
     * amount, shown before paying and posted to revenue.
     */
    channelFees: z
      .partialRecord(
        z.enum(paymentChannels),
        z.object({
          fixed: z
            .number("errors.settings.fee")
            .int("errors.settings.fee")
            .min(0, "errors.settings.fee")
            .max(1_000_000, "errors.settings.fee"),
          basisPoints: z
            .number("errors.settings.fee")
            .int("errors.settings.fee")
            .min(0, "errors.settings.fee")
            .max(1_000, "errors.settings.fee"),
        }),
      )
      .default({}),
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

// ------------------------------------------------------------------------------------------- operators

/**
 * Every money setting as the operator's form sends it. Besides the stored rules, the recharge presets must
 * lie within the recharge limits (a preset the limits refuse would be a button that always fails).
 */
export const MoneySettingsInputSchema = MoneySettingsSchema.refine(
  (s) => s.rechargePresets.every((p) => p >= s.rechargeMin && p <= s.rechargeMax),
  { path: ["rechargePresets"], message: "errors.settings.presetsRange" },
);

/**
 * A WhatsApp number as an operator types it (0811…, 811…, 62 811…, +62 811-…, or another country's +…), in
 * E.164; undefined when it cannot be one.
 */
function whatsappE164(typed: string): string | undefined {
  const digits = typed.replace(/[\s().-]/g, "");
  const e164 = digits.startsWith("+")
    ? digits
    : digits.startsWith("0")
      ? `+62${digits.slice(1)}`
      : digits.startsWith("62")
        ? `+${digits}`
        : `+62${digits}`;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : undefined;
}

const optional = (schema: z.ZodString) => plainText(schema).transform((v) => (v === "" ? null : v));

/** The site's texts and support contacts (an empty contact removes it from the shop). */
export const SiteSettingsInputSchema = z.object({
  title: plainText(z.string().trim().min(1, "errors.settings.title").max(60, "errors.settings.titleLong")),
  desc: plainText(z.string().trim().min(1, "errors.settings.desc").max(200, "errors.settings.descLong")),
  supportWhatsapp: optional(z.string().trim().max(30, "errors.settings.whatsapp")).pipe(
    z
      .string()
      .nullable()
      .transform((v, ctx) => {
        if (v === null) return null;
        const e164 = whatsappE164(v);
        if (!e164) {
          ctx.addIssue({ code: "custom", message: "errors.settings.whatsapp" });
          return z.NEVER;
        }
        return e164;
      }),
  ),
  supportEmail: optional(z.string().trim().toLowerCase().max(254, "errors.settings.email")).pipe(
    z.email("errors.settings.email").nullable(),
  ),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInputSchema>;

/** A new site logo (multipart form with the image in `logo`). */
export const SiteLogoInputSchema = z
  .instanceof(FormData, { error: "errors.api.invalidInput" })
  .transform((form) => form.get("logo"))
  .pipe(z.instanceof(File, { error: "errors.image.invalid" }));

/**
 * Who pays a return parcel's postage for each reason category (issue 27): the platform, the store or the
 * shopper (deducted from the refund).
 */
export const ReturnPostageSchema = z.object(
  Object.fromEntries(
    returnReasons.map((r) => [r, z.enum(postagePayers, "errors.settings.returnPayer")]),
  ) as Record<(typeof returnReasons)[number], z.ZodEnum<{ [K in (typeof postagePayers)[number]]: K }>>,
  "errors.settings.returnPayer",
);
export type ReturnPostage = z.infer<typeof ReturnPostageSchema>;

/** What the operator's settings page edits: the site and the money settings, as stored now. */
export const OpsSettingsViewSchema = z.object({
  site: z.object({
    title: z.string(),
    desc: z.string(),
    /** The logo as the shop shows it, and whether it is the operator's upload (else the default). */
    logo: z.string(),
    customLogo: z.boolean(),
    favicon: z.string(),
    supportWhatsapp: z.string().nullable(),
    supportEmail: z.string().nullable(),
  }),
  money: MoneySettingsSchema,
  /** Where parcels leave from: the stored warehouse, else the default one. */
  warehouse: z.lazy(() => WarehouseSchema),
  /** Who may pay cash on delivery, up to what, for what fee. */
  cod: z.lazy(() => CodSettingsSchema),
  /** Who pays return postage, by reason. */
  returnPostage: ReturnPostageSchema,
});
export type OpsSettingsView = z.infer<typeof OpsSettingsViewSchema>;

// ---------------------------------------------------------------------------------------- warehouse

/**
 * Where the platform's warehouse is (issue 27): every dropship parcel leaves from it, so couriers quote from its
 * area and pick up at its address. Area codes are Kemendagri's, as addresses keep them.
 */
export const WarehouseSchema = z.object({
  name: plainText(z.string().trim().min(1).max(60)),
  /** E.164 (+62…). */
  phone: z.string().regex(/^\+62\d{8,13}$/),
  provinceCode: z.string().regex(/^\d{2}$/),
  regencyCode: z.string().regex(/^\d{2}\.\d{2}$/),
  districtCode: z.string().regex(/^\d{2}\.\d{2}\.\d{2}$/),
  villageCode: z.string().regex(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/),
  area: plainText(z.string().trim().min(1).max(200)),
  postcode: z.string().regex(/^\d{5}$/),
  detail: plainText(z.string().trim().min(1).max(200)),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

/**
 * A phone number of the warehouse as an operator types it (021 4600 000, 0812…, 62 21…, +62 21-…): E.164 when
 * it is an Indonesian number of 8 to 13 digits after the country code 62, else undefined.
 */
function indonesianE164(typed: string): string | undefined {
  const digits = typed.replace(/[\s().-]/g, "");
  const e164 = digits.startsWith("+")
    ? digits
    : digits.startsWith("0")
      ? `+62${digits.slice(1)}`
      : digits.startsWith("62")
        ? `+${digits}`
        : `+62${digits}`;
  return /^\+62[1-9]\d{7,12}$/.test(e164) ? e164 : undefined;
}

const WarehouseAreaCode = (pattern: RegExp) => z.string().regex(pattern, "errors.warehouse.area");

/**
 * The warehouse as the operator's form sends it. Its area names are not sent: the server finds them from the
 * codes (each inside the one before it), as it does for a delivery address.
 */
export const WarehouseInputSchema = z.object({
  name: plainText(z.string().trim().min(1, "errors.warehouse.name").max(60, "errors.warehouse.name")),
  phone: z
    .string()
    .trim()
    .max(30, "errors.warehouse.phone")
    .transform((v, ctx) => {
      const e164 = indonesianE164(v);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: "errors.warehouse.phone" });
        return z.NEVER;
      }
      return e164;
    }),
  provinceCode: WarehouseAreaCode(/^\d{2}$/),
  regencyCode: WarehouseAreaCode(/^\d{2}\.\d{2}$/),
  districtCode: WarehouseAreaCode(/^\d{2}\.\d{2}\.\d{2}$/),
  villageCode: WarehouseAreaCode(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "errors.warehouse.postcode"),
  detail: plainText(z.string().trim().min(1, "errors.warehouse.detail").max(200, "errors.warehouse.detail")),
});
export type WarehouseInput = z.infer<typeof WarehouseInputSchema>;

// ---------------------------------------------------------------------------------------- cash on delivery

/** Who pays the postage of a refused cash-on-delivery parcel sent back: the platform, or the store. */
export const codPostagePayers = ["platform", "store"] as const;
export type CodPostagePayer = (typeof codPostagePayers)[number];

const wholeRupiah = (message: string, min: number, max: number) =>
  z.number(message).int(message).min(min, message).max(max, message);

/**
 * Cash on delivery (issue 27), as an operator sets it: whether it is offered; its fee (a fixed part plus basis
 * points of each order's total, rounded up to the rupiah); the most a checkout may collect; and who qualifies:
 * an account signed up with a phone number it proved by code, at least `minAccountDays` old, with fewer than
 * `maxRefused` refused cash-on-delivery parcels in the last `refusalDays` days.
 */
export const CodSettingsSchema = z.object({
  enabled: z.boolean(),
  feeFixed: wholeRupiah("errors.settings.fee", 0, 1_000_000),
  feeBasisPoints: wholeRupiah("errors.settings.codFeePercent", 0, 1_000),
  maxAmount: wholeRupiah("errors.settings.codMax", 10_000, 100_000_000),
  requirePhone: z.boolean(),
  minAccountDays: wholeRupiah("errors.settings.codDays", 0, 365),
  maxRefused: wholeRupiah("errors.settings.codRefused", 1, 10),
  refusalDays: wholeRupiah("errors.settings.codDays", 0, 365),
  returnPostage: z.enum(codPostagePayers),
});
export type CodSettings = z.infer<typeof CodSettingsSchema>;
