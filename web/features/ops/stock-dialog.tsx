import { useId, useState } from "react";
import type { SupplyOpsItem } from "#common/contracts/supply.ts";
import { localize, type Locale } from "#common/locales.ts";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";

/** A variant whose stock may change: "Hitam / 42", its SKU and the stock it holds. */
export interface StockChoice {
  id: string;
  label: string;
  sku: string;
  stock: number;
}

/** A product's variants as the stock dialog offers them, named in the reader's language. */
export function stockChoices(item: SupplyOpsItem, locale: Locale): StockChoice[] {
  return item.variantRows.map((row) => ({
    id: row.id,
    label: row.values
      .map((id, axis) => item.options[axis]?.values.find((v) => v.id === id))
      .map((value) => (value ? localize(value.name, locale) : "…"))
      .join(" / "),
    sku: row.sku,
    stock: row.stock,
  }));
}

/**
 * Stock arriving (or, negative, taken away): the change, and the stock it makes. A product with several variants
 * asks which one first (its label, SKU and stock).
 */
export function StockDialog(props: {
  product: string;
  stock: number;
  variants?: readonly StockChoice[];
  onConfirm: (change: number, variantId?: string) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const choices = props.variants && props.variants.length > 1 ? props.variants : null;
  const [variantId, setVariantId] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [variantError, setVariantError] = useState<string>();
  const chosen = choices?.find((v) => v.id === variantId);
  const stock = choices ? (chosen?.stock ?? 0) : props.stock;
  const change = /^-?\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (choices && !chosen) return setVariantError(t("errors.supply.chooseVariant"));
    if (change === null || change === 0) return setError(t("errors.supply.stockChange"));
    if (stock + change < 0) return setError(t("errors.supply.stockBelowZero"));
    if (chosen) props.onConfirm(change, chosen.id);
    else props.onConfirm(change);
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{t("ops.catalog.addStock")}</h2>
      <p className="mt-1 line-clamp-2 text-sm text-gray-700 dark:text-gray-300">{props.product}</p>
      {choices && (
        <>
          <label htmlFor={`${id}-variant`} className="mt-4 block text-sm font-medium">
            {t("ops.catalog.variants.choose")}
          </label>
          <select
            id={`${id}-variant`}
            value={variantId}
            onChange={(e) => {
              setVariantId(e.target.value);
              setVariantError(undefined);
              setError(undefined);
            }}
            aria-invalid={variantError ? true : undefined}
            aria-describedby={variantError ? `${id}-variant-error` : undefined}
            className="mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800"
          >
            <option value="">{t("ops.catalog.variants.chooseNone")}</option>
            {choices.map((v) => (
              <option key={v.id} value={v.id}>
                {t("ops.catalog.variants.stockOption", {
                  label: v.label,
                  sku: v.sku,
                  stock: formatNumber(v.stock, locale),
                })}
              </option>
            ))}
          </select>
          {chosen && (
            // The whole SKU: the closed list may cut it off on a narrow phone.
            <p className="mt-1 text-xs break-all text-gray-600 dark:text-gray-400">
              {t("ops.catalog.variants.skuOf", { sku: chosen.sku })}
            </p>
          )}
          {variantError && (
            <p id={`${id}-variant-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {variantError}
            </p>
          )}
        </>
      )}
      <label htmlFor={id} className="mt-4 block text-sm font-medium">
        {t("ops.catalog.stockChange")}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-result${error ? ` ${id}-error` : ""}`}
        className="mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800"
      />
      <p id={`${id}-result`} className="mt-1 text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
        {(!choices || chosen) &&
          t("ops.catalog.stockAfter", { stock: formatNumber(stock + (change ?? 0), locale) })}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={t("ops.catalog.saveStock")} />
    </form>
  );
}
