import { useEffect } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Settings } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/notifications";
import type { NotificationView } from "#common/contracts/notifications.ts";
import { notificationCategories } from "#common/notifications.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { listenLive } from "../../lib/live.ts";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;
type Tab = "all" | (typeof notificationCategories)[number];
const tabs: readonly Tab[] = ["all", ...notificationCategories];

function tabOf(search: URLSearchParams): Tab {
  return tabs.find((t) => t === search.get("tab")) ?? "all";
}

const listQuery = (trpc: Trpc, tab: Tab) =>
  trpc.notifications.inbox.list.infiniteQueryOptions(
    { ...(tab !== "all" && { category: tab }), limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(listQuery(trpc, tabOf(url.searchParams))),
      queryClient.fetchQuery(trpc.notifications.inbox.unread.queryOptions()),
    ]).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("notifications.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The notification centre (issue 44): newest first, by category, live; a tap marks it read and opens its page. */
function NotificationsContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const tab = tabOf(search);
  const list = useInfiniteQuery(listQuery(trpc, tab));
  const unread = useQuery(trpc.notifications.inbox.unread.queryOptions());
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.inbox.pathKey() });
  };
  const markRead = useMutation(trpc.notifications.inbox.markRead.mutationOptions({ onSettled: refresh }));
  const markAll = useMutation(trpc.notifications.inbox.markAllRead.mutationOptions({ onSettled: refresh }));

  // A new notification (or some read on another page) arrives while this page is open: the list shows it. Where the
  // stream cannot be used, the page asks again now and then while it is visible.
  useEffect(() => {
    let skipFirst = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const live = listenLive(locale, {
      on: {
        notices: () => {
          // The count a stream opened here says first is the one this page was loaded with.
          if (skipFirst) skipFirst = false;
          else refresh();
        },
        resync: refresh,
      },
      onDown: () => {
        timer ??= setInterval(() => {
          if (document.visibilityState === "visible") refresh();
        }, 30_000);
      },
    });
    skipFirst = live.opened;
    return () => {
      clearInterval(timer);
      live.stop();
    };
    // `refresh` reads the query client and paths, which do not change.
  }, [locale]); // eslint-disable-line react-hooks/exhaustive-deps

  const total = unread.data?.total ?? 0;
  const open = (n: NotificationView) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
  };
  return (
    <>
      <AppHeader
        back
        bell={false}
        title={t("notifications.title")}
        actions={
          <Link
            to={localizePath(locale, "/h5/notifications/settings")}
            aria-label={t("notifications.settings.open")}
            className="rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
          >
            <Settings className="size-6" aria-hidden="true" />
          </Link>
        }
      />
      <nav
        aria-label={t("notifications.tabsLabel")}
        className="flex gap-1 overflow-x-auto bg-white px-2 dark:bg-gray-900"
      >
        {tabs.map((name) => {
          const count = name === "all" ? total : (unread.data?.byCategory[name] ?? 0);
          return (
            <Link
              key={name}
              to={name === "all" ? "?" : `?tab=${name}`}
              replace
              aria-current={name === tab ? "page" : undefined}
              className={`relative flex shrink-0 items-center gap-1 border-b-2 px-3 py-3 text-sm whitespace-nowrap ${
                name === tab
                  ? "border-primary-700 font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
                  : "border-transparent text-gray-700 dark:text-gray-300"
              }`}
            >
              {t(`notifications.tabs.${name}`)}
              {count > 0 && (
                <span className="min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white">
                  <span className="sr-only">, </span>
                  {count > 99 ? "99+" : count}
                  <span className="sr-only"> {t("notifications.unreadMark")}</span>
                </span>
              )}
            </Link>
          );
        })}
      </nav>
      <main id="main" className="pb-8">
        <div className="flex min-h-11 items-center justify-end px-4">
          {total > 0 ? (
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending}
              className="py-2 text-sm font-semibold text-primary-800 dark:text-primary-300"
            >
              {t("notifications.markAllRead")}
            </button>
          ) : (
            items.length > 0 && (
              <p className="text-sm text-gray-600 dark:text-gray-400">{t("notifications.allRead")}</p>
            )
          )}
        </div>
        {list.data && items.length === 0 && (
          <p className="px-4 py-12 text-center text-gray-600 dark:text-gray-400">
            {t("notifications.empty")}
          </p>
        )}
        <ul className="divide-y divide-gray-100 bg-white dark:divide-gray-800 dark:bg-gray-900">
          {items.map((n) => {
            const body = (
              <>
                <span className={`block ${n.read ? "" : "font-semibold"}`}>
                  {!n.read && (
                    <span
                      aria-hidden="true"
                      className="me-1.5 inline-block size-2 rounded-full bg-red-700 align-middle"
                    />
                  )}
                  {n.title}
                  {!n.read && <span className="sr-only"> ({t("notifications.unreadMark")})</span>}
                </span>
                <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">{n.body}</span>
                <time
                  dateTime={n.createdAt.toISOString()}
                  className="mt-1 block text-xs text-gray-600 dark:text-gray-400"
                >
                  {formatDateTime(n.createdAt, locale, zone)}
                </time>
              </>
            );
            return (
              <li
                key={n.id}
                data-testid="notification"
                className={n.read ? "" : "bg-primary-50/60 dark:bg-gray-800"}
              >
                {n.link ? (
                  <Link to={localizePath(locale, n.link)} onClick={() => open(n)} className="block px-4 py-3">
                    {body}
                  </Link>
                ) : (
                  <button type="button" onClick={() => open(n)} className="block w-full px-4 py-3 text-start">
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {items.length > 0 && <LoadMore query={list} endText={t("notifications.end")} />}
      </main>
    </>
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <NotificationsContent />
    </QueryBoundary>
  );
}
