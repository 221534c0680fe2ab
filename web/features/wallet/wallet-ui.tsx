import type { ReactNode } from "react";
import type { FundType } from "#common/contracts/ledger.ts";
import { Field } from "../auth/form.tsx";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** The fund record types' names (seed section 3). */
export function useFundTypeLabel(): (kind: FundType) => string {
  const { t } = useI18n();
  return (kind) => t(`wallet.fund.types.${kind}`);
}

/** A signed amount: "+Rp 100.000" in green, "−Rp 52.500" in red. */
export function SignedAmount(props: { amount: number; className?: string }) {
  const positive = props.amount > 0;
  return (
    <span
      className={`font-semibold tabular-nums ${
        positive ? "text-primary-800 dark:text-primary-300" : "text-red-700 dark:text-red-400"
      } ${props.className ?? ""}`}
    >
      {positive ? "+" : "−"}
      {formatRupiah(Math.abs(props.amount))}
    </span>
  );
}

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
