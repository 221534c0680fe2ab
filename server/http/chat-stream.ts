// The chat's live stream: Server-Sent Events to each signed-in reader. Every instance listens on the chat's bus
// channel (PostgreSQL LISTEN/NOTIFY, ids only); an event for a conversation whose shopper or store owner has a
// stream open on this instance is read once per language and written to those streams. A stream that drops
// resumes from the last message id it saw (`Last-Event-ID`, which browsers send by themselves); when the bus
// itself lost its connection, streams are told to catch up (`resync`).
//
// The same stream carries the reader's unread notification count (`notices`, issue 44): when it opens, and whenever
// the notifications channel says the reader's notifications changed (a new one, or some read on another page).
//
// A stream lives only as long as the session it was opened with: ending a session (signing out, a password reset,
// a suspension) announces it on the sessions channel in the same transaction, and every instance closes that
// session's streams when it hears of it. As a backstop, for an announcement missed (the bus's connection was down)
// or a session that simply expired, each stream checks its session again with every keep-alive and when the bus
// connects again.
import type { Context as HonoContext, Hono } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import type { Locale } from "#common/locales.ts";
import type { ChatMessageView } from "#common/contracts/chat.ts";
import type { Db } from "../db/client.ts";
import { chatChannel, parseChatEvent, selectMessagesByIds } from "../modules/chat/chat.service.ts";
import { messagesSince } from "../read/chat.ts";
import { parseSessionsEvent, resolveSession, sessionsChannel } from "../modules/auth/auth.service.ts";
import {
  noticesChannel,
  parseNoticesEvent,
  unreadNotifications,
} from "../modules/notifications/inbox.service.ts";
import { conversationParties, messageViews } from "../read/chat.ts";
import type { Logger } from "../platform/logger.ts";
import type { NotifyBus } from "../platform/pg-notify.ts";
import type { RateLimits } from "../platform/rate-limit.ts";
import type { Storage } from "../platform/storage.ts";
import { localeFromHeader, type createContextFactory } from "../trpc/context.ts";
import type { FrameEnv } from "./frame.ts";

interface Reader {
  userId: string;
  /** The session the stream was opened with. */
  sessionId: string;
  lang: Locale;
  send(event: string, data: unknown, id?: number): void;
  /** Checks the session again before anything written after this call; closes the stream if it ended. */
  recheck(): void;
  /** Says `evicted` (another stream of the reader took its place) and closes. */
  evict(): void;
  close(): void;
}

/** Streams a user may keep open at once on one instance (tabs, devices); the oldest goes when another opens. */
const streamsPerUser = 5;
/**
 * A comment this often keeps proxies and phones from closing an idle stream; the stream's session is checked
 * again as often, so a stream outlives its session by at most this long when the announcement was missed.
 */
const keepAliveMs = 25_000;

interface HubDeps {
  db: Db;
  storage: Storage;
  log: Logger;
  bus: NotifyBus;
  /** How often a stream is kept alive and its session checked again (25 s; tests shorten it). */
  keepAliveMs?: number;
}

