import { maxItemQuantity } from "#common/quantities.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** A line of a checkout: a store's product, the variant chosen (left out in links from before variants). */
export interface Line {
  listingId: string;
  variantId?: string;
  quantity: number;
}

/** A checkout's lines in the pay page's address: `prd_a.var_x*2,prd_b*1`. */
export function encodeLines(lines: readonly Line[]): string {
  return lines.map((l) => `${l.listingId}${l.variantId ? `.${l.variantId}` : ""}*${l.quantity}`).join(",");
}

/** A quantity stepper: − n +, never below 1 or above `max`; `compact` where a bar shares its width with buttons. */
export function Stepper(props: {
  value: number;
  max: number;
  label: string;
  onChange: (value: number) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const button = `grid ${props.compact ? "size-8" : "size-9"} place-items-center rounded-full border border-gray-300 disabled:opacity-40 dark:border-gray-600`;
  return (
    <div
      role="group"
      aria-label={props.label}
      className={`flex shrink-0 items-center ${props.compact ? "gap-1" : "gap-2"}`}
    >
      <button
        type="button"
        className={button}
        aria-label={t("orders.cart.decrease")}
        disabled={props.disabled || props.value <= 1}
        onClick={() => props.onChange(props.value - 1)}
      >
        {/* Text glyphs, not icons: the product page's script budget (decision 25). */}
        <span aria-hidden="true" className="text-lg leading-none">
          −
        </span>
      </button>
      <output aria-live="polite" className="min-w-6 text-center font-semibold tabular-nums">
        {props.value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={t("orders.cart.increase")}
        disabled={props.disabled || props.value >= Math.min(props.max, maxItemQuantity)}
        onClick={() => props.onChange(props.value + 1)}
      >
        <span aria-hidden="true" className="text-lg leading-none">
          +
        </span>
      </button>
    </div>
  );
}
