import { data, Outlet, useMatches } from "react-router";
import type { Route } from "./+types/layout";
import { TabBar } from "../../features/shell/tab-bar.tsx";
import { withServerApi } from "../../lib/api.server.ts";
import { localeFromParam } from "../../lib/locale.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang);
  if (!locale) throw data(null, { status: 404 });
  // The cart's and the chat's badges come with the page, so the tab bar and headers load no API code of their own
  // (0 for visitors; operators keep no chats).
  const { result } = await withServerApi({ request, context }, locale, async ({ trpc, queryClient, ctx }) => {
    const [cart, user] = await Promise.all([
      queryClient.fetchQuery(trpc.cart.count.queryOptions()),
      ctx.user(),
    ]);
    const chat =
      user && user.role !== "operator"
        ? await queryClient.fetchQuery(trpc.chat.unread.queryOptions())
        : { count: 0 };
    return { cart: cart.count, chat: chat.count };
  });
  return { cartCount: result.cart, chatUnread: result.chat };
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
