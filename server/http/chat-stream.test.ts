import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { latestCode } from "../../tests/setup/accounts.ts";
import { callerFor } from "../../tests/setup/caller.ts";
import { newKey, signedInUser, testPassword } from "../../tests/setup/money.ts";
import { merchantWithStore } from "../../tests/setup/shop.ts";
import { appInstances } from "../../tests/setup/instances.ts";
import { startTestServer } from "../../tests/setup/server.ts";
import { adminQuery } from "../../tests/setup/db-snapshots.ts";
import { createTestDatabase, silentLog, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { sessionsChannel, setSuspension } from "../modules/auth/auth.service.ts";
import { createNotifyBus, notify, type NotifyBus } from "../platform/pg-notify.ts";
import { notifyUser } from "../modules/notifications/inbox.service.ts";
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
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = (async () => {
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
    /** Resolves when the server ended the stream (or the test closed it). */
    ended,
    /** The texts of the messages the stream brought. */
    texts: () => events.filter((e) => e.event === "message").map((e) => (e.data as { text: string }).text),
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

    // Nothing of it reached anyone else (their stream says only their own bell's count).
    expect(strangerStream.events.filter((e) => e.event !== "ready" && e.event !== "notices")).toEqual([]);
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
    // The one pushed out is told so, and does not come back to push out the next (its page polls instead).
    const evicted = () => streams.filter((s) => s.events.some((e) => e.event === "evicted"));
    while (evicted().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(evicted()).toHaveLength(1);
    for (const s of streams) s.close();
  });
});

/** Another session of the same account (another device): its token. */
async function anotherSession(user: { email: string }) {
  const { token } = await callerFor(database).auth.signIn({
    method: "password",
    account: user.email,
    password: testPassword,
  });
  return token;
}

/** A shopper with a conversation with a store, and the store's own stream, which hears everything written there. */
async function talk(baseUrl = server.url) {
  const shopper = await signedInUser(database);
  const merchant = await merchantWithStore(database);
  const first = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Masih ada kak?" });
  const conversationId = first!.conversationId;
  const storeStream = await openStream(baseUrl, merchant.token);
  await storeStream.next((e) => e.event === "ready");
  /** The store writes `text`; it has arrived on the store's stream when this resolves. */
  const storeWrites = async (text: string) => {
    await merchant.api.merchantChat.send({ conversationId, text });
    await storeStream.next(messageWith(text));
  };
  return { shopper, merchant, conversationId, storeStream, storeWrites };
}

async function ready(baseUrl: string, token: string) {
  const stream = await openStream(baseUrl, token);
  await stream.next((e) => e.event === "ready");
  return stream;
}

