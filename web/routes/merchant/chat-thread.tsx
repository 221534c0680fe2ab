import { useCallback } from "react";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { Route } from "./+types/chat-thread";
import { ChatThread } from "../../features/chat/chat-thread.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, rethrowNotFound, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const threadQuery = (trpc: Trpc, conversationId: string) =>
  trpc.merchantChat.thread.infiniteQueryOptions(
    { conversationId },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated, result } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(threadQuery(trpc, params.id))
      .catch(merchantOnly(url, locale))
      .catch(rethrowNotFound),
  );
  const name = result.pages[0]?.party.name ?? "";
  return { dehydrated, title: serverT(context, locale)("chat.titleWith", { name }) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A conversation in the store's inbox, live, with the store's quick replies. */
function StoreThreadContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const query = useInfiniteQuery(threadQuery(trpc, id));
  const send = useMutation(trpc.merchantChat.send.mutationOptions());
  const loadOlder = useCallback(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [query]);
  const thread = query.data?.pages[0];
  if (!thread) return null;
  return (
    <>
      <AppHeader back title={thread.party.name} />
      <main id="main">
        <h1 className="sr-only">{t("chat.titleWith", { name: thread.party.name })}</h1>
        <ChatThread
          thread={thread}
          loaded={query.data?.pages.flatMap((p) => p.messages) ?? []}
          hasOlder={!!query.hasNextPage}
          loadOlder={loadOlder}
          pictureTo={id}
          sendText={(text) => send.mutateAsync({ conversationId: id, text })}
        />
      </main>
    </>
  );
}

export default function StoreChatThread({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <StoreThreadContent />
    </QueryBoundary>
  );
}
