import { Link } from "react-router";
import type { z } from "zod";
import type { ManagedVoucherSchema } from "#common/contracts/promotions.ts";
import { channelNames, isPaymentChannel, type PlaceMethod } from "#common/payment-channels.ts";
import { VoucherTicket } from "../promotions/voucher-ticket.tsx";
import { useVoucherText } from "../promotions/voucher-text.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { Figure } from "../../ui/card.tsx";

export type ManagedVoucher = z.infer<typeof ManagedVoucherSchema>;

/**
 * A way of paying as the shop names it: the channel's brand ("QRIS", "BCA Virtual Account"), the wallet as the
 * checkout and order pages name it ("Saldo dompet") and cash on delivery ("Bayar di tempat (COD)").
 */
export function usePlaceMethodName() {
  const { t } = useI18n();
  return (method: PlaceMethod) =>
    isPaymentChannel(method) ? channelNames[method] : t(`orders.detail.methods.${method}`);
}

/**
 * A voucher as whoever pays for it manages it: the ticket shoppers see, then its code, how many times it was used
 * of its limit, the budget spent of its budget, the live orders using it, the per-shopper limit, the ways of
 * paying it is limited to (named; the ticket says "Produk tertentu" for its categories or stores) and its start;
 * paused or not, with the button that pauses or resumes it.
 */
function ManagedVoucherItem(props: {
  voucher: ManagedVoucher;
  busy: boolean;
  onPause: () => void;
  /** Where the orders using it are listed (the operator's), if anywhere. */
  ordersPath?: ((id: string) => string) | undefined;
}) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const text = useVoucherText();
  const methodName = usePlaceMethodName();
  const v = props.voucher;
  const l = "vouchers.manage.list";
  const unlimited = t(`${l}.unlimited`);
  const name = v.code ?? text.title(v);
  return (
    <li className="rounded-xl bg-white p-3 dark:bg-gray-900" data-testid="managed-voucher">
      <VoucherTicket voucher={v} />
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Figure label={t(`${l}.code`)}>
          {v.code ? <span className="font-mono break-all">{v.code}</span> : t(`${l}.noCode`)}
        </Figure>
        <Figure label={t(`${l}.perShopper`)}>{t(`${l}.times`, { count: v.perShopperLimit })}</Figure>
        <Figure label={t(`${l}.used`)}>
          <span data-testid="voucher-used">
            {formatNumber(v.used, locale)} /{" "}
            {v.usageLimit === null ? unlimited : formatNumber(v.usageLimit, locale)}
          </span>
        </Figure>
        <Figure label={t(`${l}.orders`)}>
          <span data-testid="voucher-orders">{formatNumber(v.orders, locale)}</span>
          {props.ordersPath && v.orders > 0 && (
            <>
              {" · "}
              <Link
                to={localizePath(locale, props.ordersPath(v.id))}
                className="font-semibold text-primary-800 dark:text-primary-300"
              >
                {t("vouchers.manage.seeOrders")}
              </Link>
            </>
          )}
        </Figure>
        <Figure label={t(`${l}.spent`)} wide>
          <span data-testid="voucher-spent">
            {formatRupiah(v.spent)} / {v.budget === null ? unlimited : formatRupiah(v.budget)}
          </span>
        </Figure>
        {v.methods && (
          <Figure label={t(`${l}.methods`)} wide>
            <span data-testid="voucher-methods" className="font-normal">
              {v.methods.map(methodName).join(", ")}
            </span>
          </Figure>
        )}
        <Figure label={t(`${l}.starts`)} wide>
          {formatDateTime(v.startsAt, locale, zone)}
        </Figure>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        {v.paused ? (
          <span
            className="rounded bg-gray-200 px-2 py-0.5 text-sm font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100"
            data-testid="voucher-paused"
          >
            {t(`${l}.paused`)}
          </span>
        ) : (
          <span />
        )}
        <button
          type="button"
          disabled={props.busy}
          onClick={props.onPause}
          aria-label={t(v.paused ? `${l}.resumeLabel` : `${l}.pauseLabel`, { name })}
          className={`min-h-11 rounded-full border px-5 py-1 text-sm leading-tight font-semibold disabled:opacity-60 ${
            v.paused
              ? "border-primary-700 bg-primary-700 text-white"
              : "border-gray-400 text-gray-800 dark:border-gray-500 dark:text-gray-100"
          }`}
        >
          {t(v.paused ? `${l}.resume` : `${l}.pause`)}
        </button>
      </div>
    </li>
  );
}

/** The vouchers a store or the platform pays for, newest first, each with its figures and pause button. */
export function ManagedVoucherList(props: {
  vouchers: readonly ManagedVoucher[];
  emptyText: string;
  busy: boolean;
  onPause: (voucher: ManagedVoucher) => void;
  ordersPath?: (id: string) => string;
}) {
  if (props.vouchers.length === 0)
    return <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{props.emptyText}</p>;
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
      {props.vouchers.map((v) => (
        <ManagedVoucherItem
          key={v.id}
          voucher={v}
          busy={props.busy}
          onPause={() => props.onPause(v)}
          ordersPath={props.ordersPath}
        />
      ))}
    </ul>
  );
}
