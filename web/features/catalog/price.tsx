import { discountPercent, formatRupiah } from "../../lib/format.ts";

const unbroken = (amount: number) => formatRupiah(amount).replace(" ", "\u00a0");

/**
 * A price in Rupiah, with the usual price struck through when this one is lower; or, with a higher `max`, the
 * range of a product's variants ("Rp 99.000 – Rp 129.000"), with no usual price.
 */
export function Price(props: {
  price: number;
  max?: number;
  usual?: number;
  size?: "sm" | "lg";
  discountLabel?: (percent: number) => string;
}) {
  const max = props.max ?? 0;
  const range = max > props.price;
  const percent = props.usual && !range ? discountPercent(props.price, props.usual) : 0;
  const big = props.size === "lg";
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-primary-700 dark:text-primary-400 ${big ? "text-2xl" : "text-base"}`}>
        {range
          ? // A line may break after the dash only, never inside an amount ("Rp" alone at a line's end).
            `${unbroken(props.price)}\u00a0– ${unbroken(max)}`
          : formatRupiah(props.price)}
      </span>
      {percent > 0 && props.usual && (
        <>
          <s className="text-xs text-gray-500 dark:text-gray-400">{formatRupiah(props.usual)}</s>
          {props.discountLabel && (
            <span className="rounded bg-red-50 px-1 text-xs font-medium text-red-700 dark:bg-red-950 dark:text-red-300">
              {props.discountLabel(percent)}
            </span>
          )}
        </>
      )}
    </div>
  );
}
