import { Link } from "react-router";
import type { ConversationSummary } from "#common/contracts/chat.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { callApi } from "../../lib/client.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { useChatLive } from "./use-chat-live.ts";

/** What an inbox row says of the newest message: its text, or what it is (a picture, a product, an order). */
function preview(t: ReturnType<typeof useI18n>["t"], last: ConversationSummary["last"]) {
  if (!last) return "";
  if (last.kind === "text") return last.text;
  return t(`chat.kinds.${last.kind}`);
}

/** Conversations, the most recent first: the other party, the newest message and how many are unread. */
export function InboxList(props: { items: ConversationSummary[]; href: (c: ConversationSummary) => string }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  return (
    <ul className="divide-y divide-gray-100 bg-white dark:divide-gray-800 dark:bg-gray-900">
      {props.items.map((c) => (
        <li key={c.id}>
          <Link to={props.href(c)} className="flex items-center gap-3 px-4 py-3">
            <Avatar image={c.party.image} alt="" name={c.party.name} size={48} />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate font-semibold">{c.party.name}</span>
                <time
                  dateTime={c.lastMessageAt.toISOString()}
                  className="shrink-0 text-xs text-gray-600 dark:text-gray-400"
                >
                  {formatDateTime(c.lastMessageAt, locale, zone)}
                </time>
              </span>
              <span className="flex items-center justify-between gap-2">
                <span className="truncate text-sm text-gray-700 dark:text-gray-300">
                  {preview(t, c.last)}
                </span>
                {c.unread > 0 && (
                  <span className="shrink-0 rounded-full bg-red-700 px-2 text-xs font-bold text-white">
                    {c.unread}
                    <span className="sr-only"> {t("chat.unread", { count: c.unread })}</span>
                  </span>
                )}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Keeps an inbox live: a message arriving refreshes it, and is marked received on this device (the sender sees it
 * delivered; read once the conversation is opened).
 */
export function useLiveInbox(refresh: () => void) {
  useChatLive(
    {
      onMessage: (m) => {
        refresh();
        callApi(
          "chat.mark",
          { conversationId: m.conversationId, upTo: m.id, read: false },
          { mutation: true, keepalive: true },
        ).catch(() => {});
      },
    },
    0,
  );
}
