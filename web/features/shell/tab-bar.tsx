import { NavLink } from "react-router";
import { House, LayoutGrid, ShoppingCart, UserRound } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";

/** The bottom tab bar of the shop: home, category, cart, account. */
export function TabBar() {
  const { t, locale } = useI18n();
  const tabs = [
    { to: "/h5", label: t("shell.nav.home"), Icon: House, end: true },
    { to: "/h5/category", label: t("shell.nav.category"), Icon: LayoutGrid, end: false },
    { to: "/h5/cart", label: t("shell.nav.cart"), Icon: ShoppingCart, end: false },
    { to: "/h5/account", label: t("shell.nav.account"), Icon: UserRound, end: false },
  ];
  return (
    <nav
      aria-label={t("shell.nav.main")}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-gray-800 dark:bg-gray-900/95"
    >
      <ul className="grid grid-cols-4">
        {tabs.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={localizePath(locale, to)}
              end={end}
              className={({ isActive }) =>
                `flex h-14 flex-col items-center justify-center gap-0.5 text-xs ${
                  isActive
                    ? "font-semibold text-primary-700 dark:text-primary-400"
                    : "text-gray-600 dark:text-gray-400"
                }`
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
