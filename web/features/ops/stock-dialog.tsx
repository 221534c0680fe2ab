import { useId, useState } from "react";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";

/** Stock arriving (or, negative, taken away): the change, and the stock it makes. */
export function StockDialog(props: { product: string; stock: number; onConfirm: (change: number) => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const change = /^-?\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (change === null || change === 0) return setError(t("errors.supply.stockChange"));
    if (props.stock + change < 0) return setError(t("errors.supply.stockBelowZero"));
    props.onConfirm(change);
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{t("ops.catalog.addStock")}</h2>
      <p className="mt-1 line-clamp-2 text-sm text-gray-700 dark:text-gray-300">{props.product}</p>
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
        {t("ops.catalog.stockAfter", { stock: formatNumber(props.stock + (change ?? 0), locale) })}
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
