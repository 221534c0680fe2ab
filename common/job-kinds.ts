/**
 * The kinds of durable job (server/flows/jobs.ts) and the key each is named by in the operator area
 * (`ops.jobs.kinds.*`). Zod-free: the operator's page imports it.
 */
export const jobKindKeys = {
  "order.payment_expire": "paymentExpire",
  "order.goods_expire": "goodsExpire",
  "order.auto_confirm": "autoConfirm",
  "recharge.expire": "rechargeExpire",
  "gateway.notify": "gatewayNotify",
  "ledger.forget_keys": "forgetKeys",
  "stores.forget_stats_changes": "forgetStatsChanges",
  "payment.check": "paymentCheck",
  "payment.cancel": "paymentCancel",
  "payment.refund": "paymentRefund",
  "payments.reconcile": "paymentsReconcile",
  "notification.deliver": "notificationDeliver",
} as const;

export type JobKindKey = (typeof jobKindKeys)[keyof typeof jobKindKeys];

export function jobKindKey(kind: string): JobKindKey | undefined {
  return (jobKindKeys as Record<string, JobKindKey>)[kind];
}
