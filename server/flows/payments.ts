import type { Db } from "../db/client.ts";
import type { Logger } from "../platform/logger.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import { applyOrderPayment } from "./orders/gateway-payment.ts";
import { applyRechargePayment } from "./wallet/gateway-payment.ts";

/** What became of a gateway notification; anything but `applied`/`unchanged` changed nothing. */
type NotificationOutcome = "applied" | "unchanged" | "forged" | "mismatch";

/**
 * A payment gateway's notification. Nothing is read before its signature is verified; then it goes to what
 * it pays, by its reference: a recharge (`rch_…`) or a payment of orders (`chk_…`), which check it matches.
 */
export async function applyGatewayNotification(
  deps: { db: Db; gateway: PaymentGateway; log: Logger },
  body: string,
  headers: Headers,
): Promise<NotificationOutcome> {
  const n = await deps.gateway.readNotification(body, headers);
  if (!n) {
    deps.log.warn({ provider: deps.gateway.provider }, "payment notification with a bad signature refused");
    return "forged";
  }
  if (n.reference.startsWith("chk_")) return applyOrderPayment(deps, n);
  return applyRechargePayment(deps, n);
}
