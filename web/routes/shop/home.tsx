import { useCallback } from "react";
import { Search } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/home";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { PreferencesButton } from "../../features/shell/preferences-button.tsx";
import { ChatHeaderLink } from "../../features/chat/unread.tsx";
import type { CategoryView, HomeFlash, ProductCardView } from "#common/contracts/catalog.ts";
import type { StoreSummaryView } from "#common/contracts/stores.ts";
import { ProductCard, ProductRow } from "../../features/catalog/product-card.tsx";
import { FlashBar, FlashClock, FlashTitle } from "../../features/catalog/flash-sale.tsx";
import { callServerApi, serverT } from "../../lib/api.server.ts";
import { callApi } from "../../lib/client.ts";
import { useApiRead } from "../../lib/api-hooks.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useWebConfig } from "../../lib/web-config.ts";
import { useSignedIn } from "../../lib/session.ts";
import { DownloadBanner, downloadTipCookie } from "../../features/shell/download-banner.tsx";
import { cookieValue } from "../../lib/cookies.server.ts";
import { focusSearchState } from "../../lib/search-focus.ts";
import { Picture } from "../../ui/picture.tsx";

export const handle = { tabBar: true };

const tabPageSize = 20;
const streetPreview = { sort: "overall" as const, order: "desc" as const, limit: 5 };

