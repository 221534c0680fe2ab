import { useEffect, useRef } from "react";
import type { ChatMessageView } from "#common/contracts/chat.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { listenLive } from "../../lib/live.ts";
import { useTRPCClient } from "../../lib/trpc.ts";

export interface ChatMarks {
  conversationId: string;
  otherDelivered: number;
  otherRead: number;
  unread: number;
}

interface Handlers {
  onMessage(message: ChatMessageView): void;
  onMarks?(marks: ChatMarks): void;
}

/** Polling instead of the stream: this often, while the page is visible. */
const pollMs = 5000;

/**
 * The chat's live events on this page: the page's live stream (web/lib/live.ts: Server-Sent Events, which the
 * browser resumes by itself from the last message id after a dropped connection), or, where streams cannot be used
 * (no EventSource, or the stream keeps failing: a proxy that buffers), polling for messages after the last one seen.
 */
export function useChatLive(handlers: Handlers, after: number) {
  const { locale } = useI18n();
  const client = useTRPCClient();
  const latest = useRef(handlers);
  const lastId = useRef(after);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (after > lastId.current) lastId.current = after;
  }, [after]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = (m: ChatMessageView) => {
      if (m.id > lastId.current) lastId.current = m.id;
      latest.current.onMessage(m);
    };
    const poll = async () => {
      if (stopped) return;
      if (document.visibilityState === "visible") {
        try {
          const { messages } = await client.chat.since.query({ after: lastId.current });
          for (const m of messages) seen({ ...m, createdAt: new Date(m.createdAt) });
        } catch {
          // Offline for now: the next round tries again.
        }
      }
      timer = setTimeout(() => void poll(), pollMs);
    };
    // A page that has seen no message (the inbox) has nothing to catch up on: its list comes with the page.
    const catchUp = () => {
      if (lastId.current <= 0) return;
      void client.chat.since.query({ after: lastId.current }).then(
        ({ messages }) => messages.forEach((m) => seen({ ...m, createdAt: new Date(m.createdAt) })),
        () => {},
      );
    };
    // The stream's first `ready` after this page opened it resumes from `after` by itself; every later one (the
    // stream came back after a drop, or was opened by the bell without our position) is caught up from here.
    let resumedByServer = false;
    const live = listenLive(
      locale,
      {
        on: {
          message: (data) => {
            const m = data as ChatMessageView;
            seen({ ...m, createdAt: new Date(m.createdAt) });
          },
          marks: (data) => latest.current.onMarks?.(data as ChatMarks),
          ready: () => {
            if (resumedByServer) resumedByServer = false;
            else catchUp();
          },
          // The server lost its own connection for a while: catch up once.
          resync: catchUp,
        },
        onDown: () => void poll(),
      },
      lastId.current,
    );
    // The page's stream was already open (the bell opened it): what came before it is asked for once.
    if (live.opened) resumedByServer = true;
    else catchUp();
    return () => {
      stopped = true;
      clearTimeout(timer);
      live.stop();
    };
    // The stream is opened once per page; the handlers and position are read through refs.
  }, [client, locale]);
}
