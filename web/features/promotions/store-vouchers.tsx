import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";

/**
 * A store's vouchers on its page and its products' pages (issue 42): a row saying how many anyone can claim
 * (counted with the page's data), leading to them with "Klaim" (the voucher page, for this store). A link, not a
 * sheet: the product page has no JavaScript to spare. Nothing when the store has none.
 */
export function StoreVouchers(props: { storeId: string; count: number }) {
  const { t, locale } = useI18n();
  if (props.count === 0) return null;
  return (
    <Link
      to={localizePath(locale, `/h5/vouchers?store=${props.storeId}`)}
      className="mt-2 flex min-h-12 items-center gap-3 bg-white px-4 py-2 dark:bg-gray-900"
    >
      <span className="shrink-0 rounded bg-amber-700 px-1.5 py-0.5 text-xs font-semibold text-white">
        {t("vouchers.store.title")}
      </span>
      <span className="min-w-0 flex-1 text-sm">{t("vouchers.store.count", { count: props.count })}</span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}
