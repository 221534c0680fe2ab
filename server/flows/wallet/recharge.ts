import { formatRupiah } from "#common/money.ts";
import { isDatabaseUnavailable } from "../../db/client.ts";
import { scheduleJob } from "../../platform/jobs.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import {
  insertRecharge,
  type RechargeDeps,
  rechargeExpireJob,
  selectRecharge,
  setRechargePayment,
} from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";

/** The shop's page a shopper returns to from the gateway, in their language. */
function returnUrl(deps: RechargeDeps, id: string): string {
  const prefix = deps.lang === "ind" ? "" : `/${deps.lang}`;
  return `${deps.publicUrl}${prefix}/h5/merchant/recharge?result=${encodeURIComponent(id)}`;
}

/**
 * Starts a recharge: a pending record with its payment window (settings), expired by a job when unpaid;
 * then the gateway's payment for it. Idempotent by key: a repeat answers the same recharge and payment page.
 */
export async function startRecharge(
  deps: RechargeDeps,
  userId: string,
  input: { amount: number; method: "sandbox"; idempotencyKey: string },
): Promise<{ id: string; redirectUrl: string }> {
  const settings = await getMoneySettings(deps.db);
  if (input.amount < settings.rechargeMin || input.amount > settings.rechargeMax) {
    throw new DomainError("bad_request", "errors.recharge.outOfRange", {
      min: formatRupiah(settings.rechargeMin),
      max: formatRupiah(settings.rechargeMax),
    });
  }
  const { id } = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "wallet.recharge",
      request: { amount: input.amount, method: input.method },
    },
    async (tx) => {
      const id = newId("rch", now().getTime());
      const expiresAt = new Date(now().getTime() + settings.paymentWindowMinutes * 60_000);
      await insertRecharge(tx, {
        id,
        userId,
        amount: input.amount,
        method: input.method,
        createdAt: now(),
        expiresAt,
      });
      await scheduleJob(tx, rechargeExpireJob, id, expiresAt);
      return { id };
    },
  );
  const recharge = (await selectRecharge(deps.db, id))!;
  if (recharge.gatewayPaymentId && recharge.gatewayRedirectUrl) {
    return { id, redirectUrl: recharge.gatewayRedirectUrl };
  }
  // Outside the transaction: a gateway is another system (and PGlite has one connection). The gateway
  // answers one payment per reference, so a repeat after a failure here finds the same payment.
  const payment = await deps.gateway
    .createPayment({
      reference: id,
      amount: recharge.amount,
      returnUrl: returnUrl(deps, id),
      notifyUrl: `${deps.publicUrl}/payments/notify/${deps.gateway.provider}`,
      expiresAt: recharge.expiresAt,
      lang: deps.lang,
    })
    .catch((error: unknown) => {
      // The shop's own database away stays a 503; a gateway that refused or failed is "Payment failed" (the
      // recharge stays pending, and pressing again with the same key asks the gateway again).
      if (isDatabaseUnavailable(error)) throw error;
      throw new DomainError("failed", "errors.money.paymentFailed");
    });
  await setRechargePayment(deps.db, id, payment.paymentId, payment.redirectUrl);
  return { id, redirectUrl: payment.redirectUrl };
}
