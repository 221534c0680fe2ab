import { autoConfirm } from "./orders/confirm.ts";
import { autoConfirmJob, goodsExpireJob, paymentExpireJob } from "../modules/orders/orders.service.ts";
import { expireGoods, expirePayment } from "./orders/expire.ts";
import { notifyJob, redeliverNotification } from "../modules/gateway/gateway.service.ts";
import { forgetOldKeys } from "../modules/ledger/ledger.service.ts";
import { forgetOldStatsChanges } from "../modules/stores/stores.service.ts";
import { expireRecharge, rechargeExpireJob } from "../modules/wallet/wallet.service.ts";
import type { JobHandler, PeriodicTask } from "../platform/jobs.ts";

/** Every kind of scheduled job and what it does; the workers in main.ts and the tests run these. */
export function jobHandlers(): Record<string, JobHandler> {
  return {
    [rechargeExpireJob]: expireRecharge,
    [paymentExpireJob]: expirePayment,
    [goodsExpireJob]: expireGoods,
    [autoConfirmJob]: autoConfirm,
    [notifyJob]: { outside: redeliverNotification },
  };
}

/** Work on a timetable (cron, Jakarta time), once per occurrence across all instances. */
export function periodicTasks(): Record<string, { cron: string; task: PeriodicTask }> {
  return {
    // Idempotency keys are kept a day; forgetting them hourly keeps the table small.
    "ledger.forget_keys": { cron: "17 * * * *", task: forgetOldKeys },
    // The shop street's old sort keys are kept an hour (decision 7); older ones go every 10 minutes.
    "stores.forget_stats_changes": { cron: "*/10 * * * *", task: forgetOldStatsChanges },
  };
}
