import type { FundType } from "#common/contracts/ledger.ts";
import { formatRupiah } from "../../lib/format.ts";
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
