import { MessageCircle } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/shop/layout.tsx";
import { CountBadge } from "../../ui/count-badge.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";

/** Unread chat messages of the signed-in shopper, as the shop's layout counted them with the page. */
export function useChatUnread(): number {
  return useRouteLoaderData<typeof loader>("routes/shop/layout")?.chatUnread ?? 0;
}

/** The header's way to the shopper's chats, with the unread count on it. */
export function ChatHeaderLink() {
  const { t, locale } = useI18n();
  const unread = useChatUnread();
  return (
    <Link
      to={localizePath(locale, "/h5/chat")}
      aria-label={unread > 0 ? t("chat.headerIcon", { count: unread }) : t("chat.title")}
      className="relative rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
    >
      <MessageCircle className="size-6" aria-hidden="true" />
      <CountBadge count={unread} />
    </Link>
  );
}