export function createChatHub(deps: HubDeps) {
  const readers = new Map<string, Set<Reader>>();

  // Who the two sides of a conversation are never changes: kept, so an event nobody on this instance reads costs
  // no query (every instance hears every event).
  const sides = new Map<string, { shopperId: string; ownerId: string }>();
  const sidesKept = 50_000;
  async function sidesOf(conversationId: string) {
    const known = sides.get(conversationId);
    if (known) return known;
    const parties = await conversationParties(deps.db, conversationId);
    if (!parties) return undefined;
    if (sides.size >= sidesKept) sides.delete(sides.keys().next().value!);
    const found = { shopperId: parties.shopperId, ownerId: parties.ownerId };
    sides.set(conversationId, found);
    return found;
  }

  async function deliver(payload: string) {
    const event = parseChatEvent(payload);
    if (!event) return;
    const who = await sidesOf(event.c);
    if (!who) return;
    const forShopper = readers.get(who.shopperId);
    const forStore = readers.get(who.ownerId);
    if (!forShopper && !forStore) return;
    const audience = [...(forShopper ?? []), ...(forStore ?? [])];
    if ("m" in event) {
      const rows = await selectMessagesByIds(deps.db, [event.m]);
      if (rows.length === 0) return;
      const views = new Map<Locale, ChatMessageView>();
      for (const lang of new Set(audience.map((r) => r.lang))) {
        views.set(lang, (await messageViews({ db: deps.db, storage: deps.storage, lang }, rows))[0]!);
      }
      for (const reader of audience) reader.send("message", views.get(reader.lang), event.m);
      return;
    }
    // Marks: each side sees how far the other has received and read, and its own unread count.
    const parties = await conversationParties(deps.db, event.c);
    if (!parties) return;
    for (const reader of forShopper ?? []) {
      reader.send("marks", {
        conversationId: event.c,
        otherDelivered: parties.storeDelivered,
        otherRead: parties.storeRead,
        unread: parties.shopperUnread,
      });
    }
    for (const reader of forStore ?? []) {
      reader.send("marks", {
        conversationId: event.c,
        otherDelivered: parties.shopperDelivered,
        otherRead: parties.shopperRead,
        unread: parties.storeUnread,
      });
    }
  }

  const unsubscribe = deps.bus.subscribe(chatChannel, (payload) => {
    deliver(payload).catch((err: unknown) => deps.log.warn({ err }, "chat: an event could not be delivered"));
  });
  // A reader's notifications changed: their open pages here get the unread count, counted once. One count per
  // reader at a time (a newer change while it runs counts again after it), so the last count sent is the latest.
  const counting = new Map<string, boolean>();
  const countFor = (userId: string) => {
    if (counting.has(userId)) {
      counting.set(userId, true);
      return;
    }
    counting.set(userId, false);
    unreadNotifications(deps.db, userId)
      .then(
        (counts) => {
          for (const reader of readers.get(userId) ?? []) reader.send("notices", counts);
        },
        (err: unknown) => deps.log.warn({ err }, "notices: an unread count could not be sent"),
      )
      .finally(() => {
        const again = counting.get(userId);
        counting.delete(userId);
        if (again && readers.has(userId)) countFor(userId);
      });
  };
  const unNotices = deps.bus.subscribe(noticesChannel, (payload) => {
    const userId = parseNoticesEvent(payload);
    if (userId && readers.has(userId)) countFor(userId);
  });
  // A session ended: its streams here close at once, before any event heard after it is written to them. When
  // every session of an account ended, each of its streams checks its own session before anything heard later
  // is written to it: the announcement may arrive after a new session (the one a password reset signs in) has
  // opened its stream, and that stream stays.
  let revocationsHeard = 0;
  const unSessions = deps.bus.subscribe(sessionsChannel, (payload) => {
    const event = parseSessionsEvent(payload);
    if (!event) return;
    revocationsHeard++;
    for (const reader of [...(readers.get(event.u) ?? [])]) {
      if (event.s === undefined) reader.recheck();
      else if (event.s === reader.sessionId) reader.close();
    }
  });
  // What was said while the bus was away was not heard: sessions ended meanwhile among it.
  const unReconnect = deps.bus.onReconnect(() => {
    for (const set of readers.values()) {
      for (const reader of set) {
        reader.recheck();
        reader.send("resync", {});
      }
    }
  });

  return {
    keepAliveMs: deps.keepAliveMs ?? keepAliveMs,
    /** Sessions-ended announcements heard so far: a stream being opened meanwhile checks its session again. */
    get revocationsHeard() {
      return revocationsHeard;
    },
    get open() {
      let n = 0;
      for (const set of readers.values()) n += set.size;
      return n;
    },
    attach(reader: Reader) {
      let set = readers.get(reader.userId);
      if (!set) readers.set(reader.userId, (set = new Set()));
      if (set.size >= streamsPerUser) {
        const oldest = set.values().next().value!;
        set.delete(oldest);
        // Told so it does not come back (it would push out the next one, and so on): that page polls instead.
        oldest.evict();
      }
      set.add(reader);
      return () => {
        set.delete(reader);
        if (set.size === 0 && readers.get(reader.userId) === set) readers.delete(reader.userId);
      };
    },
    close() {
      unsubscribe();
      unNotices();
      unSessions();
      unReconnect();
      for (const set of readers.values()) for (const reader of set) reader.close();
      readers.clear();
    },
  };
}

