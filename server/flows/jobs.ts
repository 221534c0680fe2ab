import { autoConfirm } from "./orders/confirm.ts";
import { autoConfirmJob, goodsExpireJob, paymentExpireJob } from "../modules/orders/orders.service.ts";
import { expireGoods, expirePayment } from "./orders/expire.ts";
import { remindConfirm, remindPayment } from "./orders/remind.ts";
import { deliverNotification } from "./notifications/deliver.ts";
import { deliverJob } from "../modules/notifications/delivery.service.ts";
import { confirmRemindJob, paymentRemindJob } from "./orders/steps/notices.ts";
import {
  createSandboxGateway,
  notifyJob,
  redeliverNotification,
} from "../modules/gateway/gateway.service.ts";
import { forgetOldKeys } from "../modules/ledger/ledger.service.ts";
import { attemptCancelJob, attemptCheckJob, refundJob } from "../modules/payments/payments.service.ts";
import { forgetOldStatsChanges } from "../modules/stores/stores.service.ts";
import { forgetOldNotifications } from "../modules/notifications/inbox.service.ts";
import { expireRecharge, rechargeExpireJob } from "../modules/wallet/wallet.service.ts";
import type { Db } from "../db/client.ts";
import type { JobHandler, PeriodicTask } from "../platform/jobs.ts";
import { createLogger, type Logger } from "../platform/logger.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import type { CourierGateway } from "../platform/couriers.ts";
import { createTableCourier } from "../modules/courier/courier.service.ts";
import { trackJob, trackShipment } from "./shipping/steps/track.ts";
import { cancelAtProvider, checkAttempt } from "./payments/checks.ts";
import { reconcilePayments } from "./payments/reconcile.ts";
import { sendRefund } from "./payments/refunds.ts";
import { drawPicturesHandler, drawPicturesJob } from "./demo-pictures.ts";
import { flashEndJob, flashStartJob } from "../modules/promotions/flash.service.ts";
import { endFlashSlot } from "./promotions/end-flash-slot.ts";
import { startFlashSlot } from "./promotions/start-flash-slot.ts";

const gateways = new WeakMap<Db, { gateway: PaymentGateway; log: Logger }>();
const couriers = new WeakMap<Db, CourierGateway>();

/**
 * The courier a database's jobs track parcels with: the one the app over it was started with (main.ts, a
 * test's app), else the built-in courier over the same database.
 */
export function useCourier(db: Db, courier: CourierGateway): void {
  couriers.set(db, courier);
}

function courierOf(db: Db) {
  return { db, courier: couriers.get(db) ?? createTableCourier(db), log: gateways.get(db)?.log ?? quiet };
}
const quiet = createLogger("silent");

/**
 * The payment provider a database's jobs talk to (status checks, cancellations, refunds): the one the app
 * over it was started with (main.ts, a test's app), else the sandbox over the same database.
 */
export function usePaymentGateway(db: Db, gateway: PaymentGateway, log: Logger): void {
  gateways.set(db, { gateway, log });
}

function providerOf(db: Db): { db: Db; gateway: PaymentGateway; log: Logger } {
  const chosen = gateways.get(db);
  return chosen
    ? { db, ...chosen }
    : { db, gateway: createSandboxGateway(db, { publicUrl: "http://localhost:3000" }), log: quiet };
}

/** Every kind of scheduled job and what it does; the workers in main.ts and the tests run these. */
export function jobHandlers(): Record<string, JobHandler> {
  return {
    [rechargeExpireJob]: expireRecharge,
    [paymentExpireJob]: expirePayment,
    [goodsExpireJob]: expireGoods,
    [autoConfirmJob]: autoConfirm,
    [paymentRemindJob]: remindPayment,
    [confirmRemindJob]: remindConfirm,
    [notifyJob]: { outside: redeliverNotification },
    [deliverJob]: { outside: deliverNotification },
    [attemptCheckJob]: { outside: (db, subject) => checkAttempt(providerOf(db), subject) },
    [attemptCancelJob]: { outside: (db, subject) => cancelAtProvider(providerOf(db), subject) },
    [refundJob]: { outside: (db, subject) => sendRefund(db, providerOf(db).gateway, subject) },
    [trackJob]: { outside: (db, subject) => trackShipment(courierOf(db), subject) },
    [drawPicturesJob]: drawPicturesHandler,
    [flashStartJob]: startFlashSlot,
    [flashEndJob]: endFlashSlot,
  };
}

/** Work on a timetable (cron, Jakarta time), once per occurrence across all instances. */
export function periodicTasks(): Record<string, { cron: string; task: PeriodicTask }> {
  return {
    // Idempotency keys are kept a day; forgetting them hourly keeps the table small.
    "ledger.forget_keys": { cron: "17 * * * *", task: forgetOldKeys },
    // The shop street's old sort keys are kept an hour (decision 7); older ones go every 10 minutes.
    "stores.forget_stats_changes": { cron: "*/10 * * * *", task: forgetOldStatsChanges },
    // Notifications are kept 90 days (issue 44); older ones go every night, Jakarta time.
    "notifications.forget_old": { cron: "40 3 * * *", task: forgetOldNotifications },
    // Yesterday's payments, provider against ledger, early in the Jakarta morning.
    "payments.reconcile": { cron: "30 2 * * *", task: (db) => reconcilePayments(providerOf(db)) },
  };
}
