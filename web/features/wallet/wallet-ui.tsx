import type { ReactNode } from "react";
import { Field } from "../auth/form.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** The digits of a typed amount as a number, or null when empty. */
export function parseAmount(text: string): number | null {
  const digits = text.replace(/\D/g, "");
  return digits === "" ? null : Number(digits.slice(0, 12));
}

/** A rupiah amount field: "Rp" in front, the digits grouped as they are typed. */
export function AmountField(props: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  hint?: string;
  error?: string;
  action?: ReactNode;
}) {
  const { locale } = useI18n();
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error}
      prefix={<span className="font-medium text-gray-700 dark:text-gray-300">Rp</span>}
      action={props.action}
      input={{
        name: "amount",
        type: "text",
        inputMode: "numeric",
        autoComplete: "off",
        value: props.value === null ? "" : formatNumber(props.value, locale),
        onChange: (e) => props.onChange(parseAmount(e.target.value)),
      }}
    />
  );
}
