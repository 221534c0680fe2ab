// Number fields of the promotion forms (vouchers, flash sales): a rupiah amount and a count, each typed as digits.
import { Field } from "../auth/form.tsx";
import { parseAmount } from "../wallet/wallet-ui.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** A rupiah amount: "Rp" in front, the digits grouped as they are typed (as the wallet's amount fields). */
export function MoneyField(props: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { locale } = useI18n();
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error}
      prefix={<span className="font-medium text-gray-700 dark:text-gray-300">Rp</span>}
      input={{
        name: props.name,
        type: "text",
        inputMode: "numeric",
        autoComplete: "off",
        value: props.value === null ? "" : formatNumber(props.value, locale),
        onChange: (e) => props.onChange(parseAmount(e.target.value)),
      }}
    />
  );
}

/** A count (uses, units): digits only, empty meaning none. */
export function CountField(props: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error}
      input={{
        name: props.name,
        type: "text",
        inputMode: "numeric",
        autoComplete: "off",
        value: props.value === null ? "" : String(props.value),
        onChange: (e) => {
          const digits = e.target.value.replace(/\D/g, "").slice(0, 9);
          props.onChange(digits === "" ? null : Number(digits));
        },
      }}
    />
  );
}
