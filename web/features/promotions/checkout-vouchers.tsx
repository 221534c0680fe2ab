import { lazy } from "react";
import type { CheckoutQuoteView } from "#common/contracts/orders.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { Card } from "../../ui/card.tsx";

// Loaded when the shopper opens it: the checkout's own JavaScript stays within its budget (each store's summary
// already names what each voucher took off).
const VoucherDialog = lazy(() => import("./voucher-dialog.tsx"));

/**
 * The checkout's vouchers (issue 42): how many it uses (the best combination until the shopper chooses), what
 * they save, and a button to choose others or type a code.
 */
export function CheckoutVouchers(props: {
  quote: Pick<CheckoutQuoteView, "vouchers" | "storeDiscount" | "platformDiscount" | "shippingDiscount">;
  stores: readonly { storeId: string; storeName: string }[];
  onChoose: (ids: string[]) => void;
}) {
  const { t } = useI18n();
  const used = props.quote.vouchers.filter((v) => v.chosen).length;
  const saving = props.quote.storeDiscount + props.quote.platformDiscount + props.quote.shippingDiscount;
  const open = () =>
    modal.open(VoucherDialog, {
      offers: props.quote.vouchers,
      stores: props.stores,
      onApply: props.onChoose,
    });
  return (
    <Card labelledBy="pay-vouchers">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="pay-vouchers" className="font-semibold">
            {t("vouchers.checkout.title")}
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {used === 0 ? t("vouchers.checkout.none") : t("vouchers.checkout.used", { count: used })}
          </p>
          {saving > 0 && (
            <p
              className="text-sm font-semibold text-primary-800 dark:text-primary-300"
              data-testid="voucher-saving"
            >
              {t("vouchers.checkout.saving", { amount: formatRupiah(saving) })}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={open}
          className="min-h-11 shrink-0 rounded-full border border-primary-700 px-4 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
        >
          {used > 0 ? t("vouchers.checkout.change") : t("vouchers.checkout.choose")}
        </button>
      </div>
    </Card>
  );
}
