import { useId, useState } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import type { Route } from "./+types/chat";
import { chatLimits } from "#common/chat.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { InboxList, useLiveInbox } from "../../features/chat/inbox-list.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc) =>
  trpc.merchantChat.list.infiniteQueryOptions(
    {},
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(listQuery(trpc)),
      queryClient.fetchQuery(trpc.merchantChat.settings.queryOptions()),
    ]).catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("chat.store.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The away message and the quick replies the store keeps. */
function ChatSettings() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery(trpc.merchantChat.settings.queryOptions());
  const [away, setAway] = useState<{ enabled: boolean; message: string }>();
  const [reply, setReply] = useState("");
  const update = (data: Awaited<ReturnType<typeof settings.refetch>>["data"]) =>
    queryClient.setQueryData(trpc.merchantChat.settings.queryKey(), data);
  const onError = (e: { message: string }) => toast.notify(e.message, "error");
  const save = useMutation(
    trpc.merchantChat.saveSettings.mutationOptions({
      onSuccess: (data) => {
        update(data);
        setAway(undefined);
        toast.notify(t("chat.store.saved"), "success");
      },
      onError,
    }),
  );
  const add = useMutation(
    trpc.merchantChat.addQuickReply.mutationOptions({
      onSuccess: (data) => {
        update(data);
        setReply("");
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.merchantChat.removeQuickReply.mutationOptions({ onSuccess: update, onError }),
  );
  if (!settings.data) return null;
  const current = away ?? { enabled: settings.data.awayEnabled, message: settings.data.awayMessage };
  return (
    <details className="mx-3 mt-3 rounded-xl bg-white p-3 dark:bg-gray-900">
      <summary className="cursor-pointer font-semibold">{t("chat.store.settings")}</summary>
      <form
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ awayEnabled: current.enabled, awayMessage: current.message });
        }}
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={current.enabled}
            onChange={(e) => setAway({ ...current, enabled: e.target.checked })}
          />
          {t("chat.store.awayOn")}
        </label>
        <label htmlFor={`${id}-away`} className="mt-2 block text-sm font-medium">
          {t("chat.store.awayMessage")}
        </label>
        <textarea
          id={`${id}-away`}
          rows={3}
          maxLength={chatLimits.awayMessage}
          value={current.message}
          onChange={(e) => setAway({ ...current, message: e.target.value })}
          className="mt-1 w-full rounded-lg border border-gray-300 bg-white p-2 dark:border-gray-600 dark:bg-gray-800"
        />
        <button
          type="submit"
          className="mt-2 h-10 rounded-full bg-primary-700 px-4 text-sm font-semibold text-white"
        >
          {t("chat.store.save")}
        </button>
      </form>
      <h2 className="mt-4 text-sm font-semibold">{t("chat.quickReplies")}</h2>
      <ul className="mt-1 grid gap-1">
        {settings.data.quickReplies.map((q) => (
          <li
            key={q.id}
            className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-2 dark:bg-gray-800"
          >
            <span className="min-w-0 text-sm break-words">{q.text}</span>
            <button
              type="button"
              onClick={() => remove.mutate({ id: q.id })}
              className="flex size-10 shrink-0 items-center justify-center"
            >
              <Trash2 className="size-5" aria-hidden="true" />
              <span className="sr-only">{t("chat.store.removeReply", { text: q.text })}</span>
            </button>
          </li>
        ))}
      </ul>
      <form
        className="mt-2 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (reply.trim()) add.mutate({ text: reply.trim() });
        }}
      >
        <label htmlFor={`${id}-reply`} className="sr-only">
          {t("chat.store.newReply")}
        </label>
        <input
          id={`${id}-reply`}
          value={reply}
          maxLength={chatLimits.quickReply}
          placeholder={t("chat.store.newReply")}
          onChange={(e) => setReply(e.target.value)}
          className="h-10 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-800"
        />
        <button
          type="submit"
          className="h-10 shrink-0 rounded-full border border-primary-700 px-3 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
        >
          {t("chat.store.addReply")}
        </button>
      </form>
    </details>
  );
}

/** The store's inbox, live, with its away message and quick replies. */
function StoreInboxContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(listQuery(trpc));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  useLiveInbox(() => void queryClient.invalidateQueries({ queryKey: trpc.merchantChat.list.pathKey() }));
  return (
    <>
      <AppHeader back title={t("chat.store.title")} />
      <main id="main" className="pb-8">
        <ChatSettings />
        <h2 className="px-4 pt-4 pb-2 font-semibold">
          {t("chat.store.conversations")}
          {!!list.data?.pages[0]?.unread && (
            <span className="ms-2 text-sm font-normal text-red-800 dark:text-red-300">
              {t("chat.unread", { count: list.data.pages[0].unread })}
            </span>
          )}
        </h2>
        {list.data && items.length === 0 && (
          <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
            {t("chat.noStoreConversations")}
          </p>
        )}
        <InboxList items={items} href={(c) => localizePath(locale, `/h5/merchant/chat/${c.id}`)} />
        {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
      </main>
    </>
  );
}

export default function StoreChatInbox({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <StoreInboxContent />
    </QueryBoundary>
  );
}
