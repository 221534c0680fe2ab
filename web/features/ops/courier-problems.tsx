import type { CourierProblemView } from "#common/contracts/shipping-ops.ts";
import type { TimeZoneName } from "#common/time-zones.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime } from "../../lib/time-zone.ts";

export type { CourierProblemView };

/**
 * What the operator must know of couriers (issue 40, /ops/shipping): a courier's webhook about a parcel the shop
 * does not know, and bookings of orders cancelled while they were being booked (withdrawn, or still live at the
 * courier), each with "Mark handled".
 */
export function CourierProblems(props: {
  items: readonly CourierProblemView[];
  zone: TimeZoneName;
  busy: boolean;
  onResolve: (id: number) => void;
}) {
  const { t, locale } = useI18n();
  if (props.items.length === 0) {
    return <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("ops.shipping.problems.none")}</p>;
  }
  return (
    <ul className="mt-2">
      {props.items.map((problem) => (
        <li
          key={problem.id}
          className="border-t border-gray-100 py-3 first:border-t-0 dark:border-gray-800"
          data-testid="courier-problem"
        >
          <p
            className={
              problem.kind === "booking_cancelled"
                ? "font-medium"
                : "font-medium text-red-800 dark:text-red-300"
            }
          >
            {t(`ops.shipping.problems.kinds.${problem.kind}`)}
          </p>
          <p className="text-sm break-all text-gray-700 dark:text-gray-300">
            {t(`ops.shipping.problems.providers.${problem.provider}`)} ·{" "}
            {t("ops.shipping.problems.booking", { id: problem.providerShipmentId })}
          </p>
          <ul className="text-sm text-gray-700 dark:text-gray-300">
            {problem.orderCode && <li>{t("ops.shipping.problems.order", { code: problem.orderCode })}</li>}
            {problem.waybill && <li>{t("ops.shipping.problems.waybill", { waybill: problem.waybill })}</li>}
            {problem.providerStatus && (
              <li>{t("ops.shipping.problems.status", { status: problem.providerStatus })}</li>
            )}
            {problem.detail && <li className="break-words">{problem.detail}</li>}
            <li>
              {t("ops.shipping.problems.reported", {
                count: problem.count,
                time: formatDateTime(problem.lastAt, locale, props.zone),
              })}
            </li>
          </ul>
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              className="min-h-10 rounded-full border border-primary-700 px-3 py-1 text-sm leading-tight font-semibold text-primary-800 disabled:opacity-60 dark:border-primary-400 dark:text-primary-300"
              disabled={props.busy}
              aria-label={t("ops.shipping.problems.resolveLabel", { id: problem.providerShipmentId })}
              onClick={() => props.onResolve(problem.id)}
            >
              {t("ops.shipping.problems.resolve")}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
