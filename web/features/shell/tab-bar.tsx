import { NavLink } from "react-router";
import { House, LayoutGrid, ShoppingCart, UserRound } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";

/** The bottom tab bar of the shop: home, category, cart, account. */
export function TabBar(props: { cartCount: number }) {
  const { t, locale } = useI18n();
  // The cart's badge: the count the page load brought (pages that change the cart revalidate it).
  const cart = props.cartCount;
  const tabs = [
    { to: "/h5", label: t("shell.nav.home"), Icon: House },
    { to: "/h5/category", label: t("shell.nav.category"), Icon: LayoutGrid },
    { to: "/h5/cart", label: t("shell.nav.cart"), Icon: ShoppingCart, badge: cart },
    { to: "/h5/account", label: t("shell.nav.account"), Icon: UserRound },
  ];
  return (
    <nav
      aria-label={t("shell.nav.main")}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-gray-800 dark:bg-gray-900/95"
    >
      <ul className="grid grid-cols-4">
        {tabs.map(({ to, label, Icon, badge }) => (
          <li key={to}>
            <NavLink
              to={localizePath(locale, to)}
              end={to === "/h5"}
              className={({ isActive }) =>
                `relative flex h-14 flex-col items-center justify-center gap-0.5 text-xs ${
                  isActive
                    ? "font-semibold text-primary-700 dark:text-primary-400"
                    : "text-gray-600 dark:text-gray-400"
                }`
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
              {!!badge && (
                // Decoration: the cart page says what is in it.
                <span
                  aria-hidden="true"
                  className="absolute top-1 left-1/2 ms-1 rounded-full bg-red-700 px-1 text-xs font-bold text-white"
                >
                  {badge}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
