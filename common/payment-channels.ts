/**
 * The ways Indonesians pay through a payment provider (issue 26): QRIS, a bank virtual account per bank, an
 * e-wallet (GoPay on its own since issue 40, where the provider offers it), or the till of a retail outlet. Zod-free: the checkout and recharge pages import it.
 */
export const paymentChannels = [
  "qris",
  "va_bca",
  "va_bni",
  "va_bri",
  "va_mandiri",
  "va_permata",
  "gopay",
  "ovo",
  "dana",
  "shopeepay",
  "linkaja",
  "alfamart",
  "indomaret",
] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

/**
 * How an order was paid: from the wallet, or through the payment provider by one of its channels. `sandbox`
 * is the hosted play-money page of before issue 26, kept for the orders it paid.
 */
export const paymentMethods = ["wallet", "sandbox", ...paymentChannels, "cod"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** How a shopper can choose to pay at checkout or later: the wallet, or a provider's channel. */
export const checkoutMethods = ["wallet", ...paymentChannels] as const;
export type CheckoutMethod = (typeof checkoutMethods)[number];

/**
 * How an order can be placed: paid now (a checkout method) or cash on delivery (`cod`, issue 27): the courier
 * collects the money at the door, so nothing is paid when it is placed. An unpaid order is never paid later by
 * cash on delivery.
 */
export const placeMethods = [...checkoutMethods, "cod"] as const;
export type PlaceMethod = (typeof placeMethods)[number];

/**
 * Why a checkout cannot be paid on delivery, in the order it is checked: not offered; no phone number proved by
 * code; the account too new; too many refused parcels lately; a store no courier service collecting cash
 * serves (or, placing, one chosen that does not); over the cap.
 */
export const codRefusals = ["off", "phone", "age", "refused", "service", "cap"] as const;
export type CodRefusal = (typeof codRefusals)[number];

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

export type ChannelKind = "qris" | "va" | "ewallet" | "retail";

export const channelKinds: Record<PaymentChannel, ChannelKind> = {
  qris: "qris",
  va_bca: "va",
  va_bni: "va",
  va_bri: "va",
  va_mandiri: "va",
  va_permata: "va",
  gopay: "ewallet",
  ovo: "ewallet",
  dana: "ewallet",
  shopeepay: "ewallet",
  linkaja: "ewallet",
  alfamart: "retail",
  indomaret: "retail",
};

/**
 * How long a shopper has to pay by each group of channels (issue 40), as the operator sets it in the money
 * settings: minutes for a QR or an e-wallet's request, about a day for a transfer or a till (people pay after
 * work). The setting of each group, by its field.
 */
export const channelWindowFields = {
  qris: "qrisWindowMinutes",
  va: "vaWindowMinutes",
  ewallet: "ewalletWindowMinutes",
  retail: "retailWindowMinutes",
} as const satisfies Record<ChannelKind, string>;
export type PaymentWindows = Record<(typeof channelWindowFields)[ChannelKind], number>;

/** The payment window of a channel, in minutes. */
export function channelWindowMinutes(windows: PaymentWindows, channel: PaymentChannel): number {
  return windows[channelWindowFields[channelKinds[channel]]];
}

/**
 * The longest window of any group, in minutes: however often the shopper switches method, an order (or a
 * recharge) waits at most this long from when it was placed (decision 19).
 */
export function longestWindowMinutes(windows: PaymentWindows): number {
  return Math.max(...Object.values(channelWindowFields).map((field) => windows[field]));
}

/** The brand a shopper recognises (not translated). */
export const channelNames: Record<PaymentChannel, string> = {
  qris: "QRIS",
  va_bca: "BCA Virtual Account",
  va_bni: "BNI Virtual Account",
  va_bri: "BRI Virtual Account",
  va_mandiri: "Mandiri Virtual Account",
  va_permata: "Permata Virtual Account",
  gopay: "GoPay",
  ovo: "OVO",
  dana: "DANA",
  shopeepay: "ShopeePay",
  linkaja: "LinkAja",
  alfamart: "Alfamart",
  indomaret: "Indomaret",
};

/**
 * Channels whose payments can usually be returned by API (e-wallets and QRIS); virtual accounts and retail
 * outlets never can. Each provider narrows it (`PaymentGateway.refundable`): the sandbox follows it.
 */
export function refundableByProvider(channel: PaymentChannel): boolean {
  const kind = channelKinds[channel];
  return kind === "ewallet" || kind === "qris";
}

/**
 * An Indonesian mobile number as people type it for OVO's push: "08…", "628…" or "+62 8…", spaces and
 * dashes allowed.
 */
export const walletPhonePattern = /^(\+?62[ -]?|0)8[0-9 -]{7,14}$/;

export function isPaymentChannel(value: unknown): value is PaymentChannel {
  return typeof value === "string" && (paymentChannels as readonly string[]).includes(value);
}

/** What the shopper does to pay an attempt, as the provider answered it. */
export type PaymentAction =
  /** QRIS: the EMV string the QR is drawn from. */
  | { type: "qr"; qrString: string }
  /** A bank virtual account number to transfer to. */
  | {
      type: "va";
      bank: "bca" | "bni" | "bri" | "mandiri" | "permata";
      accountNumber: string;
      billerCode?: string;
    }
  /** An e-wallet that opens in its app or on its page (DANA, ShopeePay, LinkAja). */
  | { type: "redirect"; url: string; mobileUrl?: string }
  /** OVO: a push to the app of the phone number given. */
  | { type: "push"; phone: string }
  /** A code to show at the till of Alfamart or Indomaret. */
  | { type: "code"; outlet: "alfamart" | "indomaret"; paymentCode: string };
