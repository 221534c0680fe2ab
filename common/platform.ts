// Zod-free platform constants, safe to import into the browser bundle.

/** The platform this web app is (seed: platform code 2). */
export const platformCode = 2;

/** Local defaults of the web config (seed sections 3 and 9); stored settings are merged over them. */
export const webConfigDefaults = {
  title: "Pasar",
  desc: "Online Shop",
  logo: "/brand/logo.svg",
  favicon: "/favicon.svg",
  shareImage: "/brand/share.png",
  platformCode,
  currency: "Rp",
  countryId: 1,
  countryMobilePre: "+62",
  categoryIds: { man: 11044364, cosmetics: 29, digital: 36 },
  locale: "ind",
} as const;

/**
 * Money settings until an operator changes them. The payment window is the seed's one-hour constant
 * (3,600,000 ms); the withdrawal fee is a BI-FAST transfer's Rp 2.500. Each store's order of a checkout pays
 * the service fee once (and the postage its courier service quotes), and VAT (PPN, 11% on ordinary goods) on
 * its subtotal; the store
 * has 24 hours to pay the goods cost of a paid order, and a shipped order confirms itself after 7 days.
 */
export const moneySettingsDefaults = {
  rechargeMin: 10_000,
  rechargeMax: 20_000_000,
  rechargePresets: [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000],
  withdrawMin: 50_000,
  withdrawFee: 2_500,
  /**
   * How long a shopper has to pay, by channel group (issue 40): a QR or an e-wallet's request in minutes, a
   * virtual account or a retail outlet's code in a day (people pay after work). A wallet order has none.
   */
  qrisWindowMinutes: 15,
  ewalletWindowMinutes: 15,
  vaWindowMinutes: 24 * 60,
  retailWindowMinutes: 24 * 60,
  serviceFee: 1_000,
  /** PPN 11 %, in basis points. */
  vatBasisPoints: 1100,
  /** Rp 100 juta: an operator's correction, not a way to mint money. */
  adjustMax: 100_000_000,
  goodsPaymentHours: 24,
  receiptDays: 7,
  /** No payment channel adds a fee unless the operator sets one. */
  channelFees: {},
} as const;

/**
 * Cash on delivery until an operator changes it: offered up to Rp 3 juta a checkout, for a 2 % fee (about what
 * couriers charge a sender for collecting), to accounts with a phone number proved by code that are a week
 * old and had fewer than two parcels refused in 60 days; the platform pays the postage of a refused parcel.
 */
export const codSettingsDefaults = {
  enabled: true,
  feeFixed: 0,
  feeBasisPoints: 200,
  maxAmount: 3_000_000,
  requirePhone: true,
  minAccountDays: 7,
  maxRefused: 2,
  refusalDays: 60,
  returnPostage: "platform",
} as const;
