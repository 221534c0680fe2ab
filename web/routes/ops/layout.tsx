import { lazy, Suspense } from "react";
import { data, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";

export function loader({ params }: Route.LoaderArgs) {
  if (!localeFromParam(params.lang)) throw data(null, { status: 404 });
  return null;
}

// The operator's own notifications (their account's security notices): the count arrives with the live stream.
const NoticeBell = lazy(() => import("../../features/notifications/bell.tsx"));

const sections = [
  ["/ops", "ops.nav.dashboard"],
  ["/ops/withdrawals", "ops.nav.withdrawals"],
  ["/ops/orders", "ops.nav.orders"],
  ["/ops/aftersales", "ops.nav.aftersales"],
  ["/ops/merchants", "ops.nav.merchants"],
  ["/ops/catalog", "ops.nav.catalog"],
  ["/ops/categories", "ops.nav.categories"],
  ["/ops/recharges", "ops.nav.recharges"],
  ["/ops/payments", "ops.nav.payments"],
  ["/ops/shipping", "ops.nav.shipping"],
  ["/ops/cod", "ops.nav.cod"],
  ["/ops/ledger", "ops.nav.ledger"],
  ["/ops/adjust", "ops.nav.adjust"],
  ["/ops/reviews", "ops.nav.reviews"],
  ["/ops/vouchers", "vouchers.manage.opsTitle"],
  ["/ops/flash-sales", "ops.flash.title"],
  ["/ops/chats", "ops.nav.chats"],
  ["/ops/users", "ops.nav.users"],
  ["/ops/settings", "ops.nav.settings"],
  ["/ops/faqs", "ops.nav.faqs"],
  ["/ops/audit", "ops.nav.audit"],
  ["/ops/jobs", "ops.nav.jobs"],
] as const;

/**
 * The operator's area. Every page's data comes from operator-only procedures, so the server refuses anyone
 * else (the page then shows 403, or sign-in to a visitor).
 */
export default function OpsLayout() {
  const { t, locale } = useI18n();
  return (
    <div className="mx-auto min-h-dvh max-w-3xl bg-gray-50 [overflow-wrap:anywhere] dark:bg-gray-900">
      <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
        <div className="flex items-center justify-between gap-2 ps-4 pe-2 pt-2">
          <p className="text-lg font-semibold">{t("ops.title")}</p>
          <Suspense fallback={<span className="size-10" />}>
            <NoticeBell />
          </Suspense>
        </div>
        <nav aria-label={t("ops.title")} className="flex gap-1 overflow-x-auto px-2">
          {sections.map(([to, label]) => (
            <NavLink
              key={to}
              to={localizePath(locale, to)}
              end
              className={({ isActive }) =>
                `shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap ${
                  isActive
                    ? "border-primary-700 font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
                    : "border-transparent text-gray-700 dark:text-gray-300"
                }`
              }
            >
              {t(label)}
            </NavLink>
          ))}
        </nav>
      </header>
      <Outlet />
    </div>
  );
}
