import { type AttemptView } from "#common/contracts/payments.ts";
import { type Db, type Tx } from "../db/client.ts";
import {
  selectOrdersByIds,
  selectPayment,
  selectPaymentOrderIds,
  type OrderRow,
} from "../modules/orders/orders.service.ts";
import {
  attemptView,
  channelOffers,
  findAttempt,
  selectAttemptsOf,
  type AttemptRow,
} from "../modules/payments/payments.service.ts";
import { getMoneySettings } from "../modules/settings/settings.service.ts";
import { selectRecharge } from "../modules/wallet/wallet.service.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import type { PaymentGateway } from "../platform/payments.ts";

/**
 * The attempt a shopper goes back to for a payment or recharge still waiting: the newest one still open, else
 * (`orLatest`) the newest one with a screen, which offers another method when it was closed. Null when none.
 */
export async function openAttemptOf(db: Db, subjectId: string, orLatest = false): Promise<string | null> {
  const attempts = await selectAttemptsOf(db, subjectId);
  const open = attempts.find((a) => a.status === "pending" && a.action && a.expiresAt > now());
  return open?.id ?? (orLatest ? (attempts.find((a) => a.action)?.id ?? null) : null);
}

/**
 * One of the user's payment attempts as its method screen shows it (another user's is not found). On the
 * sandbox, the play-money page that completes it is linked.
 */
export async function getAttempt(
  deps: { db: Db; gateway: PaymentGateway; publicUrl: string },
  userId: string,
  id: string,
): Promise<AttemptView> {
  const attempt = await findAttempt(deps.db, id);
  if (!attempt || attempt.userId !== userId) throw new DomainError("not_found", "errors.payments.notFound");
  const subject =
    attempt.purpose === "orders"
      ? await selectPayment(deps.db, attempt.subjectId)
      : await selectRecharge(deps.db, attempt.subjectId);
  const subjectOpen = subject?.status === "pending" && subject.expiresAt > now();
  const channels = subjectOpen
    ? channelOffers(deps.gateway, await getMoneySettings(deps.db), attempt.amount - attempt.fee)
    : [];
  const orderIds =
    attempt.purpose === "orders" ? await selectPaymentOrderIds(deps.db, attempt.subjectId) : [];
  // The orders it paid for, once all were cancelled: the screen offers them again instead of a method.
  const covered = await selectOrdersByIds(deps.db, attempt.orderIds ?? orderIds);
  const view = attemptView(attempt, {
    orderIds,
    buyAgain:
      covered.length > 0 && covered.every((o) => o.status === "cancelled") ? covered.map((o) => o.id) : [],
    subjectOpen,
    simulateUrl:
      attempt.provider === "sandbox" && attempt.providerPaymentId && deps.gateway.provider === "sandbox"
        ? `${deps.publicUrl}/gateway/sandbox/${attempt.providerPaymentId}`
        : null,
  });
  // The provider never answered how to pay it (it refused, or was away and the shopper left).
  if (!view) throw new DomainError("conflict", "errors.money.paymentFailed");
  return { ...view, channels: view.canSwitch ? channels : [] };
}

/**
 * The attempt that paid an order, when a refund of it can go back through the provider: paid by a channel
 * its provider refunds by API (e-wallets and QRIS, as each provider allows) and not reversed. Undefined for
 * the wallet, virtual accounts and retail outlets (their refunds stay in the Pasar wallet).
 */
export async function refundableAttemptOf(db: Db | Tx, order: OrderRow): Promise<AttemptRow | undefined> {
  if (order.paymentMethod === "wallet" || order.paymentMethod === "sandbox" || !order.paidBy)
    return undefined;
  const payment = await selectPayment(db, order.paidBy);
  if (!payment?.paidAttemptId) return undefined;
  const attempt = await findAttempt(db, payment.paidAttemptId);
  return attempt?.status === "paid" && attempt.refundable ? attempt : undefined;
}
