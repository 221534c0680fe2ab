import { lazy, useState } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/products";
import type { OwnListingView, SupplyItemView } from "#common/contracts/merchants.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { Price } from "../../features/catalog/price.tsx";
import type { VariantPrices } from "../../features/merchant/price-dialog.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC, useTRPCClient } from "../../lib/trpc.ts";
import { Thumbnail } from "../../ui/thumbnail.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

/**
 * The price dialogs, loaded when the merchant opens one (the lists do not need them; the modal host waits for the
 * code): the one-price dialog, and the per-variant one, which also reads the variants when it opens.
 */
const PriceDialog = lazy(() =>
  import("../../features/merchant/price-dialog.tsx").then((m) => ({ default: m.PriceDialog })),
);
const VariantPriceDialog = lazy(() =>
  import("../../features/merchant/price-dialog.tsx").then((m) => ({ default: m.VariantPriceDialog })),
);

const unbroken = (amount: number) => formatRupiah(amount).replace(" ", "\u00a0");

/** "Rp 60.000 – Rp 65.000" (a line breaks after the dash only), or one amount when both ends are equal. */
const rupiahRange = (min: number, max: number) =>
  max > min ? `${unbroken(min)}\u00a0– ${unbroken(max)}` : formatRupiah(min);

/** "3 of 8 variants on sale" and "2 new variants not on sale", for a product with several variants. */
function VariantCounts(props: { variants: number; onSale: number; fresh: number }) {
  const { t } = useI18n();
  if (props.variants < 2) return null;
  return (
    <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
      <span data-testid="variants-on-sale">
        {t("merchant.products.variants.onSale", { count: props.variants, onSale: props.onSale })}
      </span>
      {props.fresh > 0 && (
        <>
          {" · "}
          <span className="font-medium text-amber-800 dark:text-amber-300" data-testid="new-variants">
            {t("merchant.products.variants.new", { count: props.fresh })}
          </span>
        </>
      )}
    </p>
  );
}

type Trpc = ReturnType<typeof useTRPC>;
const tabs = ["active", "hidden", "catalogue"] as const;
type Tab = (typeof tabs)[number];