function tabFrom(search: URLSearchParams): number | undefined {
  const n = Number(search.get("tab"));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const tab = tabFrom(url.searchParams);
  // Everything the first screen shows comes with the page: nothing appears after hydration and pushes the
  // page down, and a visit needs no API call (nor the code that makes one) while it loads.
  // The same for everyone (decision 27): a signed-in shopper's "my collection" row is asked after hydration.
  const [home, tabList, street, flash] = await callServerApi({ request, context }, locale, (api) =>
    Promise.all([
      api.catalog.home(),
      tab ? api.listings.list({ categoryId: tab, limit: tabPageSize }) : undefined,
      tab ? undefined : api.stores.list(streetPreview),
      tab ? undefined : api.flash.home(),
    ]),
  );
  const tipDismissed =
    cookieValue(request.headers.get("cookie"), downloadTipCookie.name) === downloadTipCookie.dismissed;
  return {
    home,
    tabList: tabList && { categoryId: tab, items: tabList.items },
    street: street?.items ?? [],
    flash,
    title: serverT(context, locale)("catalog.home.title"),
    tipDismissed,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function CategoryTabs(props: { categories: CategoryView[]; active?: number }) {
  const { t, locale } = useI18n();
  const items = [{ id: 0, name: t("catalog.home.all"), icon: null }, ...props.categories];
  return (
    <nav aria-label={t("catalog.home.categories")} className="bg-white dark:bg-gray-900">
      <ul className="scrollbar-none flex gap-1 overflow-x-auto px-2 py-2">
        {items.map((c, i) => {
          const active = (props.active ?? 0) === c.id;
          return (
            <li key={c.id} className="shrink-0">
              <Link
                to={c.id ? `?tab=${c.id}` : localizePath(locale, "/h5")}
                preventScrollReset
                replace
                aria-current={active ? "page" : undefined}
                className={`flex w-18 flex-col items-center gap-1 rounded-lg px-1 py-1.5 text-center text-xs ${
                  active
                    ? "bg-primary-50 font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-300"
                    : "text-gray-700 dark:text-gray-300"
                }`}
              >
                {c.icon ? (
                  <Picture
                    image={c.icon}
                    alt=""
                    sizes="40px"
                    width={40}
                    height={40}
                    eager={i < 6}
                    className="size-10 rounded-full"
                  />
                ) : (
                  <span className="grid size-10 place-items-center rounded-full bg-primary-100 text-sm font-bold text-primary-800 dark:bg-primary-900 dark:text-primary-200">
                    ★
                  </span>
                )}
                <span className="line-clamp-2 leading-tight">{c.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CategoryGrid(props: { products: ProductCardView[]; title: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="tab-title" className="mt-4 px-4">
      <h2 id="tab-title" className="text-base font-semibold">
        {props.title}
      </h2>
      {props.products.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t("catalog.home.empty")}</p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-3">
          {props.products.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} layout="grid" lcp={i < 2} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The flash sale (issue 42): the live slot with its countdown, else the next to start, and its products at their
 * flash price against the listed one, with how much is sold. At zero the page's data is read again, a few seconds
 * later (the server's job worker starts and ends slots), so the next slot, or none, shows.
 */
function FlashSale(props: { flash: HomeFlash }) {
  const { locale } = useI18n();
  const { now, slot, items } = props.flash;
  const { revalidate } = useRevalidator();
  const onOver = useCallback(() => void setTimeout(revalidate, 5000), [revalidate]);
  if (!slot || items.length === 0) return null;
  return (
    <section aria-labelledby="flash" className="mt-2 bg-white py-3 dark:bg-gray-900">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 text-sm">
        <h2 id="flash" className="text-base">
          <FlashTitle />
        </h2>
        <FlashClock now={now} slot={slot} onOver={onOver} />
      </div>
      <ul className="scrollbar-none mt-2 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1">
        {items.map((item, i) => (
          // `relative`: the product's name for screen readers (sr-only, absolutely placed) stays inside the
          // scrolling row; placed against the page it widened the page to the row's length (512 px).
          <li key={item.id} className="relative w-28 shrink-0 snap-start">
            <Link to={localizePath(locale, `/h5/products/${item.listingId}`)} className="block">
              {item.card.image && (
                <Picture
                  image={item.card.image}
                  alt=""
                  sizes="112px"
                  width={112}
                  height={112}
                  eager={i < 3}
                  className="aspect-square w-full rounded-lg bg-gray-100 object-cover dark:bg-gray-800"
                />
              )}
              <span className="sr-only">{item.card.name}</span>
              <span className="mt-1 block text-sm font-bold text-red-700 dark:text-red-400">
                {formatRupiah(item.flashPrice)}
              </span>
              <s className="block text-xs text-gray-600 dark:text-gray-400">
                {formatRupiah(item.listedPrice)}
              </s>
              {slot.state === "live" && <FlashBar item={item} />}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed-in shopper's latest favourites (nothing for visitors). */
function MyCollection() {
  const { t } = useI18n();
  const signedIn = useSignedIn();
  const list = useApiRead(signedIn ? "collection" : null, () => callApi("collection.list", {}));
  const products = (list.data?.items ?? []).slice(0, 10).map((i) => i.product);
  return <ProductRow id="my-collection" title={t("catalog.home.myCollection")} products={products} />;
}

function ShopStreetPreview(props: { stores: StoreSummaryView[] }) {
  const { t, locale } = useI18n();
  const { stores } = props;
  if (stores.length === 0) return null;
  return (
    <section aria-labelledby="shop-street" className="mt-4">
      <div className="flex items-center justify-between px-4">
        <h2 id="shop-street" className="text-base font-semibold">
          {t("catalog.home.shopStreet")}
        </h2>
        <Link
          to={localizePath(locale, "/h5/merchant/street")}
          className="text-sm text-primary-800 underline dark:text-primary-300"
        >
          {t("catalog.home.seeAll")}
        </Link>
      </div>
      <ul className="scrollbar-none mt-2 flex gap-3 overflow-x-auto px-4 pb-1">
        {stores.map((s) => (
          <li key={s.id} className="w-28 shrink-0">
            <Link
              to={localizePath(locale, `/h5/merchant/shop/${s.id}`)}
              className="flex flex-col items-center gap-1 rounded-xl bg-white p-3 text-center shadow-sm ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700"
            >
              {s.logo && (
                <Picture
                  image={s.logo}
                  alt=""
                  sizes="48px"
                  width={48}
                  height={48}
                  className="size-12 rounded-xl"
                />
              )}
              <span className="line-clamp-2 text-xs font-medium">{s.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { home, tabList, street, flash, tipDismissed } = loaderData;
  const site = useWebConfig();
  const activeCategory = tabList ? home.categories.find((c) => c.id === tabList.categoryId) : undefined;
  return (
    <>
      <AppHeader
        title={<span className="text-primary-700 dark:text-primary-400">{site?.title ?? "Pasar"}</span>}
        actions={
          <>
            <ChatHeaderLink />
            <PreferencesButton />
          </>
        }
      />
      <main id="main" className="pb-6">
        <h1 className="sr-only">{t("catalog.home.title")}</h1>
        <div className="bg-white px-4 pt-3 dark:bg-gray-900">
          <Link
            to={localizePath(locale, "/h5/products/list")}
            state={focusSearchState}
            className="flex h-10 items-center gap-2 rounded-full bg-gray-100 px-4 text-gray-600 dark:bg-gray-800 dark:text-gray-400"
          >
            <Search className="size-4" aria-hidden="true" />
            {t("catalog.home.search")}
          </Link>
        </div>
        <CategoryTabs categories={home.categories} active={activeCategory?.id} />
        {activeCategory && tabList ? (
          <CategoryGrid products={tabList.items} title={activeCategory.name} />
        ) : (
          <>
            {flash && <FlashSale flash={flash} />}
            <ProductRow id="hot" title={t("catalog.home.hot")} products={home.hot} lcp />
            <ProductRow
              id="boutique"
              title={t("catalog.home.boutique")}
              products={home.boutique}
              lcp={home.hot.length === 0}
            />
            <MyCollection />
            <ShopStreetPreview stores={street} />
            <section aria-labelledby="fresh" className="mt-4 px-4">
              <h2 id="fresh" className="text-base font-semibold">
                {t("catalog.home.new")}
              </h2>
              <ul className="mt-2 grid grid-cols-2 gap-3">
                {home.fresh.map((p) => (
                  <li key={p.id}>
                    <ProductCard product={p} layout="grid" />
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </main>
      <DownloadBanner dismissed={tipDismissed} />
    </>
  );
}
