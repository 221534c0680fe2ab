import type { AfterSalesView } from "#common/contracts/returns.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { Card } from "../../ui/card.tsx";
import { PhotoStrip } from "../../ui/photo-strip.tsx";

/**
 * An after-sales request's state as a label: waiting ones amber, settled ones green, refused ones grey. An approved
 * return is a refunded one (its final state), so it says so; an approved replacement still waits to be shipped.
 */
function RequestStatus(props: { status: AfterSalesView["status"]; kind: AfterSalesView["kind"] }) {
  const { t } = useI18n();
  const tone =
    props.status === "approved" || props.status === "replaced"
      ? "text-primary-800 dark:text-primary-300"
      : props.status !== "refused" && props.status !== "rejected"
        ? "text-amber-800 dark:text-amber-300"
        : "text-gray-700 dark:text-gray-300";
  const label =
    props.status === "approved" && props.kind === "return"
      ? t("aftersales.status.refundedReturn")
      : t(`aftersales.status.${props.status}`);
  return <span className={`text-sm font-semibold ${tone}`}>{label}</span>;
}

/** One request: the item, what was asked and why, its photos, each side's reasons, the refund or shipment. */
export function AfterSalesRequest(props: {
  request: AfterSalesView;
  children?: React.ReactNode;
  className?: string;
}) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const r = props.request;
  return (
    <li
      className={props.className ?? "border-b border-gray-100 py-3 last:border-0 dark:border-gray-800"}
      data-testid="after-sales"
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 text-sm font-medium">
          {t(`aftersales.kinds.${r.kind}`)} · {r.item} × {r.quantity}
        </p>
        <RequestStatus status={r.status} kind={r.kind} />
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {r.orderCode} · {formatDateTime(r.createdAt, locale, zone)}
      </p>
      {r.category && (
        <p className="mt-1 text-sm">
          {t("aftersales.category", { category: t(`aftersales.categories.${r.category}`) })}
        </p>
      )}
      <p className="mt-1 text-sm break-words whitespace-pre-line">{r.reason}</p>
      <PhotoStrip images={r.images} label={t("reviews.photo")} />
      {r.refusal && <p className="mt-1 text-sm">{t("aftersales.refusal", { reason: r.refusal })}</p>}
      {r.escalation && <p className="mt-1 text-sm">{t("aftersales.escalation", { note: r.escalation })}</p>}
      {r.decision && <p className="mt-1 text-sm">{t("aftersales.decision", { reason: r.decision })}</p>}
      {r.refund !== null && (
        <p className="mt-1 text-sm font-semibold" data-testid="refund">
          {t("aftersales.refunded", { amount: formatRupiah(r.refund) })}
        </p>
      )}
      {r.postagePayer && r.kind === "return" && (
        <p className="mt-1 text-sm">
          {t(`aftersales.payer.${r.postagePayer}`)}
          {r.postageCharged !== null &&
            ` · ${t("aftersales.postageCharged", { amount: formatRupiah(r.postageCharged) })}`}
        </p>
      )}
      {r.shipment && <RequestParcel shipment={r.shipment} />}
      {r.trackingNumber && (
        <p className="mt-1 text-sm">
          {t("aftersales.shipped")}: {r.courier} · <span className="font-mono">{r.trackingNumber}</span>
        </p>
      )}
      {props.children}
    </li>
  );
}

/**
 * The parcel a request travels by (issue 27): the courier service, its waybill and state, and where it goes. Its
 * steps are on the order's tracking card.
 */
function RequestParcel(props: { shipment: NonNullable<AfterSalesView["shipment"]> }) {
  const { t } = useI18n();
  const s = props.shipment;
  return (
    <div
      className="mt-2 rounded-lg border border-gray-200 p-2 text-sm dark:border-gray-700"
      data-testid="request-parcel"
    >
      <p className="font-medium">
        {t(`aftersales.parcel.${s.kind === "return" ? "return" : "replacement"}`, { service: s.serviceName })}
      </p>
      {s.booked ? (
        <p>
          {t("aftersales.parcel.waybill")}: <span className="font-mono">{s.waybill ?? "—"}</span> ·{" "}
          <strong>{t(`orders.tracking.status.${s.status}`)}</strong>
        </p>
      ) : (
        <p className="text-amber-800 dark:text-amber-300">{t("aftersales.parcel.notBooked")}</p>
      )}
      <p className="text-gray-700 dark:text-gray-300">
        {t("aftersales.parcel.to", { name: s.to.name, address: s.to.address })}
      </p>
    </div>
  );
}

/** The after-sales requests of an order, each with what the viewer may do about it. */
export function AfterSalesCard(props: {
  requests: AfterSalesView[];
  actions?: (request: AfterSalesView) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useI18n();
  if (props.requests.length === 0 && !props.children) return null;
  return (
    <Card labelledBy="after-sales">
      <h2 id="after-sales" className="font-semibold">
        {t("aftersales.title")}
      </h2>
      {props.children}
      {props.requests.length > 0 && (
        <ul>
          {props.requests.map((r) => (
            <AfterSalesRequest key={r.id} request={r}>
              {props.actions?.(r)}
            </AfterSalesRequest>
          ))}
        </ul>
      )}
    </Card>
  );
}
