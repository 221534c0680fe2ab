import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../tests/setup/money.ts";
import { merchantWithStore } from "../../tests/setup/shop.ts";
import { appInstances } from "../../tests/setup/instances.ts";
import { startTestServer } from "../../tests/setup/server.ts";
import { adminQuery } from "../../tests/setup/db-snapshots.ts";
import { createTestDatabase, silentLog, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createNotifyBus, type NotifyBus } from "../platform/pg-notify.ts";
import { createChatHub, type Hub } from "./chat-stream.ts";

let database: TestDatabase;
let bus: NotifyBus;
let hub: Hub;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  bus = createNotifyBus(database.connection, silentLog);
  hub = createChatHub({ db: database.db, storage: database.storage, log: silentLog, bus });
  server = await startTestServer(database, { chatHub: hub });
});
afterAll(async () => {
  hub.close();
  await server.close();
  await bus.close();
  await database.destroy();
});

interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** A reader's live stream, read as a browser's EventSource would, with what arrived so far. */
async function openStream(baseUrl: string, token: string | undefined, lastEventId?: number) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/chat/stream?lang=en`, {
    headers: {
      accept: "text/event-stream",
      ...(token && { authorization: token }),
      ...(lastEventId !== undefined && { "last-event-id": String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of res.body!) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(
              block
                .split("\n")
                .filter((l) => l && !l.startsWith(":"))
                .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trimStart()]),
            );
            if (!fields.event) continue;
            events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? "null") });
            for (const w of waiters) w();
          }
        }
      } catch {
        // Closed by the test.
      }
    })();
  }
  return {
    status: res.status,
    events,
    /** Waits until an event matching `match` arrived (5 s at most). */
    async next(match: (e: SseEvent) => boolean): Promise<SseEvent> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}

const messageWith = (text: string) => (e: SseEvent) =>
  e.event === "message" && (e.data as { text: string }).text === text;

describe("the live stream", () => {
  it("brings the other side's messages and marks without a reload, and resumes after a dropped connection", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const stranger = await signedInUser(database);
    const first = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Ready kak?" });
    const conversationId = first!.conversationId;

    expect((await openStream(server.url, undefined)).status).toBe(401);
    const shopperStream = await openStream(server.url, shopper.token);
    const merchantStream = await openStream(server.url, merchant.token);
    const strangerStream = await openStream(server.url, stranger.token);
    await shopperStream.next((e) => e.event === "ready");
    await merchantStream.next((e) => e.event === "ready");
    await strangerStream.next((e) => e.event === "ready");

    const answer = await merchant.api.merchantChat.send({ conversationId, text: "Ready, Kak!" });
    const arrived = await shopperStream.next(messageWith("Ready, Kak!"));
    expect(arrived).toMatchObject({ id: String(answer.id), data: { side: "store", conversationId } });
    // The sender's other tabs hear of it too.
    await merchantStream.next(messageWith("Ready, Kak!"));

    // The shopper reads it: the store sees the read mark arrive.
    await shopper.api.chat.mark({ conversationId, upTo: answer.id, read: true });
    const marks = await merchantStream.next((e) => e.event === "marks");
    expect(marks.data).toEqual({
      conversationId,
      otherDelivered: answer.id,
      otherRead: answer.id,
      unread: 0,
    });

    // The shopper's connection drops; two answers come meanwhile; the browser reconnects with the last id it saw.
    shopperStream.close();
    await merchant.api.merchantChat.send({ conversationId, text: "Dikirim hari ini" });
    await merchant.api.merchantChat.send({ conversationId, text: "Resi menyusul" });
    const resumed = await openStream(server.url, shopper.token, answer.id);
    await resumed.next(messageWith("Resi menyusul"));
    expect(
      resumed.events.filter((e) => e.event === "message").map((e) => (e.data as { text: string }).text),
    ).toEqual(["Dikirim hari ini", "Resi menyusul"]);

    // Nothing of it reached anyone else.
    expect(strangerStream.events.filter((e) => e.event !== "ready")).toEqual([]);
    for (const s of [resumed, merchantStream, strangerStream]) s.close();
  });

  it("answers a garbage resume position as no position, and keeps at most five streams per reader", async () => {
    const shopper = await signedInUser(database);
    const garbage = await fetch(`${server.url}/chat/stream`, {
      headers: { authorization: shopper.token, "last-event-id": "1; drop table chat_messages" },
    });
    expect(garbage.status).toBe(200);
    await garbage.body?.cancel();
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream(server.url, shopper.token)));
    await Promise.all(streams.map((s) => s.next((e) => e.event === "ready")));
    const deadline = Date.now() + 3000;
    while (hub.open > 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.open).toBeLessThanOrEqual(5);
    for (const s of streams) s.close();
  });
});

describe.runIf(testDbKind === "postgres")("on PostgreSQL: a lost connection, and two instances", () => {
  const instances = appInstances();
  afterAll(() => instances.stopAll());
  const instance = () => instances.start((database.connection as { url: string }).url);

  it("listens again when its connection is killed, tells streams to catch up, and delivers what comes next", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const first = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Halo?" });
    const stream = await openStream(server.url, shopper.token);
    await stream.next((e) => e.event === "ready");
    // The database drops the bus's connection (a restart, an administrator); the process keeps running.
    const name = new URL((database.connection as { url: string }).url).pathname.slice(1);
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query ilike 'listen%'`,
    );
    await stream.next((e) => e.event === "resync");
    await merchant.api.merchantChat.send({ conversationId: first!.conversationId, text: "Masih di sini" });
    await stream.next(messageWith("Masih di sini"));
    stream.close();
  });

  it("a message written through one instance reaches a stream open on the other (LISTEN/NOTIFY, ids only)", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const first = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Halo dari B?" });
    const shopperOnB = await openStream(b, shopper.token);
    const merchantOnA = await openStream(a, merchant.token);
    await shopperOnB.next((e) => e.event === "ready");
    await merchantOnA.next((e) => e.event === "ready");

    // The store answers over HTTP to instance A.
    const res = await fetch(`${a}/trpc/merchantChat.send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: merchant.token, lang: "en" },
      body: JSON.stringify({ json: { conversationId: first!.conversationId, text: "Halo dari A" } }),
    });
    expect(res.status).toBe(200);
    const started = Date.now();
    const arrived = await shopperOnB.next(messageWith("Halo dari A"));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(arrived.data).toMatchObject({ side: "store", conversationId: first!.conversationId });

    // The shopper marks it read through B; the merchant's stream on A hears of it.
    const id = Number(arrived.id);
    const mark = await fetch(`${b}/trpc/chat.mark`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: shopper.token },
      body: JSON.stringify({ json: { conversationId: first!.conversationId, upTo: id, read: true } }),
    });
    expect(mark.status).toBe(200);
    const marks = await merchantOnA.next((e) => e.event === "marks");
    expect(marks.data).toMatchObject({ otherRead: id });
    shopperOnB.close();
    merchantOnA.close();
  });
});
