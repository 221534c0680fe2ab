import { discountPercent, formatRupiah } from "../../lib/format.ts";

/** A price in Rupiah, with the usual price struck through when this one is lower. */
export function Price(props: {
  price: number;
  usual?: number;
  size?: "sm" | "lg";
  discountLabel?: (percent: number) => string;
}) {
  const percent = props.usual ? discountPercent(props.price, props.usual) : 0;
  const big = props.size === "lg";
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-primary-700 dark:text-primary-400 ${big ? "text-2xl" : "text-base"}`}>
        {formatRupiah(props.price)}
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
