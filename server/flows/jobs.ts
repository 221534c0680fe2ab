import type { JobHandler } from "../modules/jobs/jobs.service.ts";
import { autoConfirm } from "./orders/confirm.ts";
import { autoConfirmJob, goodsExpireJob, paymentExpireJob } from "../modules/orders/orders.service.ts";
import { expireGoods, expirePayment } from "./orders/expire.ts";
import { expireRecharge, rechargeExpireJob } from "../modules/wallet/wallet.service.ts";

/** Every kind of scheduled job and what it does; the worker in main.ts and the tests run these. */
export function jobHandlers(): Record<string, JobHandler> {
  return {
    [rechargeExpireJob]: expireRecharge,
    [paymentExpireJob]: expirePayment,
    [goodsExpireJob]: expireGoods,
    [autoConfirmJob]: autoConfirm,
  };
}
