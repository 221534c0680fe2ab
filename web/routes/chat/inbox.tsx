import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/inbox";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { InboxList, useLiveInbox } from "../../features/chat/inbox-list.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc) =>
  trpc.chat.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined });

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchInfiniteQuery(listQuery(trpc)).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("chat.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The shopper's chats with stores, live: a new message moves its conversation up. */
function InboxContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(listQuery(trpc));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  useLiveInbox(() => void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() }));
  return (
    <>
      <AppHeader back title={t("chat.title")} />
      <main id="main" className="pb-8">
        {list.data && items.length === 0 && (
          <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
            {t("chat.noConversations")}
          </p>
        )}
        <InboxList items={items} href={(c) => localizePath(locale, `/h5/chat/${c.party.id}`)} />
        {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
      </main>
    </>
  );
}

export default function ChatInbox({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <InboxContent />
    </QueryBoundary>
  );
}
