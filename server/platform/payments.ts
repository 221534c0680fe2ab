import type { Locale } from "#common/locales.ts";

/**
 * The payment gateway port (product.md section 3). The built-in provider is the sandbox gateway served by
 * the app itself (server/modules/gateway); a real Indonesian gateway (Midtrans, Xendit) implements the same
 * two calls.
 */
export interface PaymentGateway {
  readonly provider: string;
  /**
   * Opens a payment; the shopper is sent to `redirectUrl` to pay it. One payment per reference: asked again
   * for the same reference, it answers the same payment. It closes itself at `expiresAt`.
   */
  createPayment(input: {
    reference: string;
    amount: number;
    returnUrl: string;
    notifyUrl: string;
    expiresAt: Date;
    lang: Locale;
  }): Promise<{ paymentId: string; redirectUrl: string }>;
  /**
   * Reads a notification the gateway sent to the shop: null unless its signature is valid and fresh. Nothing
   * in it is trusted before this returns.
   */
  readNotification(body: string, headers: Headers): Promise<GatewayNotification | null>;
}

export interface GatewayNotification {
  paymentId: string;
  reference: string;
  amount: number;
  currency: string;
  status: "paid" | "cancelled";
}
