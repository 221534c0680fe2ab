import { useState } from "react";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { AmountField } from "../wallet/wallet-ui.tsx";
import { DialogActions } from "../../ui/confirm-dialog.tsx";

/**
 * The store's price for a supply product: never below the merchant price; the margin over it shows as the
 * merchant types (and the suggested price for comparison).
 */
export function PriceDialog(props: {
  title: string;
  product: string;
  merchantPrice: number;
  suggestedPrice: number;
  price: number | null;
  confirmLabel: string;
  onConfirm: (price: number) => void;
}) {
  const { t } = useI18n();
  const [price, setPrice] = useState<number | null>(props.price);
  const [error, setError] = useState<string>();
  const margin = price === null ? null : price - props.merchantPrice;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (price === null || price <= 0) return setError(t("errors.listing.price"));
    if (price < props.merchantPrice)
      return setError(t("errors.listing.belowCost", { cost: formatRupiah(props.merchantPrice) }));
    props.onConfirm(price);
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      <p className="mt-1 line-clamp-2 text-sm text-gray-700 dark:text-gray-300">{props.product}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.merchantPrice")}</dt>
          <dd className="font-semibold tabular-nums">{formatRupiah(props.merchantPrice)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.suggestedPrice")}</dt>
          <dd className="tabular-nums">{formatRupiah(props.suggestedPrice)}</dd>
        </div>
      </dl>
      <AmountField
        label={t("merchant.products.yourPrice")}
        value={price}
        onChange={(v) => {
          setPrice(v);
          setError(undefined);
        }}
        error={error}
      />
      <p className="mt-2 text-sm" aria-live="polite" data-testid="margin">
        {margin === null
          ? "\u00a0"
          : margin >= 0
            ? t("merchant.products.margin", {
                amount: formatRupiah(margin),
                percent: Math.round((margin / props.merchantPrice) * 100),
              })
            : t("merchant.products.belowCost")}
      </p>
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={props.confirmLabel} />
    </form>
  );
}