describe("the bell's count on the stream (issue 44)", () => {
  it("says the unread count when it opens, when a notification is written (committed only) and when some are read elsewhere; to nobody else", async () => {
    const shopper = await signedInUser(database);
    const stranger = await signedInUser(database);
    const notice = (userId: string) => ({
      userId,
      category: "orders" as const,
      kind: "orderShipped" as const,
      params: { code: "P-1", courier: "JNE", waybill: "X1" },
    });
    await database.db.transaction((tx) => notifyUser(tx, notice(shopper.id)));
    const mine = await openStream(server.url, shopper.token);
    const theirs = await openStream(server.url, stranger.token);
    const notices = (s: typeof mine) => s.events.filter((e) => e.event === "notices").map((e) => e.data);
    await mine.next((e) => e.event === "notices");
    await theirs.next((e) => e.event === "notices");
    expect(notices(mine)).toEqual([{ total: 1, byCategory: { orders: 1 } }]);

    // Rolled back: nothing is heard.
    await database.db
      .transaction(async (tx) => {
        await notifyUser(tx, notice(shopper.id));
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => notifyUser(tx, notice(shopper.id)));
    await mine.next((e) => e.event === "notices" && (e.data as { total: number }).total === 2);

    // Read on another page (another session of the same shopper): this page's bell goes to 0.
    await shopper.api.notifications.inbox.markAllRead();
    await mine.next((e) => e.event === "notices" && (e.data as { total: number }).total === 0);
    // (The first write's announcement may reach the stream after it opened: a count said twice, never out of order.)
    const totals = notices(mine).map((n) => (n as { total: number }).total);
    expect(totals.filter((t, i) => t !== totals[i - 1])).toEqual([1, 2, 0]);
    expect(notices(mine).at(-1)).toEqual({ total: 0, byCategory: {} });
    expect(notices(theirs)).toEqual([{ total: 0, byCategory: {} }]);
    mine.close();
    theirs.close();
  });
});

describe("a stream lives only as long as its session", () => {
  it("signing out ends the streams of that session, and only those; nothing written afterwards reaches them", async () => {
    const { shopper, storeStream, storeWrites } = await talk();
    const phone = await anotherSession(shopper);
    const [tab, otherTab, onPhone] = await Promise.all([
      ready(server.url, shopper.token),
      ready(server.url, shopper.token),
      ready(server.url, phone),
    ]);
    await storeWrites("Sebelum keluar");
    await tab.next(messageWith("Sebelum keluar"));

    await shopper.api.auth.signOut();
    await storeWrites("Setelah keluar");
    await tab.ended;
    await otherTab.ended;
    for (const closed of [tab, otherTab]) {
      expect(closed.texts()).toContain("Sebelum keluar");
      expect(closed.texts()).not.toContain("Setelah keluar");
    }
    // The phone's session was not signed out: its stream stays and brings the message.
    await onPhone.next(messageWith("Setelah keluar"));
    // Opening again with the signed-out token is refused.
    expect((await openStream(server.url, shopper.token)).status).toBe(401);
    for (const s of [onPhone, storeStream]) s.close();
  });

  it("ending a session from the security page closes its streams; signing out everywhere else closes every other session's, not the asking one's", async () => {
    const { shopper, storeStream, storeWrites } = await talk();
    const [phone, tablet] = [await anotherSession(shopper), await anotherSession(shopper)];
    const [mine, onPhone, onTablet] = await Promise.all([
      ready(server.url, shopper.token),
      ready(server.url, phone),
      ready(server.url, tablet),
    ]);
    const phoneId = (await callerFor(database, { token: phone }).account.sessions.list()).find(
      (s) => s.current,
    )!.id;
    await shopper.api.account.sessions.end({ id: phoneId });
    await storeWrites("Setelah ponsel dikeluarkan");
    await onPhone.ended;
    expect(onPhone.texts()).not.toContain("Setelah ponsel dikeluarkan");
    await onTablet.next(messageWith("Setelah ponsel dikeluarkan"));

    await callerFor(database, { token: shopper.token }).account.sessions.endOthers({
      password: testPassword,
    });
    await storeWrites("Setelah semua keluar");
    await onTablet.ended;
    expect(onTablet.texts()).not.toContain("Setelah semua keluar");
    await mine.next(messageWith("Setelah semua keluar"));
    for (const s of [mine, storeStream]) s.close();
  });

  it("a password reset ends the streams of every earlier session; the new session's stream brings what comes next", async () => {
    const { shopper, storeStream, storeWrites } = await talk();
    const phone = await anotherSession(shopper);
    const [tab, onPhone] = await Promise.all([ready(server.url, shopper.token), ready(server.url, phone)]);

    const api = callerFor(database);
    await api.auth.sendCode({ account: shopper.email, purpose: "reset" });
    const code = await latestCode(database, shopper.email);
    const password = "rahasia-baru-456";
    const { token } = await api.auth.resetPassword({
      account: shopper.email,
      code,
      password,
      confirmPassword: password,
    });
    const afterReset = await ready(server.url, token);
    await storeWrites("Setelah reset");
    await afterReset.next(messageWith("Setelah reset"));
    await tab.ended;
    await onPhone.ended;
    expect([...tab.texts(), ...onPhone.texts()]).not.toContain("Setelah reset");
    for (const s of [afterReset, storeStream]) s.close();
  });

  it("an account-wide announcement heard late (after a new session opened its stream) leaves the new session's stream open", async () => {
    const { shopper, storeStream, storeWrites } = await talk();
    const earlier = await ready(server.url, shopper.token);
    // The reset revokes the earlier sessions and signs in anew; its announcement is held back here and arrives
    // only after the new session's stream is open, as it can on a busy machine.
    await database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${shopper.id}`);
    const fresh = await anotherSession(shopper);
    const afterReset = await ready(server.url, fresh);
    await notify(database.db, sessionsChannel, JSON.stringify({ u: shopper.id }));
    await earlier.ended;
    await storeWrites("Sesudah pengumuman");
    await afterReset.next(messageWith("Sesudah pengumuman"));
    expect(earlier.texts()).not.toContain("Sesudah pengumuman");
    for (const s of [afterReset, storeStream]) s.close();
  });

  it("an operator's suspension ends every stream of the account", async () => {
    const { shopper, storeStream, storeWrites } = await talk();
    const ops = await signedInUser(database, "operator");
    const phone = await anotherSession(shopper);
    const [tab, onPhone] = await Promise.all([ready(server.url, shopper.token), ready(server.url, phone)]);

    await ops.api.ops.users.suspend({ id: shopper.id, reason: "Penipuan", idempotencyKey: newKey() });
    await storeWrites("Setelah ditangguhkan");
    await tab.ended;
    await onPhone.ended;
    expect([...tab.texts(), ...onPhone.texts()]).not.toContain("Setelah ditangguhkan");
    storeStream.close();
  });

  it("a revocation whose transaction is rolled back closes nothing", async () => {
    const { shopper, storeStream, storeWrites } = await talk();
    const tab = await ready(server.url, shopper.token);
    const undone = new Error("rolled back");
    await expect(
      database.db.transaction(async (tx) => {
        await setSuspension(tx, shopper.id, { suspend: true, reason: "Keliru" });
        throw undone;
      }),
    ).rejects.toBe(undone);

    await storeWrites("Masih tersambung");
    await tab.next(messageWith("Masih tersambung"));
    await expect(shopper.api.account.me()).resolves.toMatchObject({ id: shopper.id });
    for (const s of [tab, storeStream]) s.close();
  });

  it("a session that ended unannounced (the announcement missed) still closes its stream at the next check", async () => {
    const checking = createChatHub({
      db: database.db,
      storage: database.storage,
      log: silentLog,
      bus,
      keepAliveMs: 200,
    });
    const other = await startTestServer(database, { chatHub: checking });
    try {
      const revoked = await signedInUser(database);
      const expired = await signedInUser(database);
      const [revokedStream, expiredStream] = await Promise.all([
        ready(other.url, revoked.token),
        ready(other.url, expired.token),
      ]);
      // Written straight to the table: no instance hears of it.
      await database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${revoked.id}`);
      await database.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${expired.id}`,
      );
      await revokedStream.ended;
      await expiredStream.ended;
      expect(checking.open).toBe(0);
    } finally {
      checking.close();
      await other.close();
    }
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
    // It arrives on the stream open on B, live (no reload, no poll), once.
    const arrived = await shopperOnB.next(messageWith("Halo dari A"));
    expect(shopperOnB.texts().filter((text) => text === "Halo dari A")).toHaveLength(1);
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

  it("signing out, a password reset, a suspension or the security page through one instance closes the session's streams on every instance", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);

    // Signing out over HTTP to instance A ends the session's streams on A and on B.
    const signingOut = await talk(b);
    const [outOnA, outOnB] = await Promise.all([
      ready(a, signingOut.shopper.token),
      ready(b, signingOut.shopper.token),
    ]);
    const res = await fetch(`${a}/trpc/auth.signOut`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: signingOut.shopper.token },
      body: JSON.stringify({ json: null }),
    });
    expect(res.status).toBe(200);
    await signingOut.storeWrites("Setelah keluar");
    await outOnA.ended;
    await outOnB.ended;
    expect([...outOnA.texts(), ...outOnB.texts()]).not.toContain("Setelah keluar");

    // A password reset (made on this third instance) ends the earlier sessions' streams on A and on B.
    const resetting = await talk(a);
    const [resetOnA, resetOnB] = await Promise.all([
      ready(a, resetting.shopper.token),
      ready(b, resetting.shopper.token),
    ]);
    const api = callerFor(database);
    await api.auth.sendCode({ account: resetting.shopper.email, purpose: "reset" });
    const password = "rahasia-baru-456";
    await api.auth.resetPassword({
      account: resetting.shopper.email,
      code: await latestCode(database, resetting.shopper.email),
      password,
      confirmPassword: password,
    });
    await resetting.storeWrites("Setelah reset");
    await resetOnA.ended;
    await resetOnB.ended;
    expect([...resetOnA.texts(), ...resetOnB.texts()]).not.toContain("Setelah reset");

    // An operator suspends the account through B: its streams end on A and on B.
    const suspended = await talk(a);
    const ops = await signedInUser(database, "operator");
    const [suspendedOnA, suspendedOnB] = await Promise.all([
      ready(a, suspended.shopper.token),
      ready(b, suspended.shopper.token),
    ]);
    const suspend = await fetch(`${b}/trpc/ops.users.suspend`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: ops.token },
      body: JSON.stringify({
        json: { id: suspended.shopper.id, reason: "Penipuan", idempotencyKey: newKey() },
      }),
    });
    expect(suspend.status).toBe(200);
    await suspended.storeWrites("Setelah ditangguhkan");
    await suspendedOnA.ended;
    await suspendedOnB.ended;
    expect([...suspendedOnA.texts(), ...suspendedOnB.texts()]).not.toContain("Setelah ditangguhkan");

    // From the security page, through A: the phone's session ended, then every other one: their streams end on
    // A and on B, and the asking session's stream on B stays.
    const devices = await talk(a);
    const [phone, tablet] = [await anotherSession(devices.shopper), await anotherSession(devices.shopper)];
    const [phoneOnA, phoneOnB, tabletOnB, mineOnB] = await Promise.all([
      ready(a, phone),
      ready(b, phone),
      ready(b, tablet),
      ready(b, devices.shopper.token),
    ]);
    const phoneId = (await callerFor(database, { token: phone }).account.sessions.list()).find(
      (s) => s.current,
    )!.id;
    const post = (path: string, json: unknown) =>
      fetch(`${a}/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: devices.shopper.token },
        body: JSON.stringify({ json }),
      });
    expect((await post("account.sessions.end", { id: phoneId })).status).toBe(200);
    await phoneOnA.ended;
    await phoneOnB.ended;
    expect((await post("account.sessions.endOthers", { password: testPassword })).status).toBe(200);
    await devices.storeWrites("Setelah semua perangkat lain keluar");
    await tabletOnB.ended;
    expect(tabletOnB.texts()).not.toContain("Setelah semua perangkat lain keluar");
    await mineOnB.next(messageWith("Setelah semua perangkat lain keluar"));
    mineOnB.close();

    for (const t of [signingOut, resetting, suspended, devices]) t.storeStream.close();
  });
});
