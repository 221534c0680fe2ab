import { data, Outlet, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { TabBar } from "../../features/shell/tab-bar.tsx";
import { callServerApi } from "../../lib/api.server.ts";
import { localeFromParam } from "../../lib/locale.ts";
import { getRecords, hasSessionHint, storedToken } from "../../lib/client.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang);
  if (!locale) throw data(null, { status: 404 });
  // The cart's, the chat's and the bell's badges come with a page rendered for this shopper, so the tab bar and
  // headers load no API code of their own (0 for visitors; operators keep no chats). A browse page is rendered as a
  // visitor's for everyone (decision 27): there `personal` is false and the browser asks for the badges
  // (`clientLoader`).
  const result = await callServerApi({ request, context }, locale, async (api, ctx) => {
    const user = await ctx.user();
    if (!user) return { cart: 0, chat: 0, notices: 0, personal: false, signedIn: false };
    const [cart, chat, notices] = await Promise.all([
      api.cart.count(),
      user.role !== "operator" ? api.chat.unread() : { count: 0 },
      api.notifications.inbox.unread(),
    ]);
    return { cart: cart.count, chat: chat.count, notices: notices.total, personal: true, signedIn: true };
  });
  return {
    cartCount: result.cart,
    chatUnread: result.chat,
    noticesUnread: result.notices,
    personal: result.personal,
    signedIn: result.signedIn,
  };
}

/**
 * On a page rendered for everyone, a signed-in browser asks for its badges once hydrated, in one small request;
 * the page shows the visitors' badges (none, and no bell) until then.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (server.personal || (storedToken() === "" && !hasSessionHint())) return server;
  const [cart, chat, notices] = (await getRecords([
    "cart.count",
    "chat.unread",
    "notifications.inbox.unread",
  ]).catch(() => [])) as [{ count: number }?, { count: number }?, { total: number }?];
  return {
    ...server,
    cartCount: cart?.count ?? 0,
    chatUnread: chat?.count ?? 0,
    noticesUnread: notices?.total ?? 0,
    // The bell's count answers only to someone signed in.
    signedIn: notices !== undefined,
  };
}
clientLoader.hydrate = true as const;

/**
 * The badges change when the shopper does something (an action, or a page's `revalidate()` after a change) or the
 * language changes, not when they move between pages: a navigation asks nothing of the layout.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.lang !== nextParams.lang;
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
