import type { Locale } from "#common/locales.ts";

// The page's one live stream (server/http/chat-stream.ts: Server-Sent Events of the signed-in reader): the chat's
// messages and marks, and the bell's unread count. Every part of the page that listens shares it, so a chat page
// with its bell holds one connection, not two. It opens with the first listener and closes a few seconds after
// the last one goes (a move to another page keeps it). Where streams cannot be used (no EventSource, or it keeps
// failing: a proxy that buffers), listeners are told (`onDown`) and poll instead.

/** The events the stream sends. */
export type LiveEvent = "ready" | "message" | "marks" | "resync" | "notices";

export interface LiveListener {
  /** Handlers by event, given the event's data (parsed) and, for messages, its id. */
  on: Partial<Record<LiveEvent, (data: unknown) => void>>;
  /** The stream cannot be used here: poll instead. */
  onDown?(): void;
}

const events: readonly LiveEvent[] = ["ready", "message", "marks", "resync", "notices"];
/** How long the stream stays open with nobody listening (a move to another page). */
const lingerMs = 5000;

const listeners = new Set<LiveListener>();
let source: EventSource | undefined;
let sourceLocale: Locale | undefined;
let down = false;
let closing: ReturnType<typeof setTimeout> | undefined;

function open(locale: Locale, after: number | undefined) {
  const url = new URL("/chat/stream", window.location.origin);
  url.searchParams.set("lang", locale);
  if (after !== undefined && after > 0) url.searchParams.set("after", String(after));
  const opened = new EventSource(url);
  source = opened;
  sourceLocale = locale;
  let failures = 0;
  for (const name of events) {
    opened.addEventListener(name, (e) => {
      if (name === "ready") failures = 0;
      const data: unknown = JSON.parse((e as MessageEvent<string>).data);
      for (const l of [...listeners]) l.on[name]?.(data);
    });
  }
  // Another page of the reader's took this stream's place (a reader keeps a few at once): this page polls.
  opened.addEventListener("evicted", () => giveUp(opened));
  opened.onerror = () => {
    failures++;
    // Closed for good (refused), or failing again and again: everyone polls instead.
    if (opened.readyState === EventSource.CLOSED || failures >= 3) giveUp(opened);
  };
}

/** The stream cannot be used on this page: every listener polls instead. */
function giveUp(opened: EventSource) {
  opened.close();
  if (source === opened) source = undefined;
  if (down) return;
  down = true;
  for (const l of [...listeners]) l.onDown?.();
}

/**
 * Listens to the page's live stream; answers a function that stops listening. `after` (the chat's last message
 * id) is where a stream opened now resumes from; a stream already open does not go back for it, so a listener
 * that needs what came before catches up itself (`opened: false`).
 */
export function listenLive(
  locale: Locale,
  listener: LiveListener,
  after?: number,
): { stop: () => void; opened: boolean } {
  clearTimeout(closing);
  listeners.add(listener);
  let opened = false;
  if (down || typeof EventSource === "undefined") {
    queueMicrotask(() => listener.onDown?.());
  } else if (!source || sourceLocale !== locale) {
    source?.close();
    open(locale, after);
    opened = true;
  }
  return {
    opened,
    stop() {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      clearTimeout(closing);
      closing = setTimeout(() => {
        if (listeners.size > 0) return;
        source?.close();
        source = undefined;
      }, lingerMs);
    },
  };
}
