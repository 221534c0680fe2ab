import { lazy, Suspense, useState } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/catalog";
import type { SupplyOpsItem } from "#common/contracts/supply.ts";
import { localize } from "#common/locales.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import type { CategoryOption } from "../../features/ops/supply-form.tsx";
import { StockDialog, stockChoices } from "../../features/ops/stock-dialog.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Thumbnail } from "../../ui/thumbnail.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

/** The product form, loaded when the operator opens it (the list does not need it). */
const SupplyForm = lazy(() =>
  import("../../features/ops/supply-form.tsx").then((m) => ({ default: m.SupplyForm })),
);
const views = ["active", "boutique", "archived"] as const;
type View = (typeof views)[number];

const listQuery = (trpc: Trpc, view: View, q: string | undefined) =>
  trpc.ops.catalog.list.infiniteQueryOptions(
    { view, q, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

const searchOf = (search: URLSearchParams) => search.get("q")?.trim().slice(0, 60) || undefined;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(
        listQuery(trpc, statusParam(url.searchParams, views), searchOf(url.searchParams)),
      ),
      queryClient.fetchQuery(trpc.ops.catalog.categories.queryOptions()),
    ])
      .then(() => null)
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.catalog") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** "Rp 40.000", or "Rp 40.000 – Rp 45.000" when the variants' prices differ, wrapping only after the dash. */
function PriceRange(props: { prices: readonly number[]; fallback: number }) {
  const low = props.prices.length > 0 ? Math.min(...props.prices) : props.fallback;
  const high = props.prices.length > 0 ? Math.max(...props.prices) : props.fallback;
  if (low === high) return formatRupiah(low);
  return (
    <>
      <span className="whitespace-nowrap">{formatRupiah(low)} –</span>{" "}
      <span className="whitespace-nowrap">{formatRupiah(high)}</span>
    </>
  );
}

