import { useCallback, useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import type { Route } from "./+types/thread";
import { ChatCard, ChatThread } from "../../features/chat/chat-thread.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

/** What the page was opened about: `?product=prd_…` (the product page) or `?order=ord_…` (the order's page). */
function aboutOf(search: URLSearchParams) {
  const product = search.get("product");
  const order = search.get("order");
  if (product && /^prd_[0-9a-z]{1,59}$/.test(product)) return { listingId: product };
  if (order && /^ord_[0-9a-z]{1,59}$/.test(order)) return { orderId: order };
  return undefined;
}

const threadQuery = (trpc: Trpc, storeId: string, about: ReturnType<typeof aboutOf>) =>
  trpc.chat.thread.infiniteQueryOptions(
    { storeId, about },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated, result } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(threadQuery(trpc, params.storeId, aboutOf(url.searchParams)))
      .catch(signInOnUnauthorized(url, locale))
      .catch(rethrowNotFound),
  );
  const name = result.pages[0]?.party.name ?? "";
  return { dehydrated, title: serverT(context, locale)("chat.titleWith", { name }) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The shopper's conversation with a store: live, with the product or order it was opened about on top. */
function ThreadContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { storeId = "" } = useParams();
  const [search] = useSearchParams();
  const about = aboutOf(search);
  const query = useInfiniteQuery(threadQuery(trpc, storeId, about));
  const [cardSent, setCardSent] = useState(false);
  const send = useMutation(trpc.chat.send.mutationOptions());
  const loadOlder = useCallback(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [query]);
  const first = query.data?.pages[0];
  if (!first) return null;
  const thread = first;
  const loaded = query.data?.pages.flatMap((p) => p.messages) ?? [];
  const card = thread.about.product || thread.about.order;
  const withCard = !!card && !cardSent;
  return (
    <>
      <AppHeader back title={thread.party.name} />
      <main id="main">
        <h1 className="sr-only">{t("chat.titleWith", { name: thread.party.name })}</h1>
        <ChatThread
          thread={thread}
          loaded={loaded}
          hasOlder={!!query.hasNextPage}
          loadOlder={loadOlder}
          pictureTo={storeId}
          // The conversation has begun: its card and earlier messages are read again.
          onConversation={() => void queryClient.invalidateQueries({ queryKey: trpc.chat.thread.pathKey() })}
          sendText={async (text) => {
            const m = await send.mutateAsync({ storeId, text, about: withCard ? about : undefined });
            setCardSent(true);
            return m;
          }}
          top={
            withCard && (
              <div className="mx-3 mt-2 rounded-xl border border-gray-200 p-2 dark:border-gray-700">
                <p className="mb-1 text-xs text-gray-700 dark:text-gray-300">{t("chat.aboutThis")}</p>
                <ChatCard product={thread.about.product} order={thread.about.order} />
                <button
                  type="button"
                  className="mt-2 h-9 rounded-full border border-primary-700 px-3 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
                  onClick={() =>
                    void send.mutateAsync({ storeId, about }).then(
                      () => {
                        setCardSent(true);
                        void queryClient.invalidateQueries({ queryKey: trpc.chat.thread.pathKey() });
                      },
                      (e: Error) => toast.notify(e.message, "error"),
                    )
                  }
                >
                  {t("chat.sendCard")}
                </button>
              </div>
            )
          }
        />
      </main>
    </>
  );
}

export default function ChatThreadPage({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ThreadContent />
    </QueryBoundary>
  );
}
