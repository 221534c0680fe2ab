import { useEffect, useState } from "react";
import { Store } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { responseSpeed } from "#common/chat.ts";
import type { Route } from "./+types/shop";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { InfiniteProducts, listPageSize } from "../../features/catalog/infinite-products.tsx";
import { SortTabs, sortFrom } from "../../features/catalog/sort-tabs.tsx";
import { StoreVouchers } from "../../features/promotions/store-vouchers.tsx";
import { FollowButton } from "../../features/stores/follow-button.tsx";
import { StoreBadges, StoreFigures } from "../../features/stores/store-stats.tsx";
import { callServerApi, rethrowNotFound } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { callApi, type ApiOutput } from "../../lib/client.ts";
import { Picture } from "../../ui/picture.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const sort = sortFrom(url.searchParams.get("sort"));
  const [store, chatStats, products] = await callServerApi({ request, context }, locale, async (api) => {
    const found = await api.stores.get({ storeId: params.id }).catch(rethrowNotFound);
    return Promise.all([
      found,
      api.chat.storeStats({ storeId: params.id }),
      api.listings.list({ storeId: params.id, sort, limit: listPageSize }),
    ]);
  });
  return { store, chatStats, products, title: store.name, description: store.intro.slice(0, 160) };
}

type StoreChatStats = ApiOutput<"chat.storeStats">;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, loaderData?.title, loaderData?.description);

/**
 * Counts the visit once the store page is shown in the browser (loading the page counts nothing), and answers
 * the visits counted with it (undefined until then).
 */
function useCountVisit(storeId: string): number | undefined {
  const [counted, setCounted] = useState<{ storeId: string; visits: number }>();
  useEffect(() => {
    callApi("stores.visit", { storeId }, { mutation: true, keepalive: true })
      .then(({ visits }) => setCounted({ storeId, visits }))
      // Not counted this time (offline, the server busy): nothing the visitor needs to know.
      .catch(() => {});
  }, [storeId]);
  return counted?.storeId === storeId ? counted.visits : undefined;
}

/** The store's chat figures over 30 days (from its messages) and the way to chat with it. */
function StoreChat(props: { storeId: string; stats: StoreChatStats }) {
  const { t, locale } = useI18n();
  const { stats } = props;
  return (
    <div className="mt-3 flex items-center justify-between gap-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {stats?.responseRate != null
          ? `${t("chat.stats.rate", { rate: stats.responseRate })}${
              stats.typicalMinutes != null
                ? `, ${t(`chat.stats.speed.${responseSpeed(stats.typicalMinutes)}`)}`
                : ""
            }`
          : t("chat.stats.none")}
      </p>
      <Link
        to={localizePath(locale, `/h5/chat/${props.storeId}`)}
        className="inline-flex h-9 shrink-0 items-center rounded-full border border-primary-700 px-4 text-sm font-semibold whitespace-nowrap text-primary-800 dark:border-primary-400 dark:text-primary-300"
      >
        {t("chat.openStore")}
      </Link>
    </div>
  );
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const sort = sortFrom(search.get("sort"));
  const visits = useCountVisit(loaderData.store.id);
  const store = visits === undefined ? loaderData.store : { ...loaderData.store, visits };
  return (
    <>
      <AppHeader back title={t("stores.page.title")} />
      <main id="main" className="pb-6">
        <section className="bg-white p-4 dark:bg-gray-900">
          <div className="flex items-center gap-3">
            {store.logo ? (
              <Picture
                image={store.logo}
                alt=""
                sizes="64px"
                width={64}
                height={64}
                eager
                className="size-16 rounded-2xl"
              />
            ) : (
              <span className="grid size-16 place-items-center rounded-2xl bg-gray-100 dark:bg-gray-800">
                <Store className="size-8" aria-hidden="true" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg font-bold">{store.name}</h1>
              <StoreBadges store={store} />
            </div>
            {/* Whether this shopper follows is asked after hydration: the page itself is the same for everyone. */}
            <FollowButton storeId={store.id} />
          </div>
          <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{store.intro}</p>
          <div className="mt-3">
            <StoreFigures store={store} />
          </div>
          <StoreChat storeId={store.id} stats={loaderData.chatStats} />
        </section>
        <StoreVouchers storeId={store.id} count={store.vouchers} />
        <div className="mt-2">
          <SortTabs
            value={sort}
            onChange={(s) =>
              setSearch(s === "overall" ? {} : { sort: s }, { replace: true, preventScrollReset: true })
            }
          />
        </div>
        <div className="mt-3">
          <InfiniteProducts filter={{ storeId: store.id, sort }} first={loaderData.products} />
        </div>
      </main>
    </>
  );
}
