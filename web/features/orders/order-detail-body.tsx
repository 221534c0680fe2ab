import { formatIndonesianNumber } from "#common/account-display.ts";
import type { OrderDetailView } from "#common/contracts/orders.ts";
import { channelNames, isPaymentChannel } from "#common/payment-channels.ts";
import { Card, SummaryRow } from "../../ui/card.tsx";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { parcelExceptions, reversedException, type ParcelException } from "#common/order-states.ts";
import { serviceLabel, useEta } from "./shipping-text.ts";
import { ItemLine, MoneySummary, StatusLabel } from "./order-ui.tsx";

/** An order in full: store, items, address, money, payment, shipping and the timeline. */
export function OrderDetailBody(props: {
  order: OrderDetailView;
  extra?: React.ReactNode;
  /** The store's view: each item's SKU, to pick it in the warehouse. */
  skus?: boolean;
}) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const { order } = props;
  const at = (d: Date) => formatDateTime(d, locale, zone);
  return (
    <>
      <Card labelledBy="order-status">
        <div className="flex items-center justify-between gap-3">
          <h2 id="order-status" className="font-semibold">
            <StatusLabel
              status={order.status}
              // The courier says it arrived: what is left is the shopper's confirmation.
              delivered={order.shipments.some((s) => s.kind === "outbound" && s.status === "delivered")}
            />
          </h2>
          <span className="text-sm text-gray-600 dark:text-gray-400">{order.storeName}</span>
        </div>
        <dl className="mt-2 text-sm">
          <SummaryRow label={t("orders.detail.code")}>
            <span className="font-mono">{order.code}</span>
          </SummaryRow>
          <SummaryRow label={t("orders.detail.placedAt")}>{at(order.createdAt)}</SummaryRow>
          {order.cancelReason && (
            <SummaryRow label={t("orders.status.cancelled")}>
              {t(`orders.cancelReasons.${order.cancelReason}`)}
            </SummaryRow>
          )}
          {order.payDueAt && (
            <SummaryRow label={t("orders.status.pending_payment")}>
              {t("orders.list.payBy", { time: at(order.payDueAt) })}
            </SummaryRow>
          )}
        </dl>
      </Card>
      <Card labelledBy="order-address">
        <h2 id="order-address" className="font-semibold">
          {t("orders.pay.address")}
        </h2>
        <p className="mt-1 text-sm font-medium">
          {order.address.name} · {formatIndonesianNumber(order.address.mobile)}
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {order.address.detail}, {order.address.area} {order.address.postcode}
        </p>
      </Card>
      {(order.shipping || order.shipments.length > 0) && <TrackingCard order={order} />}
      <Card labelledBy="order-items">
        <h2 id="order-items" className="font-semibold">
          {t("orders.detail.items")}
        </h2>
        {order.items.map((i) => (
          <ItemLine
            key={i.variantId}
            name={i.name}
            variant={i.variantLabel}
            {...(props.skus ? { sku: i.sku } : {})}
            image={i.image}
            price={i.price}
            quantity={i.quantity}
          />
        ))}
        {order.note && (
          <p className="mt-2 text-sm break-words" data-testid="order-note">
            {t("orders.detail.note", { note: order.note })}
          </p>
        )}
        <div className="mt-2 border-t border-gray-100 pt-2 dark:border-gray-800">
          <MoneySummary {...order} totalLabel={t("orders.pay.total")} />
        </div>
        {props.extra}
      </Card>
      <Card labelledBy="order-payment">
        <h2 id="order-payment" className="font-semibold">
          {t("orders.detail.payment")}
        </h2>
        <dl className="mt-1 text-sm">
          <SummaryRow label={t("orders.pay.method")}>
            {isPaymentChannel(order.paymentMethod)
              ? channelNames[order.paymentMethod]
              : t(`orders.detail.methods.${order.paymentMethod}`)}
          </SummaryRow>
          {order.paidAt && <SummaryRow label={t("orders.events.paid")}>{at(order.paidAt)}</SummaryRow>}
        </dl>
        {order.codFee !== null && !order.paidAt && order.status !== "cancelled" && (
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("orders.cod.payCourier", { amount: formatRupiah(order.grandTotal) })}{" "}
            {t("orders.cod.noRefusal")}
          </p>
        )}
        {(order.courier || order.trackingNumber) && (
          <dl className="mt-1 text-sm">
            <SummaryRow label={t("orders.detail.courier")}>{order.courier}</SummaryRow>
            <SummaryRow label={t("orders.detail.tracking")}>
              <span className="font-mono">{order.trackingNumber}</span>
            </SummaryRow>
          </dl>
        )}
        {order.autoConfirmAt && (
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {t("orders.detail.autoConfirm", { time: at(order.autoConfirmAt) })}
          </p>
        )}
      </Card>
      <Card labelledBy="order-timeline">
        <h2 id="order-timeline" className="font-semibold">
          {t("orders.detail.timeline")}
        </h2>
        <ol className="mt-2 grid gap-3 border-s-2 border-gray-200 ps-4 dark:border-gray-700">
          {order.events.map((e, index) => (
            <li key={index} className="text-sm">
              <p className="font-medium">
                {t(`orders.events.${e.event}`)}
                {e.amount !== null && <span className="ms-1 tabular-nums">· {formatRupiah(e.amount)}</span>}
              </p>
              <p className="text-gray-600 dark:text-gray-400">
                <time dateTime={e.at.toISOString()}>{at(e.at)}</time> · {t(`orders.actors.${e.actor}`)}
              </p>
              {e.reason && <p>{t(`orders.cancelReasons.${e.reason}`)}</p>}
              {e.courier && (
                <p>
                  {e.courier} · <span className="font-mono">{e.trackingNumber}</span>
                </p>
              )}
              {e.note && <p className="break-words">{exceptionText(e.note, t)}</p>}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

/** An exception as its reader reads it: the shop's own codes translated, an operator's note as written. */
export function exceptionText(note: string, t: ReturnType<typeof useI18n>["t"]): string {
  if (note === reversedException) return t("orders.cancelReasons.payment_reversed");
  if ((parcelExceptions as readonly string[]).includes(note))
    return t(`orders.parcel.${note as ParcelException}`);
  return note;
}

/**
 * How the order travels: the courier service chosen and its arrival estimate, then each parcel (the order, a
 * return, a replacement) with its waybill and the courier's steps, newest first.
 */
function TrackingCard(props: { order: OrderDetailView }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const eta = useEta();
  const { shipping, shipments } = props.order;
  return (
    <Card labelledBy="order-tracking">
      <h2 id="order-tracking" className="font-semibold">
        {t("orders.tracking.title")}
      </h2>
      {shipping && (
        <p className="mt-1 text-sm">
          {serviceLabel(shipping)} · {t(`orders.shipping.kinds.${shipping.kind}`)} · {eta(shipping)}
        </p>
      )}
      {shipments.map((s) => (
        <section key={s.id} className="mt-3" aria-label={t(`orders.tracking.kinds.${s.kind}`)}>
          {shipments.length > 1 && (
            <h3 className="text-sm font-semibold">{t(`orders.tracking.kinds.${s.kind}`)}</h3>
          )}
          <p className="text-sm">
            {t("orders.tracking.waybill")}: <span className="font-mono">{s.waybill ?? "—"}</span> ·{" "}
            <strong>{t(`orders.tracking.status.${s.status}`)}</strong>
          </p>
          {s.steps.length === 0 ? (
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t("orders.tracking.noSteps")}</p>
          ) : (
            <ol className="mt-2 grid gap-2 border-s-2 border-primary-200 ps-4 dark:border-primary-800">
              {s.steps.map((step, i) => (
                <li key={i} className="text-sm">
                  <p className="font-medium">{t(`orders.tracking.status.${step.status}`)}</p>
                  <p className="break-words text-gray-700 dark:text-gray-300">{step.note}</p>
                  <p className="text-gray-600 dark:text-gray-400">
                    <time dateTime={step.at}>{formatDateTime(new Date(step.at), locale, zone)}</time>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </Card>
  );
}
