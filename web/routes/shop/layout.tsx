import { data, Outlet, useMatches } from "react-router";
import type { Route } from "./+types/layout";
import { TabBar } from "../../features/shell/tab-bar.tsx";
import { withServerApi } from "../../lib/api.server.ts";
import { localeFromParam } from "../../lib/locale.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang);
  if (!locale) throw data(null, { status: 404 });
  // The cart's badge comes with the page, so the tab bar loads no API code of its own (0 for visitors).
  const { result } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.cart.count.queryOptions()),
  );
  return { cartCount: result.count };
}

/** The shop's phone-width column; pages with `handle.tabBar` get the bottom tab bar. */
export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const tabBar = matches.some((m) => (m.handle as { tabBar?: boolean } | undefined)?.tabBar);
  return (
    <div
      className={`mx-auto min-h-dvh max-w-md bg-gray-50 shadow-sm dark:bg-gray-900 ${tabBar ? "pb-16" : ""}`}
    >
      <Outlet />
      {tabBar && <TabBar cartCount={loaderData.cartCount} />}
    </div>
  );
}
