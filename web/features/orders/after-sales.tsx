import type { AfterSalesView } from "#common/contracts/returns.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { Card } from "../../ui/card.tsx";
import { PhotoStrip } from "../../ui/photo-strip.tsx";

/** An after-sales request's state as a label: waiting ones amber, settled ones green, refused ones grey. */
function RequestStatus(props: { status: AfterSalesView["status"] }) {
  const { t } = useI18n();
  const tone =
    props.status === "approved" || props.status === "replaced"
      ? "text-primary-800 dark:text-primary-300"
      : props.status === "requested" || props.status === "escalated"
        ? "text-amber-800 dark:text-amber-300"
        : "text-gray-700 dark:text-gray-300";
  return <span className={`text-sm font-semibold ${tone}`}>{t(`aftersales.status.${props.status}`)}</span>;
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
        <RequestStatus status={r.status} />
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {r.orderCode} · {formatDateTime(r.createdAt, locale, zone)}
      </p>
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
      {r.trackingNumber && (
        <p className="mt-1 text-sm">
          {t("aftersales.shipped")}: {r.courier} · <span className="font-mono">{r.trackingNumber}</span>
        </p>
      )}
      {props.children}
    </li>
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
