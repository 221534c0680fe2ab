import { useEffect, useState } from "react";
import { Bell } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/shop/layout.tsx";
import { callApi } from "../../lib/client.ts";
import { CountBadge } from "../../ui/count-badge.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { listenLive } from "../../lib/live.ts";
import { localizePath } from "../../lib/locale.ts";

/** Polling for the count instead of the stream: this often, while the page is visible. */
const pollMs = 60_000;

/**
 * The bell in every shop page's header, for someone signed in (issue 44): a link to the notification centre with
 * the unread count. The count comes with the page (the shop layout's loader) and then live from the page's stream,
 * opened once the page is idle so it never competes with what paints first.
 */
export default function NoticeBell() {
  const { t, locale } = useI18n();
  const fromPage = useRouteLoaderData<typeof loader>("routes/shop/layout")?.noticesUnread ?? 0;
  const [count, setCount] = useState(fromPage);
  // A new count with the page (the layout asked again after an action) replaces what the stream said.
  const [counted, setCounted] = useState(fromPage);
  if (counted !== fromPage) {
    setCounted(fromPage);
    setCount(fromPage);
  }

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      callApi("notifications.inbox.unread", undefined).then(
        (u) => !stopped && setCount(u.total),
        () => {},
      );
    const poll = () => {
      if (stopped) return;
      if (document.visibilityState === "visible") void ask();
      timer = setTimeout(poll, pollMs);
    };
    const start = () => {
      if (stopped) return;
      stop = listenLive(locale, {
        on: {
          notices: (data) => setCount((data as { total: number }).total),
          // The server lost its own connection for a while: ask once.
          resync: () => void ask(),
        },
        onDown: () => {
          clearTimeout(timer);
          timer = setTimeout(poll, pollMs);
        },
      }).stop;
    };
    const idle =
      "requestIdleCallback" in window ? window.requestIdleCallback(start, { timeout: 3000 }) : undefined;
    if (idle === undefined) timer = setTimeout(start, 1000);
    return () => {
      stopped = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
      stop?.();
    };
  }, [locale]);

  return (
    <Link
      to={localizePath(locale, "/h5/notifications")}
      aria-label={count > 0 ? t("notifications.bell", { count }) : t("notifications.title")}
      className="relative rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
      data-testid="notice-bell"
    >
      <Bell className="size-6" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
