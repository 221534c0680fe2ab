import { Ticket, Truck } from "lucide-react";
import type { VoucherView } from "#common/contracts/promotions.ts";
import { useVoucherText } from "./voucher-text.ts";

const tone = {
  platform: "bg-primary-700 text-white",
  store: "bg-amber-700 text-white",
  shipping: "bg-teal-700 text-white",
} as const;

/**
 * A voucher drawn as a ticket: a band of its kind's colour with its icon, what it takes off, its conditions and
 * until when it runs; `children` is its action (Klaim, Pakai) or what it takes off this checkout.
 */
export function VoucherTicket(props: {
  voucher: VoucherView;
  /** A line under the conditions: why it cannot be used, uses left, how much of it is gone. */
  note?: React.ReactNode;
  /** It cannot be used: its band is grey (the text keeps its contrast). */
  muted?: boolean;
  /** Inside a list that names its kind already (the checkout's groups): the band shows the icon only. */
  compact?: boolean;
  children?: React.ReactNode;
}) {
  const text = useVoucherText();
  const v = props.voucher;
  const Icon = v.kind === "shipping" ? Truck : Ticket;
  return (
    <div
      className="flex overflow-hidden rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900"
      data-testid="voucher"
    >
      <div
        className={`flex shrink-0 flex-col items-center justify-center gap-1 p-1 text-center ${props.compact ? "w-9" : "w-16"} ${props.muted ? "bg-gray-600 text-white" : tone[v.kind]}`}
      >
        <Icon className="size-5" aria-hidden="true" />
        {!props.compact && (
          <span className="text-[0.65rem] leading-tight font-semibold">
            {v.kind === "store" && v.storeName ? v.storeName : text.kind(v)}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1 p-2.5">
        <p className="font-semibold">{text.title(v)}</p>
        <p className="text-xs text-gray-700 dark:text-gray-300">{text.conditions(v).join(" · ")}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">{text.until(v)}</p>
        {props.note && <div className="mt-1 text-xs">{props.note}</div>}
      </div>
      {props.children && <div className="flex shrink-0 items-center pr-2.5">{props.children}</div>}
    </div>
  );
}
