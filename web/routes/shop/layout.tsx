import { data, Outlet, useMatches } from "react-router";
import type { Route } from "./+types/layout";
import { TabBar } from "../../features/shell/tab-bar.tsx";
import { localeFromParam } from "../../lib/locale.ts";

export function loader({ params }: Route.LoaderArgs) {
  if (!localeFromParam(params.lang)) throw data(null, { status: 404 });
  return null;
}

/** The shop's phone-width column; pages with `handle.tabBar` get the bottom tab bar. */
export default function ShopLayout() {
  const matches = useMatches();
  const tabBar = matches.some((m) => (m.handle as { tabBar?: boolean } | undefined)?.tabBar);
  return (
    <div
      className={`mx-auto min-h-dvh max-w-md bg-gray-50 shadow-sm dark:bg-gray-900 ${tabBar ? "pb-16" : ""}`}
    >
      <Outlet />
      {tabBar && <TabBar />}
    </div>
  );
}
