import type { PaymentAction, PaymentChannel } from "#common/payment-channels.ts";
import { now } from "../../platform/clock.ts";
import { PaymentProviderError, type CreatePaymentInput } from "../../platform/payments.ts";
import type { ChargeRequest, ChargeResponse, StatusResponse } from "./midtrans.schemas.ts";

/**
 * The shop's payment channels at Midtrans: which ones its Core API takes, which it refunds, the charge body of
 * each, and how each is read back from Midtrans' answers (the channel of a transaction, what the shopper does
 * to pay).
 */

/**
 * The channels Midtrans' Core API (`POST /v2/charge`) takes among the shop's, in the shop's order. DANA is
 * offered by Snap and by the separate BI-SNAP API only, LinkAja not at all, so they are not here.
 */
export const midtransChannels = [
  "qris",
  "va_bca",
  "va_bni",
  "va_bri",
  "va_mandiri",
  "va_permata",
  "gopay",
  "ovo",
  "shopeepay",
  "alfamart",
  "indomaret",
] as const satisfies readonly PaymentChannel[];
export type MidtransChannel = (typeof midtransChannels)[number];

/**
 * Midtrans' refund API takes QRIS, GoPay, ShopeePay and OVO payments among these ("Refund transaction is
 * supported only for credit_card, gopay, shopeepay, dana, ovo, QRIS, kredivo and akulaku").
 */
const refundableChannels: ReadonlySet<PaymentChannel> = new Set<PaymentChannel>([
  "qris",
  "gopay",
  "shopeepay",
  "ovo",
]);

/** Whether Midtrans refunds payments of the channel through its API. */
export function isRefundable(channel: PaymentChannel): boolean {
  return refundableChannels.has(channel);
}

/** Western Indonesian time, the zone of every Midtrans timestamp; it has no daylight saving. */
const wibOffsetMs = 7 * 60 * 60 * 1000;

/** A moment as Midtrans writes it: "2024-01-31 17:05:09" in Jakarta time. */
function jakartaTime(at: Date): string {
  return new Date(at.getTime() + wibOffsetMs).toISOString().slice(0, 19).replace("T", " ");
}

/** An Indonesian mobile number as OVO wants it ("0812…") from the shop's E.164 ("+62812…"). */
function ovoPhone(phone: string | null): string | null {
  const match = /^\+62(8\d{7,12})$/.exec(phone?.replace(/[\s-]/g, "") ?? "");
  return match ? `0${match[1]}` : null;
}

/** The `bank_transfer.bank` of each virtual account channel (Mandiri's bill is `echannel`). */
const vaBanks = { va_bca: "bca", va_bni: "bni", va_bri: "bri", va_permata: "permata" } as const;

/** Which of the shop's channels a Midtrans transaction is. */
export function channelOf(tx: StatusResponse): PaymentChannel | null {
  switch (tx.payment_type) {
    case "qris":
    case "gopay":
    case "shopeepay":
    case "ovo":
      return tx.payment_type;
    case "echannel":
      return "va_mandiri";
    case "permata":
      return "va_permata";
    case "bank_transfer": {
      if (tx.permata_va_number) return "va_permata";
      const bank = tx.va_numbers?.[0]?.bank.toLowerCase();
      if (bank === "bca" || bank === "bni" || bank === "bri" || bank === "permata") return `va_${bank}`;
      return null;
    }
    case "cstore": {
      const store = tx.store?.toLowerCase();
      return store === "alfamart" || store === "indomaret" ? store : null;
    }
    default:
      return null;
  }
}

/** What the shopper does to pay, from a charge answer (or, when asked again, from the status answer). */
export function actionOf(
  channel: MidtransChannel,
  tx: ChargeResponse,
  from: "charge" | "status",
): PaymentAction {
  const missing = (what: string) =>
    new PaymentProviderError(
      `Midtrans answered the ${channel} ${from} of ${tx.order_id} without ${what}`,
      false,
    );
  switch (channel) {
    case "qris":
      if (!tx.qr_string) {
        // The status API gives no QR string (only the charge answer has it), so a QRIS payment asked for
        // again after the Idempotency-Key's five minutes cannot be shown: the shop cancels it and opens a
        // new attempt.
        if (from === "status") {
          throw new PaymentProviderError(
            `Midtrans already has the QRIS payment of ${tx.order_id}, and its status API does not give the QR string again: cancel it and pay by a new attempt`,
            false,
            406,
          );
        }
        throw missing("a qr_string");
      }
      return { type: "qr", qrString: tx.qr_string };
    case "va_bca":
    case "va_bni":
    case "va_bri": {
      const bank = vaBanks[channel];
      const va = tx.va_numbers?.find((v) => v.bank.toLowerCase() === bank);
      if (!va) throw missing(`a ${bank} va_number`);
      return { type: "va", bank, accountNumber: va.va_number };
    }
    case "va_permata": {
      const number =
        tx.permata_va_number ?? tx.va_numbers?.find((v) => v.bank.toLowerCase() === "permata")?.va_number;
      if (!number) throw missing("a permata_va_number");
      return { type: "va", bank: "permata", accountNumber: number };
    }
    case "va_mandiri":
      if (!tx.bill_key || !tx.biller_code) throw missing("bill_key and biller_code");
      return { type: "va", bank: "mandiri", accountNumber: tx.bill_key, billerCode: tx.biller_code };
    case "shopeepay": {
      // Its one link is a universal link: it opens the Shopee app on a phone and Shopee's page elsewhere.
      // The status API gives it again only while the payment is pending.
      const link = tx.actions?.find((a) => a.name === "deeplink-redirect");
      if (!link) throw missing("a deeplink-redirect action");
      return { type: "redirect", url: link.url, mobileUrl: link.url };
    }
    case "gopay": {
      // The deeplink opens the Gojek or GoPay app, where GoPay payments are made (only there since
      // January 2026); the status API repeats it while the payment is pending.
      const link = tx.actions?.find((a) => a.name === "deeplink-redirect");
      if (!link) throw missing("a deeplink-redirect action");
      return { type: "redirect", url: link.url, mobileUrl: link.url };
    }
    case "alfamart":
    case "indomaret":
      if (!tx.payment_code) throw missing("a payment_code");
      return { type: "code", outlet: channel, paymentCode: tx.payment_code };
    case "ovo":
      if (!tx.payer_phone_number) throw missing("a payer_phone_number");
      return { type: "push", phone: tx.payer_phone_number };
  }
}

