import type { VoucherView } from "#common/contracts/promotions.ts";
import { formatNumber, formatRupiah as rupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";

type Terms = Pick<
  VoucherView,
  | "kind"
  | "amount"
  | "percentBp"
  | "cap"
  | "minSpend"
  | "endsAt"
  | "newShoppersOnly"
  | "methods"
  | "limitedItems"
>;

/**
 * How a voucher reads, as Indonesian shops write it: what it takes off ("Diskon Rp 10.000", "Diskon 10% s.d.
 * Rp 8.000", "Gratis ongkir s.d. Rp 20.000"), its conditions (minimum spend, new shoppers, ways of paying, some
 * products only) and until when it runs, in the reader's language and time zone.
 */
export function useVoucherText() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const percent = (bp: number) => formatNumber(bp / 100, locale);
  // "Rp 15.000" never breaks between the currency and the number.
  const formatRupiah = (amount: number) => rupiah(amount).replace(" ", "\u00a0");
  const title = (v: Terms) => {
    if (v.kind === "shipping") {
      if (v.amount !== null) return t("vouchers.off.shipping", { amount: formatRupiah(v.amount) });
      return v.cap === null
        ? t("vouchers.off.shippingPercent", { percent: percent(v.percentBp!) })
        : t("vouchers.off.shippingPercentCap", { percent: percent(v.percentBp!), cap: formatRupiah(v.cap) });
    }
    if (v.amount !== null) return t("vouchers.off.amount", { amount: formatRupiah(v.amount) });
    return v.cap === null
      ? t("vouchers.off.percent", { percent: percent(v.percentBp!) })
      : t("vouchers.off.percentCap", { percent: percent(v.percentBp!), cap: formatRupiah(v.cap) });
  };
  const conditions = (v: Terms) =>
    [
      v.minSpend > 0
        ? t("vouchers.minSpend", { amount: formatRupiah(v.minSpend) })
        : t("vouchers.noMinSpend"),
      v.newShoppersOnly && t("vouchers.newShoppers"),
      v.methods && t("vouchers.someMethods"),
      v.limitedItems && t("vouchers.someItems"),
    ].filter((c): c is string => typeof c === "string");
  const until = (v: Pick<VoucherView, "endsAt">) =>
    t("vouchers.until", { date: formatDateTime(v.endsAt, locale, zone) });
  return { title, conditions, until, kind: (v: Pick<VoucherView, "kind">) => t(`vouchers.kinds.${v.kind}`) };
}