export type Hub = ReturnType<typeof createChatHub>;

/** The largest message id a client may resume from (a number the database's sequence could have issued). */
const resumeFrom = (value: string | undefined | null) => {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
};

/** GET /chat/stream: the signed-in reader's live chat events. */
export function chatStreamRoute(
  app: Hono<FrameEnv>,
  deps: {
    hub: Hub;
    createContext: ReturnType<typeof createContextFactory>;
    clientIp: (c: HonoContext) => string;
    db: Db;
    storage: Storage;
    limits: RateLimits;
    log: Logger;
  },
) {
  app.get("/chat/stream", async (c) => {
    const heard = deps.hub.revocationsHeard;
    const lang = localeFromHeader(c.req.query("lang") ?? c.req.header("lang") ?? null);
    const ctx = deps.createContext({
      headers: c.req.raw.headers,
      requestId: c.get("requestId"),
      clientIp: deps.clientIp(c),
      locale: lang,
    });
    const user = await ctx.user();
    c.header("cache-control", "no-store");
    if (!user) return c.text(ctx.t("errors.api.unauthorized"), 401);
    const after = resumeFrom(c.req.header("last-event-id")) ?? resumeFrom(c.req.query("after"));
    // Nginx and other proxies would otherwise hold the events back to fill a buffer.
    c.header("x-accel-buffering", "no");
    /** Whether the stream's session is still signed in; a database that does not answer leaves it open: nothing
     * reaches a stream without the database, and the next check decides. */
    const signedIn = async () => {
      try {
        return (await resolveSession(deps.db, ctx.token))?.sessionId === user.sessionId;
      } catch (err) {
        deps.log.warn({ err }, "chat: a stream's session could not be checked");
        return true;
      }
    };
    return streamSSE(c, async (stream: SSEStreamingApi) => {
      let queue = Promise.resolve();
      let closed = false;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      // One step at a time, in order; nothing more is written once the stream is closed.
      const enqueue = (step: () => Promise<unknown>) => {
        queue = queue
          .then(() => (closed ? undefined : step()))
          .then(
            () => undefined,
            () => reader.close(),
          );
      };
      const reader: Reader = {
        userId: user.id,
        sessionId: user.sessionId,
        lang,
        send(event, data, id) {
          if (closed) return;
          enqueue(() =>
            stream.writeSSE({
              event,
              data: JSON.stringify(data),
              ...(id !== undefined && { id: String(id) }),
            }),
          );
        },
        recheck() {
          enqueue(async () => {
            if (!(await signedIn())) reader.close();
          });
        },
        evict() {
          enqueue(async () => {
            await stream.writeSSE({ event: "evicted", data: "{}" });
            reader.close();
          });
        },
        close() {
          if (closed) return;
          closed = true;
          done();
        },
      };
      const detach = deps.hub.attach(reader);
      // A session ended between the check above and now was announced before this stream could hear it.
      if (deps.hub.revocationsHeard !== heard) reader.recheck();
      stream.onAbort(() => reader.close());
      await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
      // The bell's count as it is now (it may have changed while the stream was closed).
      const counts = await unreadNotifications(deps.db, user.id).catch(() => undefined);
      if (counts) reader.send("notices", counts);
      if (after !== undefined) {
        // What was written while the reader was away, oldest first.
        const missed = await messagesSince({ ...deps, lang }, user.id, after);
        for (const m of missed.messages) reader.send("message", m, m.id);
      }
      const timer = setInterval(() => {
        reader.recheck();
        enqueue(() => stream.write(": keep-alive\n\n"));
      }, deps.hub.keepAliveMs);
      await finished;
      clearInterval(timer);
      detach();
      await queue.catch(() => {});
      await stream.close().catch(() => {});
    });
  });
}