function Row(props: { item: SupplyOpsItem; onEdit: () => void }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { item } = props;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.catalog.pathKey() });
  const stock = useMutation(
    trpc.ops.catalog.stock.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.catalog.stocked"), "success");
        refresh();
      },
    }),
  );
  const status = useMutation(
    trpc.ops.catalog.setStatus.mutationOptions({
      onSuccess: (p) => {
        toast.notify(t(p.status === "archived" ? "ops.catalog.archived" : "ops.catalog.restored"), "success");
        refresh();
      },
    }),
  );
  const name = localize(item.name, locale);
  const several = item.variantRows.length > 1;
  const button =
    "min-h-10 rounded-full border py-1 leading-tight border-primary-700 px-3 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300";
  return (
    <li className="rounded-xl bg-white p-3 dark:bg-gray-900" data-testid="ops-supply">
      <div className="flex gap-3">
        <Thumbnail image={item.images[0]?.image ?? null} />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium">{name}</p>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <div>
              <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.merchantPrice")}</dt>
              <dd className="text-sm font-semibold tabular-nums">
                <PriceRange
                  prices={item.variantRows.map((v) => v.merchantPrice)}
                  fallback={item.merchantPrice}
                />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-400">{t("merchant.products.suggestedPrice")}</dt>
              <dd className="text-sm tabular-nums">
                <PriceRange
                  prices={item.variantRows.map((v) => v.suggestedPrice)}
                  fallback={item.suggestedPrice}
                />
              </dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-400">{t("ops.catalog.stock")}</dt>
              <dd className="text-sm tabular-nums">{formatNumber(item.stock, locale)}</dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-400">{t("ops.catalog.stores")}</dt>
              <dd className="text-sm tabular-nums">{formatNumber(item.listings, locale)}</dd>
            </div>
            {several ? (
              // Each variant is packed on its own: the form shows them.
              <div className="col-span-2">
                <dt className="text-gray-600 dark:text-gray-400">{t("ops.catalog.variants.label")}</dt>
                <dd className="text-sm tabular-nums" data-testid="supply-variants">
                  {t("ops.catalog.variants.count", { count: item.variantRows.length })}
                </dd>
              </div>
            ) : (
              <div className="col-span-2">
                <dt className="text-gray-600 dark:text-gray-400">{t("ops.catalog.packed")}</dt>
                <dd className="text-sm tabular-nums" data-testid="supply-parcel">
                  {t("ops.catalog.packedValue", {
                    weight: formatNumber(item.weightGrams, locale),
                    length: item.lengthCm,
                    width: item.widthCm,
                    height: item.heightCm,
                  })}
                </dd>
              </div>
            )}
          </dl>
          {item.boutique && (
            <p className="mt-1 text-xs font-semibold text-primary-800 dark:text-primary-300">
              {t("ops.catalog.boutique")}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" className={button} onClick={props.onEdit}>
          {t("ops.catalog.edit")}
        </button>
        <button
          type="button"
          className={button}
          onClick={() =>
            modal.open(StockDialog, {
              product: name,
              stock: item.stock,
              variants: stockChoices(item, locale),
              onConfirm: (change: number, variantId?: string) =>
                stock.mutate({ id: item.id, variantId, change }),
            })
          }
        >
          {t("ops.catalog.addStock")}
        </button>
        <button
          type="button"
          className={button}
          disabled={status.isPending}
          onClick={() =>
            status.mutate({ id: item.id, status: item.status === "active" ? "archived" : "active" })
          }
        >
          {t(item.status === "active" ? "ops.catalog.archive" : "ops.catalog.restore")}
        </button>
      </div>
    </li>
  );
}

/** The supply catalogue (product.md section 7): products in every language, stock, prices, the boutique. */
function CatalogContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search, setSearch] = useSearchParams();
  const view = statusParam(search, views);
  const q = searchOf(search);
  const [text, setText] = useState(q ?? "");
  const list = useInfiniteQuery(listQuery(trpc, view, q));
  const categories = useQuery(trpc.ops.catalog.categories.queryOptions());
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const editing = search.get("edit");
  const setEditing = (value: string | null) =>
    setSearch(
      (s) => {
        if (value) s.set("edit", value);
        else s.delete("edit");
        return s;
      },
      { preventScrollReset: false },
    );
  const { locale } = useI18n();
  const tree = categories.data ?? [];
  const options: CategoryOption[] = tree
    .filter((c) => c.parentId === null)
    .flatMap((top) => [
      { id: top.id, label: localize(top.name, locale) },
      ...tree
        .filter((c) => c.parentId === top.id)
        .map((c) => ({ id: c.id, label: `${localize(top.name, locale)} › ${localize(c.name, locale)}` })),
    ]);
  const editedId = editing && editing !== "new" ? editing : null;
  const edited = useQuery({
    ...trpc.ops.catalog.get.queryOptions({ id: editedId ?? "sup_0" }),
    enabled: editedId !== null,
  });
  if (editing) {
    const current = editedId ? edited.data : undefined;
    if (editedId && !current) return <main id="main" className="pb-8" />;
    return (
      <main id="main" className="px-3 pb-8">
        <h1 className="px-1 pt-4 pb-3 text-xl font-bold">
          {t(current ? "ops.catalog.editTitle" : "ops.catalog.newTitle")}
        </h1>
        <Suspense>
          <SupplyForm key={editing} product={current} categories={options} onDone={() => setEditing(null)} />
        </Suspense>
      </main>
    );
  }
  return (
    <main id="main" className="pb-8">
      <div className="flex items-center justify-between gap-3 px-4 pt-4">
        <h1 className="text-xl font-bold">{t("ops.nav.catalog")}</h1>
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="min-h-10 rounded-full bg-primary-700 px-4 py-1 leading-tight text-sm font-semibold text-white"
        >
          {t("ops.catalog.new")}
        </button>
      </div>
      <StatusTabs label={t("ops.filter")} statuses={views} names={(v) => t(`ops.catalog.views.${v}`)} />
      <form
        role="search"
        className="px-3 pb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch((s) => {
            if (text.trim()) s.set("q", text.trim());
            else s.delete("q");
            return s;
          });
        }}
      >
        <label className="flex h-11 items-center gap-2 rounded-full border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-900">
          <Search className="size-4 text-gray-500" aria-hidden="true" />
          <span className="sr-only">{t("merchant.products.search")}</span>
          <input
            type="search"
            value={text}
            maxLength={60}
            placeholder={t("merchant.products.search")}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1 bg-transparent outline-none"
          />
        </label>
      </form>
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid gap-3 px-3">
        {items.map((item) => (
          <Row key={item.id} item={item} onEdit={() => setEditing(item.id)} />
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsCatalog({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <CatalogContent />
    </QueryBoundary>
  );
}
