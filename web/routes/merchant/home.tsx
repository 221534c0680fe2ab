import { useQuery } from "@tanstack/react-query";
import {
  ArrowDownToLine,
  ClipboardList,
  CreditCard,
  MessageSquareText,
  Package,
  ReceiptText,
  MessagesSquare,
  Settings,
  Store,
  Ticket,
  Wallet,
  Zap,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import type { MerchantHomeView, MerchantStatusView } from "#common/contracts/merchants.ts";
import { SalesChart } from "../../features/merchant/sales-chart.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { StoreBadges } from "../../features/stores/store-stats.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { LinkList } from "../../ui/link-list.tsx";
import { buttonLink, Card } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.merchants.status.queryOptions())
      .then((status) =>
        status.merchant
          ? Promise.all([
              queryClient.fetchQuery(trpc.merchants.home.queryOptions()),
              queryClient.fetchQuery(trpc.merchantChat.unread.queryOptions()),
            ])
          : null,
      )
      .catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("merchant.home.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Seed section 6: a user who is not a merchant sees "Not yet a merchant", and the state of their application. */
function NotMerchant(props: { status: MerchantStatusView }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const application = props.status.application;
  const apply = localizePath(locale, "/h5/merchant/apply");
  return (
    <Card labelledBy="not-merchant" className="text-center">
      <Store className="mx-auto size-12 text-primary-700 dark:text-primary-400" aria-hidden="true" />
      <h2 id="not-merchant" className="mt-2 text-lg font-semibold">
        {t("orders.merchant.notMerchant")}
      </h2>
      {!application && (
        <>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("merchant.home.pitch")}</p>
          <Link to={apply} className={`${buttonLink("primary")} mt-4`}>
            {t("merchant.home.apply")}
          </Link>
        </>
      )}
      {application?.status === "pending" && (
        <div data-testid="application-state">
          <p className="mt-2 font-medium text-amber-800 dark:text-amber-300">
            {t("merchant.apply.submitted")}
          </p>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {t("merchant.home.appliedAs", {
              name: application.storeName,
              time: formatDateTime(application.createdAt, locale, zone),
            })}
          </p>
        </div>
      )}
      {application?.status === "rejected" && (
        <div data-testid="application-state">
          <p className="mt-2 font-medium text-red-700 dark:text-red-400">{t("merchant.home.rejected")}</p>
          <p className="mt-1 text-sm">{t("merchant.home.reason", { reason: application.reason ?? "" })}</p>
          <Link to={apply} className={`${buttonLink("primary")} mt-4`}>
            {t("merchant.home.applyAgain")}
          </Link>
        </div>
      )}
    </Card>
  );
}

function Figures(props: { home: MerchantHomeView }) {
  const { t, locale } = useI18n();
  const h = props.home;
  const money = [
    ["balance", h.balance],
    ["assets", h.assets],
    ["turnover", h.turnover],
    ["profit", h.profit],
  ] as const;
  const counts = [
    ["products", h.products],
    ["collections", h.collections],
    ["visits", h.visits],
    ["followers", h.followers],
  ] as const;
  return (
    <Card labelledBy="figures">
      <h2 id="figures" className="sr-only">
        {t("merchant.home.figures")}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {money.map(([key, value]) => (
          <div key={key} className="rounded-lg bg-gray-50 p-3 dark:bg-gray-800" data-testid={`figure-${key}`}>
            <dt className="text-xs text-gray-600 dark:text-gray-400">{t(`merchant.home.${key}`)}</dt>
            <dd className="mt-0.5 font-semibold tabular-nums">{formatRupiah(value)}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-3 grid grid-cols-4 gap-2 text-center">
        {counts.map(([key, value]) => (
          <div key={key} data-testid={`figure-${key}`}>
            <dt className="text-xs text-gray-600 dark:text-gray-400">{t(`merchant.home.${key}`)}</dt>
            <dd className="font-semibold tabular-nums">{formatNumber(value, locale)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function MerchantCentre(props: { home: MerchantHomeView }) {
  const { t, locale } = useI18n();
  const { store } = props.home;
  const trpc = useTRPC();
  const unread = useQuery(trpc.merchantChat.unread.queryOptions()).data?.count ?? 0;
  const links = [
    ["/h5/merchant/order", t("orders.merchant.title"), ClipboardList],
    [
      "/h5/merchant/chat",
      unread > 0
        ? `${t("chat.store.title")} (${t("chat.unread", { count: unread })})`
        : t("chat.store.title"),
      MessagesSquare,
    ],
    ["/h5/merchant/reviews", t("reviews.merchant.title"), MessageSquareText],
    ["/h5/merchant/vouchers", t("vouchers.manage.title"), Ticket],
    ["/h5/merchant/flash-sales", t("merchant.flash.title"), Zap],
    ["/h5/merchant/products", t("merchant.products.title"), Package],
    ["/h5/merchant/shop/manage", t("merchant.manage.title"), Settings],
    [`/h5/merchant/shop/${store.id}`, t("merchant.home.storePage"), Store],
    ["/h5/merchant/fund", t("account.page.funds"), ReceiptText],
    ["/h5/merchant/recharge", t("account.page.recharge"), Wallet],
    ["/h5/merchant/withdraw", t("account.page.withdraw"), ArrowDownToLine],
    ["/h5/merchant/bank", t("account.page.bankCard"), CreditCard],
  ] as const;
  return (
    <>
      <section className="flex items-center gap-3 bg-white p-4 dark:bg-gray-900" aria-labelledby="store-name">
        <Avatar
          image={store.logo}
          alt={t("merchant.home.logoAlt", { name: store.name })}
          name={store.name}
          size={56}
          eager
        />
        <div className="min-w-0">
          <h2 id="store-name" className="truncate text-lg font-semibold">
            {store.name}
          </h2>
          <StoreBadges store={store} />
        </div>
      </section>
      {store.status === "suspended" && (
        <p className="mx-3 mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("merchant.home.suspended", { reason: store.reason ?? "" })}
        </p>
      )}
      <Figures home={props.home} />
      <Card labelledBy="chart">
        <h2 id="chart" className="font-semibold">
          {t("merchant.home.chartTitle")}
        </h2>
        <SalesChart days={props.home.days} />
      </Card>
      <LinkList
        label={t("merchant.home.title")}
        links={links.map(([to, label, icon]) => [localizePath(locale, to), label, icon] as const)}
      />
    </>
  );
}

function MerchantHomeContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const status = useQuery(trpc.merchants.status.queryOptions());
  const home = useQuery({ ...trpc.merchants.home.queryOptions(), enabled: status.data?.merchant === true });
  return (
    <>
      <AppHeader back title={t("merchant.home.title")} />
      <main id="main" className="pb-8">
        {status.data && !status.data.merchant && <NotMerchant status={status.data} />}
        {home.data && <MerchantCentre home={home.data} />}
      </main>
    </>
  );
}

export default function MerchantHome({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <MerchantHomeContent />
    </QueryBoundary>
  );
}
