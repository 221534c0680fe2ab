import { useEffect, useId, useState } from "react";
import { Store } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/street";
import type { StoreSummaryView } from "#common/contracts/stores.ts";
import { storeSorts, type StoreSort } from "#common/sorts.ts";
import { localeTags } from "#common/locales.ts";
import { dateTimeFormat } from "../../lib/time-zone.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { StoreBadges } from "../../features/stores/store-stats.tsx";
import { callServerApi, serverT } from "../../lib/api.server.ts";
import { usePages } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { Picture } from "../../ui/picture.tsx";

function filterFrom(search: URLSearchParams) {
  const sort = search.get("sort");
  return {
    q: search.get("q")?.trim() || undefined,
    sort: (storeSorts as readonly string[]).includes(sort ?? "") ? (sort as StoreSort) : "overall",
    order: search.get("direction") === "asc" ? ("asc" as const) : ("desc" as const),
    limit: 20,
  };
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const filter = filterFrom(url.searchParams);
  const stores = await callServerApi({ request, context }, locale, (api) => api.stores.list(filter));
  return { stores, title: serverT(context, locale)("stores.street.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * The figure a card shows for the chosen sort, so the order can be read off the list. Overall ranks by
 * visits, followers and collections together (decision 7), so it shows all three; level and rating are
 * already in the badges.
 */
function SortFigure(props: { store: StoreSummaryView; sort: StoreSort }) {
  const { t, locale } = useI18n();
  const s = props.store;
  const count = (n: number) => ({ count: n });
  const parts = {
    overall: [
      t("stores.street.figure.visits", count(s.visits)),
      t("stores.street.figure.followers", count(s.followers)),
      t("stores.street.figure.collections", count(s.collections)),
    ],
    visits: [t("stores.street.figure.visits", count(s.visits))],
    collections: [t("stores.street.figure.collections", count(s.collections))],
    sales: [t("stores.street.figure.sales", count(s.sales))],
    new: [
      t("stores.street.figure.opened", {
        date: dateTimeFormat(localeTags[locale], {
          dateStyle: "medium",
          timeZone: "Asia/Jakarta",
        }).format(s.openedAt),
      }),
    ],
    rating: [],
    level: [],
  }[props.sort];
  if (parts.length === 0) return null;
  return (
    <p
      className="mt-0.5 truncate text-xs font-medium text-gray-800 dark:text-gray-200"
      data-testid="sort-figure"
    >
      {parts.join(" · ")}
    </p>
  );
}

export default function ShopStreet({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const filter = filterFrom(search);
  const [name, setName] = useState(filter.q ?? "");
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filter.q ?? "") !== name.trim()) update({ q: name.trim() || undefined });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed name starts a search
  }, [name]);
  const query = usePages(loaderData.stores, (cursor) => callApi("stores.list", { ...filter, cursor }));
  const stores = query.pages.flatMap((p) => p.items);
  return (
    <>
      <AppHeader back title={t("stores.street.title")} />
      <main id="main" className="pb-6">
        <h1 className="sr-only">{t("stores.street.title")}</h1>
        <div className="grid gap-2 bg-white p-4 dark:bg-gray-900">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t("stores.street.search")}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={name}
            placeholder={t("stores.street.search")}
            onChange={(e) => setName(e.target.value)}
            className="h-10 rounded-full bg-gray-100 px-4 outline-none placeholder:text-gray-600 dark:bg-gray-800 dark:placeholder:text-gray-400"
          />
          <div className="flex gap-2">
            <label className="flex flex-1 items-center gap-2 text-sm">
              <span className="shrink-0">{t("stores.street.sort")}</span>
              <select
                value={filter.sort}
                onChange={(e) => update({ sort: e.target.value === "overall" ? undefined : e.target.value })}
                className="h-9 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-800"
              >
                {storeSorts.map((s) => (
                  <option key={s} value={s}>
                    {t(`stores.street.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <span className="sr-only">{t("stores.street.direction")}</span>
              <select
                value={filter.order}
                onChange={(e) => update({ direction: e.target.value === "asc" ? "asc" : undefined })}
                className="h-9 rounded-lg border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-800"
              >
                <option value="desc">{t("stores.street.desc")}</option>
                <option value="asc">{t("stores.street.asc")}</option>
              </select>
            </label>
          </div>
        </div>
        {stores.length === 0 ? (
          <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
            {t("stores.street.empty")}
          </p>
        ) : (
          <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2 px-4" data-testid="store-list">
            {stores.map((s, i) => (
              <li key={s.id}>
                <Link
                  to={localizePath(locale, `/h5/merchant/shop/${s.id}`)}
                  className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700"
                >
                  {s.logo ? (
                    <Picture
                      image={s.logo}
                      alt=""
                      sizes="48px"
                      width={48}
                      height={48}
                      eager={i < 8}
                      className="size-12 shrink-0 rounded-xl"
                    />
                  ) : (
                    <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gray-100 dark:bg-gray-700">
                      <Store className="size-6" aria-hidden="true" />
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{s.name}</p>
                    <StoreBadges store={s} />
                    <SortFigure store={s} sort={filter.sort} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <div className="py-4 text-center">
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className="rounded-full border border-gray-300 px-4 py-2 text-sm dark:border-gray-600"
            >
              {t("catalog.list.loadMore")}
            </button>
          </div>
        )}
      </main>
    </>
  );
}
