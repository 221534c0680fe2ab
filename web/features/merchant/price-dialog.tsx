import { useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { StoreVariantsView } from "#common/contracts/merchants.ts";
import { maxListingPrice } from "#common/money.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { useTRPC } from "../../lib/trpc.ts";
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
    if (price > maxListingPrice) return setError(t("errors.listing.priceHigh"));
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

/** What the variant dialog asks the page to send: prices for the variants on sale, and the ones taken off sale. */
export interface VariantPrices {
  prices: { variantId: string; price: number }[];
  /** Variants that were on sale and are switched off (repricing only). */
  off: string[];
}

interface DialogProps {
  title: string;
  product: string;
  supplyProductId: string;
  confirmLabel: string;
  /**
   * `list`: the product is not listed yet; every variant starts on sale at its suggested price. `reprice`: each
   * variant as the store left it, new ones (never priced) empty and off sale.
   */
  mode: "list" | "reprice";
  onConfirm: (change: VariantPrices) => void;
}

/**
 * The store's prices for a product with variants, one row per variant (label, SKU, cost, suggested price, stock,
 * the store's price and whether it is on sale), read from `merchants.variants` when the dialog opens.
 */
export function VariantPriceDialog(props: DialogProps) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const variants = useQuery(
    trpc.merchants.variants.queryOptions(
      { supplyProductId: props.supplyProductId },
      // What the store last saved, not a copy kept from an earlier opening.
      { staleTime: 0, gcTime: 0 },
    ),
  );
  if (!variants.data)
    return (
      <div className="p-5">
        <h2 className="text-lg font-semibold">{props.title}</h2>
        <p className="mt-3 h-40 animate-pulse text-sm text-gray-600 dark:text-gray-400" role="status">
          {t("merchant.products.variants.loading")}
        </p>
      </div>
    );
  return <VariantPriceForm {...props} variants={variants.data.variants} />;
}

type VariantRow = StoreVariantsView["variants"][number];
interface RowState {
  price: number | null;
  onSale: boolean;
  error?: string;
}

/**
 * The variant table itself. "One price for all" fills every row's price (checked per row against its own cost when
 * sent, like a typed one). A row that had no price switches on sale when it gets one: pricing a new variant is
 * what puts it on sale. Rows on sale are checked before anything is sent; at least one must be on sale.
 */
export function VariantPriceForm(props: DialogProps & { variants: VariantRow[] }) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState<RowState[]>(() =>
    props.variants.map((v) =>
      props.mode === "list"
        ? { price: v.price ?? v.suggestedPrice, onSale: true }
        : { price: v.price, onSale: v.onSale },
    ),
  );
  const [all, setAll] = useState<number | null>(null);
  const [formError, setFormError] = useState<string>();
  const priced = (row: RowState, price: number | null): RowState => ({
    price,
    onSale: row.price === null && price !== null ? true : row.onSale,
  });
  const change = (index: number, next: (row: RowState) => RowState) => {
    setFormError(undefined);
    setRows((current) => current.map((row, i) => (i === index ? next(row) : row)));
  };
  const rowError = (v: VariantRow, row: RowState): string | undefined => {
    if (!row.onSale) return undefined;
    if (row.price === null || row.price <= 0) return t("errors.listing.price");
    if (row.price > maxListingPrice) return t("errors.listing.priceHigh");
    if (row.price < v.merchantPrice)
      return t("errors.listing.belowCostVariant", {
        variant: v.label ?? props.product,
        cost: formatRupiah(v.merchantPrice),
      });
    return undefined;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = rows.map((row, i) => ({ ...row, error: rowError(props.variants[i]!, row) }));
    setRows(checked);
    if (!checked.some((r) => r.onSale)) return setFormError(t("merchant.products.variants.noneOnSale"));
    if (checked.some((r) => r.error)) {
      // The first row to correct gets the focus (after React has marked it).
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus(),
      );
      return;
    }
    props.onConfirm({
      prices: props.variants.flatMap((v, i) =>
        checked[i]!.onSale ? [{ variantId: v.id, price: checked[i]!.price! }] : [],
      ),
      off: props.variants.filter((v, i) => v.onSale && !checked[i]!.onSale).map((v) => v.id),
    });
    modal.close();
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      <p className="mt-1 line-clamp-2 text-sm text-gray-700 dark:text-gray-300">{props.product}</p>
      <AmountField
        label={t("merchant.products.variants.onePrice")}
        hint={t("merchant.products.variants.onePriceHint")}
        value={all}
        onChange={(v) => {
          setAll(v);
          setFormError(undefined);
          setRows((current) => current.map((row) => ({ ...priced(row, v), error: undefined })));
        }}
      />
      {/* A column that may shrink to the dialog's width: a row's inputs never push it wider (320 px). */}
      <ul className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="variant-rows">
        {props.variants.map((v, i) => (
          <VariantRowFields
            key={v.id}
            variant={v}
            row={rows[i]!}
            fresh={props.mode === "reprice" && v.price === null}
            onPrice={(price) => change(i, (row) => priced(row, price))}
            onSale={(onSale) => change(i, (row) => ({ ...row, onSale, error: undefined }))}
          />
        ))}
      </ul>
      {formError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      )}
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={props.confirmLabel} />
    </form>
  );
}

/** One variant's row: what it costs and has, the store's price and its on-sale switch, grouped under its name. */
function VariantRowFields(props: {
  variant: VariantRow;
  row: RowState;
  fresh: boolean;
  onPrice: (price: number | null) => void;
  onSale: (onSale: boolean) => void;
}) {
  const { t, locale } = useI18n();
  const { variant: v, row } = props;
  return (
    <li>
      {/* min-w-0: a fieldset is never narrower than its content (the price input) unless told. */}
      <fieldset className="min-w-0 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
        <legend className="px-1 font-medium">
          {v.label ?? "—"}
          {props.fresh && " "}
          {props.fresh && (
            <span className="ms-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              {t("merchant.products.variants.newBadge")}
            </span>
          )}
        </legend>
        <p className="text-xs break-all text-gray-600 dark:text-gray-400">{v.sku}</p>
        {/* Each figure on one line, the three wrapping as the width allows (two lines at 320 px). */}
        <dl className="mt-1 flex flex-wrap gap-x-3 text-sm">
          {(
            [
              ["merchant.products.cost", formatRupiah(v.merchantPrice), "font-semibold"],
              ["merchant.products.suggested", formatRupiah(v.suggestedPrice), ""],
              ["merchant.products.stock", formatNumber(v.stock, locale), ""],
            ] as const
          ).map(([label, value, weight]) => (
            <div key={label} className="flex gap-1 whitespace-nowrap">
              <dt className="text-gray-600 dark:text-gray-400">{t(label)}</dt>
              <dd className={`tabular-nums ${weight}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <AmountField
              label={t("merchant.products.yourPrice")}
              value={row.price}
              onChange={props.onPrice}
              error={row.error}
            />
          </div>
          {/* The whole cell is the switch's label: a 44 px target. */}
          <label className="mt-4 flex min-h-11 min-w-11 shrink-0 cursor-pointer flex-col items-center text-sm font-medium text-gray-800 dark:text-gray-200">
            {t("merchant.products.variants.onSaleSwitch")}
            <input
              type="checkbox"
              role="switch"
              checked={row.onSale}
              onChange={(e) => props.onSale(e.target.checked)}
              className="mt-2 size-7 accent-primary-700"
            />
          </label>
        </div>
      </fieldset>
    </li>
  );
}
