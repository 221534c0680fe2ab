import { HydrationBoundary, useQuery } from "@tanstack/react-query";
import { Store } from "lucide-react";
import type { Route } from "./+types/product";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { PreferencesButton } from "../../features/shell/preferences-button.tsx";
import { Price } from "../../features/catalog/price.tsx";
import { ProductGallery } from "../../features/catalog/product-gallery.tsx";
import { rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { result, dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.listings.get.queryOptions({ id: params.id })).catch(rethrowNotFound),
  );
  const t = serverT(context, locale);
  return {
    dehydrated,
    title: result.name || t("catalog.product.title"),
    description: result.description.slice(0, 160),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, loaderData?.title, loaderData?.description);

function ProductContent(props: { id: string }) {
  const trpc = useTRPC();
  const { t, locale } = useI18n();
  const { data: product } = useQuery(trpc.listings.get.queryOptions({ id: props.id }));
  if (!product) return null;
  return (
    <>
      <AppHeader back title={t("catalog.product.title")} actions={<PreferencesButton />} />
      <main id="main" className="pb-8">
        <ProductGallery images={product.images} name={product.name} />
        <section className="bg-white p-4 dark:bg-gray-900">
          <Price
            size="lg"
            price={product.price}
            usual={product.suggestedPrice}
            discountLabel={(percent) => t("catalog.product.discount", { percent })}
          />
          <h1 className="mt-2 text-lg leading-snug font-semibold">{product.name}</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {product.stock > 0
              ? t("catalog.product.stock", { count: formatNumber(product.stock, locale) })
              : t("catalog.product.outOfStock")}
          </p>
        </section>
        <section aria-labelledby="store-title" className="mt-2 bg-white p-4 dark:bg-gray-900">
          <h2 id="store-title" className="sr-only">
            {t("catalog.product.store")}
          </h2>
          <div className="flex items-center gap-3">
            {product.store.logo ? (
              <img src={product.store.logo} alt="" width={48} height={48} className="size-12 rounded-xl" />
            ) : (
              <span className="grid size-12 place-items-center rounded-xl bg-gray-100 dark:bg-gray-800">
                <Store className="size-6" aria-hidden="true" />
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate font-semibold">{product.store.name}</p>
              <p className="line-clamp-2 text-sm text-gray-600 dark:text-gray-400">{product.store.intro}</p>
            </div>
          </div>
        </section>
        <section aria-labelledby="description-title" className="mt-2 bg-white p-4 dark:bg-gray-900">
          <h2 id="description-title" className="font-semibold">
            {t("catalog.product.description")}
          </h2>
          <p className="mt-2 text-sm leading-6 whitespace-pre-line text-gray-700 dark:text-gray-300">
            {product.description}
          </p>
        </section>
      </main>
    </>
  );
}

export default function Product({ loaderData, params }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <ProductContent id={params.id} />
    </HydrationBoundary>
  );
}