/**
 * Midtrans' `custom_expiry` of an attempt asked for `at` that the shop gives up on `expiresAt`. Its window is
 * whole minutes from `order_time`: counted back from the deadline (so it starts up to a minute before `at`), it
 * ends on the deadline's second whenever the attempt is asked for, and an attempt reopened for the same payment
 * keeps the very same deadline.
 */
function expiryWindow(at: Date, expiresAt: Date) {
  const minutes = Math.max(1, Math.ceil((expiresAt.getTime() - at.getTime()) / 60_000));
  const start = new Date(expiresAt.getTime() - minutes * 60_000);
  return { order_time: `${jakartaTime(start)} +0700`, expiry_duration: minutes, unit: "minute" as const };
}

/** The charge body of an attempt. */
export function chargeOf(input: CreatePaymentInput, channel: MidtransChannel): ChargeRequest {
  const at = now();
  const base = {
    transaction_details: { order_id: input.attemptId, gross_amount: input.amount },
    customer_details: {
      ...(input.customer.name ? { first_name: input.customer.name.slice(0, 255) } : {}),
      ...(input.customer.email ? { email: input.customer.email } : {}),
      ...(input.customer.phone ? { phone: input.customer.phone } : {}),
    },
    // One line for the whole amount: Midtrans refuses items that do not add up to gross_amount.
    item_details: [
      {
        id: input.attemptId.slice(0, 50),
        price: input.amount,
        quantity: 1,
        name: (input.description || input.attemptId).slice(0, 50),
      },
    ],
    // Midtrans closes the payment when the shop gives up on it, so a shopper cannot pay an attempt the shop
    // has already expired.
    custom_expiry: expiryWindow(at, input.expiresAt),
  };
  switch (channel) {
    case "qris":
      return { payment_type: "qris", ...base, qris: { acquirer: "gopay" } };
    case "va_bca":
    case "va_bni":
    case "va_bri":
    case "va_permata":
      return { payment_type: "bank_transfer", ...base, bank_transfer: { bank: vaBanks[channel] } };
    case "va_mandiri":
      return {
        payment_type: "echannel",
        ...base,
        echannel: {
          bill_info1: input.lang === "ind" ? "Bayar:" : "Payment:",
          bill_info2: (input.description || input.attemptId).slice(0, 30),
        },
      };
    case "shopeepay":
      return { payment_type: "shopeepay", ...base, shopeepay: { callback_url: input.returnUrl } };
    case "gopay":
      return {
        payment_type: "gopay",
        ...base,
        gopay: { enable_callback: true, callback_url: input.returnUrl },
      };
    // The description rides on the outlet's receipt (Alfamart) or till (Indomaret), as far as it fits.
    case "alfamart":
      return {
        payment_type: "cstore",
        ...base,
        cstore: { store: "alfamart", alfamart_free_text_1: input.description.slice(0, 40) },
      };
    case "indomaret":
      return {
        payment_type: "cstore",
        ...base,
        cstore: { store: "indomaret", message: input.description.slice(0, 20) },
      };
    case "ovo": {
      const phone = ovoPhone(input.customer.phone);
      if (!phone) {
        throw new PaymentProviderError(
          `OVO of ${input.attemptId} needs the shopper's Indonesian mobile number, which the attempt lacks`,
          false,
        );
      }
      // OVO takes no custom expiry: its payments close after 65 seconds.
      const { custom_expiry: _fixedExpiry, ...withoutExpiry } = base;
      return { payment_type: "ovo", ...withoutExpiry, ovo: { payer_phone_number: phone } };
    }
  }
}

export function isMidtransChannel(channel: PaymentChannel): channel is MidtransChannel {
  return (midtransChannels as readonly PaymentChannel[]).includes(channel);
}
