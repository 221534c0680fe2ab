import { HydrationBoundary, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/merchant-order-detail";
import { OrderDetailBody } from "../../features/orders/order-ui.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id") ?? "";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.merchantOrders.get.queryOptions({ id }))
      .catch(rethrowNotFound)
      .catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("orders.merchant.detailTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A store's order in full, with the goods payment in its timeline (the order centre links here). */
function MerchantOrderContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const order = useQuery(trpc.merchantOrders.get.queryOptions({ id: search.get("id") ?? "" })).data;
  if (!order) return null;
  return (
    <>
      <AppHeader back title={t("orders.merchant.detailTitle")} />
      <main id="main" className="pb-8">
        <OrderDetailBody order={order} />
      </main>
    </>
  );
}

export default function MerchantOrderDetail({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <MerchantOrderContent />
    </HydrationBoundary>
  );
}