const listingsQuery = (trpc: Trpc, status: "active" | "hidden") =>
  trpc.merchants.listings.infiniteQueryOptions(
    { status, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

/** The catalogue's `?q=` and `?category=` filters. */
function supplyFilter(search: URLSearchParams) {
  const category = Number(search.get("category"));
  return {
    q: search.get("q")?.trim().slice(0, 60) || undefined,
    categoryId: Number.isInteger(category) && category > 0 ? category : undefined,
  };
}

const supplyQuery = (trpc: Trpc, filter: ReturnType<typeof supplyFilter>) =>
  trpc.merchants.supply.infiniteQueryOptions(
    { ...filter, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const tab = statusParam(url.searchParams, tabs);
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    (tab === "catalogue"
      ? Promise.all([
          queryClient.fetchInfiniteQuery(supplyQuery(trpc, supplyFilter(url.searchParams))),
          queryClient.fetchQuery(trpc.catalog.categories.queryOptions()),
        ]).then(() => null)
      : queryClient.fetchInfiniteQuery(listingsQuery(trpc, tab)).then(() => null)
    ).catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("merchant.products.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const smallButton =
  "min-h-10 rounded-full border py-1 leading-tight border-primary-700 px-4 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300";

/** After a listing changed: every list of the store's products, and the home's product count. */
function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.merchants.listings.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.merchants.supply.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.merchants.home.queryKey() });
  };
}

function Listings(props: { status: "active" | "hidden" }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const refresh = useRefresh();
  const list = useInfiniteQuery(listingsQuery(trpc, props.status));
  const reprice = useMutation(
    trpc.merchants.reprice.mutationOptions({
      onSuccess: () => {
        toast.notify(t("merchant.products.repriced"), "success");
        refresh();
      },
    }),
  );
  const client = useTRPCClient();
  // The variant dialog's prices in one request, then each variant switched off (at least one stays on sale).
  const repriceVariants = useMutation({
    mutationFn: async ({ listingId, prices, off }: VariantPrices & { listingId: string }) => {
      await client.merchants.repriceVariants.mutate({ listingId, prices });
      for (const variantId of off)
        await client.merchants.setVariantStatus.mutate({ listingId, variantId, status: "hidden" });
    },
    onSuccess: () => toast.notify(t("merchant.products.repriced"), "success"),
    onSettled: refresh,
  });
  const changePrice = (l: OwnListingView) =>
    l.variants > 1
      ? modal.open(VariantPriceDialog, {
          title: t("merchant.products.changePrice"),
          product: l.name,
          supplyProductId: l.supplyProductId,
          mode: "reprice",
          confirmLabel: t("merchant.products.save"),
          onConfirm: (change) => repriceVariants.mutate({ listingId: l.id, ...change }),
        })
      : modal.open(PriceDialog, {
          title: t("merchant.products.changePrice"),
          product: l.name,
          merchantPrice: l.maxMerchantPrice,
          suggestedPrice: l.suggestedPrice,
          price: l.price,
          confirmLabel: t("merchant.products.save"),
          onConfirm: (price) => reprice.mutate({ listingId: l.id, price }),
        });
  const setStatus = useMutation(
    trpc.merchants.setListingStatus.mutationOptions({
      onSuccess: (l) => {
        toast.notify(
          t(l.status === "active" ? "merchant.products.relisted" : "merchant.products.delisted"),
          "success",
        );
        refresh();
      },
    }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
          {t(props.status === "active" ? "merchant.products.emptyActive" : "merchant.products.emptyHidden")}
        </p>
      )}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
        {items.map((l) => (
          <li key={l.id} className="rounded-xl bg-white p-3 dark:bg-gray-900" data-testid="own-listing">
            <div className="flex gap-3">
              <Thumbnail image={l.image} />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{l.name}</p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                  <div className={l.maxPrice > l.price ? "col-span-2" : undefined}>
                    <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.price")}</dt>
                    <dd className="tabular-nums" data-testid="listing-price">
                      <Price price={l.price} max={l.maxPrice} />
                    </dd>
                  </div>
                  <div className={l.maxMerchantPrice > l.merchantPrice ? "col-span-2" : undefined}>
                    <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.cost")}</dt>
                    <dd className="text-sm tabular-nums">
                      {rupiahRange(l.merchantPrice, l.maxMerchantPrice)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.stock")}</dt>
                    <dd className="text-sm tabular-nums">{formatNumber(l.stock, locale)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.sales")}</dt>
                    <dd className="text-sm tabular-nums">{formatNumber(l.sales, locale)}</dd>
                  </div>
                </dl>
                <VariantCounts variants={l.variants} onSale={l.variantsOnSale} fresh={l.newVariants} />
              </div>
            </div>
            <div className="mt-3 flex justify-end gap-2">
              {(l.status === "active" || l.supplied) && (
                <button type="button" className={smallButton} onClick={() => changePrice(l)}>
                  {t("merchant.products.changePrice")}
                </button>
              )}
              {(l.status === "active" || l.supplied) && (
                <button
                  type="button"
                  className={smallButton}
                  disabled={setStatus.isPending}
                  onClick={() =>
                    setStatus.mutate({ listingId: l.id, status: l.status === "active" ? "hidden" : "active" })
                  }
                >
                  {t(l.status === "active" ? "merchant.products.delist" : "merchant.products.relist")}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </>
  );
}

function SupplyRow(props: { item: SupplyItemView; onList: () => void }) {
  const { t, locale } = useI18n();
  const s = props.item;
  const range = s.maxMerchantPrice > s.merchantPrice || s.maxSuggestedPrice > s.suggestedPrice;
  return (
    <li className="rounded-xl bg-white p-3 dark:bg-gray-900" data-testid="supply-product">
      <div className="flex gap-3">
        <Thumbnail image={s.image} />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium">{s.name}</p>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <div className={range ? "col-span-2" : undefined}>
              <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.cost")}</dt>
              <dd className="text-sm font-semibold tabular-nums">
                {rupiahRange(s.merchantPrice, s.maxMerchantPrice)}
              </dd>
            </div>
            <div className={range ? "col-span-2" : undefined}>
              <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.suggested")}</dt>
              <dd className="text-sm tabular-nums">{rupiahRange(s.suggestedPrice, s.maxSuggestedPrice)}</dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.stock")}</dt>
              <dd className="text-sm tabular-nums">{formatNumber(s.stock, locale)}</dd>
            </div>
          </dl>
          {s.variants > 1 && (
            <p className="mt-1 text-xs text-gray-700 dark:text-gray-300" data-testid="variant-count">
              {t("merchant.products.variants.count", { count: s.variants })}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-end gap-3">
        {s.listing ? (
          <div className="text-end">
            <p className="text-sm text-primary-800 dark:text-primary-300">
              {t(
                s.listing.status === "active" ? "merchant.products.listedAt" : "merchant.products.delistedAt",
                { price: rupiahRange(s.listing.price, s.listing.maxPrice) },
              )}
            </p>
            <VariantCounts
              variants={s.variants}
              onSale={s.listing.variantsOnSale}
              fresh={s.listing.newVariants}
            />
          </div>
        ) : (
          <button type="button" className={smallButton} onClick={props.onList}>
            {t("merchant.products.list")}
          </button>
        )}
      </div>
    </li>
  );
}

function Catalogue() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [search, setSearch] = useSearchParams();
  const filter = supplyFilter(search);
  const [text, setText] = useState(filter.q ?? "");
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const supply = useInfiniteQuery(supplyQuery(trpc, filter));
  const listProduct = useMutation(
    trpc.merchants.list.mutationOptions({
      onSuccess: () => {
        toast.notify(t("merchant.products.listed"), "success");
        refresh();
      },
    }),
  );
  const list = (s: SupplyItemView) =>
    s.variants > 1
      ? modal.open(VariantPriceDialog, {
          title: t("merchant.products.listTitle"),
          product: s.name,
          supplyProductId: s.id,
          mode: "list",
          confirmLabel: t("merchant.products.list"),
          onConfirm: ({ prices }) => listProduct.mutate({ supplyProductId: s.id, prices }),
        })
      : modal.open(PriceDialog, {
          title: t("merchant.products.listTitle"),
          product: s.name,
          merchantPrice: s.maxMerchantPrice,
          suggestedPrice: s.suggestedPrice,
          price: s.suggestedPrice,
          confirmLabel: t("merchant.products.list"),
          onConfirm: (price) => listProduct.mutate({ supplyProductId: s.id, price }),
        });
  const change = (key: "q" | "category", value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const items = supply.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <form
        role="search"
        // The menu has a row of its own: beside the field, a long category name was cut off and the two together
        // ran off a phone's screen.
        className="grid gap-2 px-3"
        onSubmit={(e) => {
          e.preventDefault();
          change("q", text.trim());
        }}
      >
        <label className="flex h-11 min-w-0 items-center gap-2 rounded-full border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-900">
          <Search className="size-4 text-gray-500" aria-hidden="true" />
          <span className="sr-only">{t("merchant.products.search")}</span>
          <input
            type="search"
            name="q"
            value={text}
            maxLength={60}
            placeholder={t("merchant.products.search")}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1 bg-transparent outline-none"
          />
        </label>
        <label className="sr-only" htmlFor="supply-category">
          {t("merchant.products.category")}
        </label>
        <select
          id="supply-category"
          value={filter.categoryId ?? ""}
          onChange={(e) => change("category", e.target.value)}
          className="h-11 w-full rounded-full border border-gray-300 bg-white px-3 text-sm dark:border-gray-600 dark:bg-gray-900"
        >
          <option value="">{t("merchant.products.allCategories")}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </form>
      {supply.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
          {t("merchant.products.noSupply")}
        </p>
      )}
      <ul className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
        {items.map((s) => (
          <SupplyRow key={s.id} item={s} onList={() => list(s)} />
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={supply} endText={t("shell.listEnd")} />}
    </>
  );
}

/** The store's products (seed section 1): its listings, and the supply catalogue to list from. */
function ProductsContent() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const tab: Tab = statusParam(search, tabs);
  return (
    <>
      <AppHeader back title={t("merchant.products.title")} />
      <main id="main" className="pb-8">
        <StatusTabs
          label={t("merchant.products.tabs")}
          statuses={tabs}
          names={(s) => t(`merchant.products.tab.${s}`)}
        />
        {tab === "catalogue" ? <Catalogue /> : <Listings key={tab} status={tab} />}
      </main>
    </>
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ProductsContent />
    </QueryBoundary>
  );
}
