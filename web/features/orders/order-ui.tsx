import type { ImageView } from "#common/images.ts";
import type { OrderDetailView } from "#common/contracts/orders.ts";
import { SummaryRow } from "../../ui/card.tsx";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { Thumbnail } from "../../ui/thumbnail.tsx";

/** A product line of a cart, checkout or order: picture, name, price × quantity. */
export function ItemLine(props: {
  name: string;
  /** The variant bought ("Hitam / 42"), for a product with options. */
  variant?: string | null;
  /** The stock-keeping unit, for the store's and the operator's screens. */
  sku?: string;
  image: ImageView | null;
  price: number;
  quantity: number;
  children?: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="flex gap-3 py-2">
      <Thumbnail image={props.image} />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm">{props.name}</p>
        {(props.variant || props.sku) && (
          <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-400" data-testid="item-variant">
            {props.variant && t("orders.item.variant", { variant: props.variant })}
            {props.variant && props.sku && " · "}
            {props.sku && t("orders.item.sku", { sku: props.sku })}
          </p>
        )}
        <p className="mt-1 flex items-baseline justify-between gap-2 text-sm">
          <span className="font-semibold tabular-nums">{formatRupiah(props.price)}</span>
          <span className="text-gray-600 dark:text-gray-400">
            {t("orders.pay.qty", { count: props.quantity })}
          </span>
        </p>
        {props.children}
      </div>
    </div>
  );
}

/**
 * The money of an order or a checkout: subtotal, postage, service fee, VAT, on delivery the COD fee on its own
 * line, and the total the shopper pays (issue 40: with the COD fee, the same figure at checkout, on the order and
 * on the courier's label).
 */
export function MoneySummary(props: {
  subtotal: number;
  postage: number;
  serviceFee: number;
  vat: number;
  /** The VAT rate in basis points (1100 is 11 %). */
  vatBasisPoints: number;
  total: number;
  /** Cash on delivery: the fee the courier collects with the total; null or left out otherwise. */
  codFee?: number | null;
  /** What the shopper pays in all (the total with the COD fee); the total when left out. */
  grandTotal?: number;
  totalLabel?: string;
  /** No address yet: postage is not known, so it says it follows and the total says it is before postage. */
  postagePending?: boolean;
  /** What vouchers took off (issue 42): each shown as its own line when there is one. */
  storeDiscount?: number;
  platformDiscount?: number;
  shippingDiscount?: number;
}) {
  const { t, locale } = useI18n();
  const percent = formatNumber(props.vatBasisPoints / 100, locale);
  const pending = props.postagePending === true;
  return (
    <dl className="text-sm">
      <SummaryRow label={t("orders.pay.subtotal")}>{formatRupiah(props.subtotal)}</SummaryRow>
      <SummaryRow label={t("orders.pay.postage")}>
        {pending ? (
          <span className="font-normal text-gray-600 dark:text-gray-400">
            {t("orders.pay.postageFollows")}
          </span>
        ) : (
          formatRupiah(props.postage)
        )}
      </SummaryRow>
      {(["storeDiscount", "platformDiscount", "shippingDiscount"] as const).map(
        (line) =>
          (props[line] ?? 0) > 0 && (
            <SummaryRow key={line} label={t(`vouchers.lines.${line}`)}>
              <span className="text-primary-800 dark:text-primary-300">−{formatRupiah(props[line]!)}</span>
            </SummaryRow>
          ),
      )}
      <SummaryRow label={t("orders.pay.serviceFee")}>{formatRupiah(props.serviceFee)}</SummaryRow>
      <SummaryRow label={t("orders.pay.vat", { percent })}>{formatRupiah(props.vat)}</SummaryRow>
      {props.codFee != null && (
        <SummaryRow label={t("orders.cod.fee")}>{formatRupiah(props.codFee)}</SummaryRow>
      )}
      <SummaryRow
        label={
          pending ? t("orders.pay.storeTotalBeforePostage") : (props.totalLabel ?? t("orders.pay.storeTotal"))
        }
        strong
      >
        {formatRupiah(props.grandTotal ?? props.total)}
      </SummaryRow>
    </dl>
  );
}

/** The status of an order as a small label. */
export function StatusLabel(props: { status: OrderDetailView["status"]; delivered?: boolean }) {
  const { t } = useI18n();
  const tone =
    props.status === "cancelled"
      ? "text-gray-600 dark:text-gray-400"
      : props.status === "completed"
        ? "text-primary-800 dark:text-primary-300"
        : "text-amber-800 dark:text-amber-300";
  return (
    <span className={`shrink-0 text-sm font-semibold whitespace-nowrap ${tone}`}>
      {props.status === "shipped" && props.delivered
        ? t("orders.status.deliveredToConfirm")
        : t(`orders.status.${props.status}`)}
    </span>
  );
}
