import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, rowsOf, silentLog, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { startTestServer } from "../../../tests/setup/server.ts";
import { latestCode } from "../../../tests/setup/accounts.ts";
import { signedInUser } from "../../../tests/setup/money.ts";
import { createWebPushSender, generateVapidKeys } from "../../adapters/webpush/webpush.adapter.ts";
import { startWebPushSimulator, type WebPushSimulator } from "../../adapters/webpush/webpush.simulator.ts";
import { createWhatsAppSender } from "../../adapters/whatsapp/whatsapp.adapter.ts";
import {
  startWhatsAppSimulator,
  type WhatsAppSimulator,
} from "../../adapters/whatsapp/whatsapp.simulator.ts";
import { transact } from "../../db/transaction.ts";
import { notifyUser } from "../../modules/notifications/inbox.service.ts";
import { setClock } from "../../platform/clock.ts";
import type { NotificationKind } from "#common/contracts/notifications.ts";
import type { NotificationCategory } from "#common/notifications.ts";
import { deliverNotification, useNotificationSenders } from "./deliver.ts";

// Issue 44: a notification reaches its person's phone (web push), WhatsApp and e-mail, each once, through the
// providers' simulators: the push service decrypts what it gets with the subscription's keys, WhatsApp checks the
// template. Choices apply from the next job, promotions wait out quiet hours, a 410 device is forgotten.

let database: TestDatabase;
let push: WebPushSimulator;
let wa: WhatsAppSimulator;
let server: Awaited<ReturnType<typeof startTestServer>>;
const restore: (() => void)[] = [];
const vapid = { subject: "mailto:ops@pasar.test", ...generateVapidKeys() };
const waConfig = {
  accessToken: "EAAG-test-token",
  appSecret: "app-secret-for-tests",
  phoneNumberId: "106540352242922",
  verifyToken: "verify-token-for-tests",
};

beforeAll(async () => {
  database = await createTestDatabase();
  push = await startWebPushSimulator();
  server = await startTestServer(database);
  wa = await startWhatsAppSimulator({
    ...waConfig,
    webhookUrl: `${server.url}/notify/whatsapp`,
    autoStatuses: [],
    retryDelaysMs: [10],
  });
  useNotificationSenders(database.db, {
    push: createWebPushSender({ vapid, extraOrigins: [push.url], timeoutMs: 2000 }),
    whatsapp: createWhatsAppSender({ ...waConfig, apiUrl: wa.url }),
    channels: {},
    publicUrl: "https://pasar.test",
    pushOrigins: [push.url],
    log: silentLog,
  });
});
afterAll(async () => {
  await push.close();
  await server.close();
  await wa.close();
  await database.destroy();
});
afterEach(() => {
  for (const r of restore.splice(0)) r();
});

/** A shopper with a phone (for WhatsApp), an e-mail, and this browser's push subscription. */
async function person(opts: { lang?: "ind" | "en" | "zh"; zone?: "WIB" | "WITA" | "WIT" } = {}) {
  const phone = `+62812${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const user = await signedInUser(database);
  await database.db.execute(sql`update users set phone = ${phone} where id = ${user.id}`);
  const api = callerFor(database, { token: user.token, lang: opts.lang ?? "ind" });
  const device = push.control.subscribe({ applicationServerKey: vapid.publicKey });
  await api.notifications.subscribePush(device);
  if (opts.lang || opts.zone) await api.notifications.saveSettings({ choices: {}, zone: opts.zone ?? "WIB" });
  return { ...user, api, phone, device };
}

async function notify(
  userId: string,
  kind: NotificationKind = "orderShipped",
  category: NotificationCategory = "orders",
) {
  await transact(database.db, (tx) =>
    notifyUser(tx, {
      userId,
      category,
      kind,
      params: { code: "P26113000000001", courier: "JNE REG", waybill: "JX1" },
      link: "/h5/order/detail?id=ord_x",
    }),
  );
}

const deliveries = (userId: string) =>
  rowsOf(
    database,
    sql`select channel, status, reason from notification_deliveries where user_id = ${userId} order by channel`,
  );

describe("a notification's deliveries", () => {
  it("reach the phone (decrypted by the push service), WhatsApp (the order template) and not e-mail (off for orders), once each, in the person's language", async () => {
    const p = await person({ lang: "en" });
    await notify(p.id);
    expect(await database.jobs.runDue()).toBeGreaterThanOrEqual(2);
    const got = push.control.messagesFor(p.device.endpoint);
    expect(got.map((m) => m.json)).toEqual([
      {
        title: "Order shipped",
        body: expect.stringContaining("P26113000000001"),
        link: "/en/h5/order/detail?id=ord_x",
        tag: expect.stringMatching(/^ntf_/),
      },
    ]);
    expect(got[0]!.vapid.publicKey).toBe(vapid.publicKey);
    const sent = wa.control.messages.filter((m) => m.waId === p.phone.slice(1));
    expect(sent.map((m) => [m.template, m.language, m.bodyParams])).toEqual([
      ["order_update", "en", ["P26113000000001", "Order shipped"]],
    ]);
    expect(await deliveries(p.id)).toEqual([
      { channel: "push", status: "sent", reason: null },
      { channel: "whatsapp", status: "sent", reason: null },
    ]);
    // Run again (a retried job): nothing is sent twice.
    const tag = (got[0]!.json as { tag: string }).tag;
    await deliverNotification(database.db, `${tag}:push`);
    await deliverNotification(database.db, `${tag}:whatsapp`);
    expect(push.control.messagesFor(p.device.endpoint)).toHaveLength(1);
    expect(wa.control.messages.filter((m) => m.waId === p.phone.slice(1))).toHaveLength(1);
  });

  it("a payment notice goes by e-mail too (it cannot be switched off), to the local outbox without a mailer", async () => {
    const p = await person();
    await p.api.notifications.saveSettings({
      choices: { payments: { email: false, push: false } },
      zone: "WIB",
    });
    await notify(p.id, "withdrawalPaid", "payments");
    await database.jobs.runDue();
    const mail = await rowsOf(
      database,
      sql`select subject, body from dev_outbox where recipient = ${p.email} and channel = 'email'`,
    );
    expect(mail).toEqual([
      { subject: "Penarikan dana dibayarkan", body: expect.stringContaining("https://pasar.test/h5/") },
    ]);
    expect(push.control.messagesFor(p.device.endpoint)).toHaveLength(1);
  });

  it("an opt-out applies from the next job: one queued before it is not sent", async () => {
    const p = await person();
    await notify(p.id);
    await p.api.notifications.saveSettings({
      choices: { orders: { push: false, whatsapp: false } },
      zone: "WIB",
    });
    await database.jobs.runDue();
    expect(push.control.messagesFor(p.device.endpoint)).toEqual([]);
    expect(await deliveries(p.id)).toEqual([
      { channel: "push", status: "skipped", reason: "optedOut" },
      { channel: "whatsapp", status: "skipped", reason: "optedOut" },
    ]);
    // And the next notification plans no delivery at all.
    await notify(p.id);
    expect(await deliveries(p.id)).toHaveLength(2);
  });

  it("a promotion at 22:00 WITA waits for 08:00 WITA; at most one promotional push a day", async () => {
    const p = await person({ zone: "WITA" });
    await p.api.notifications.saveSettings({ choices: { promotions: { push: true } }, zone: "WITA" });
    // 22:00 WITA is 14:00 UTC.
    restore.push(setClock(() => new Date("2026-12-01T14:00:00Z")));
    await notify(p.id, "orderShipped", "promotions");
    await notify(p.id, "orderShipped", "promotions");
    await database.jobs.runDue();
    expect(push.control.messagesFor(p.device.endpoint)).toEqual([]);
    const due = await rowsOf(
      database,
      sql`select due_at from notification_deliveries where user_id = ${p.id}`,
    );
    expect(due.map((r) => new Date(r.due_at as string).toISOString())).toEqual([
      "2026-12-02T00:00:00.000Z",
      "2026-12-02T00:00:00.000Z",
    ]);
    restore.push(setClock(() => new Date("2026-12-02T00:00:30Z")));
    await database.jobs.runDue();
    expect(push.control.messagesFor(p.device.endpoint)).toHaveLength(1);
    expect((await deliveries(p.id)).map((d) => d.reason).sort()).toEqual(["dailyCap", null]);
  });

  it("a device its push service says is gone (410) is forgotten after one try", async () => {
    const p = await person();
    push.control.answer(p.device.endpoint, 410, { times: Infinity });
    await notify(p.id);
    await database.jobs.runDue();
    expect(
      await rowsOf(database, sql`select id from push_subscriptions where endpoint = ${p.device.endpoint}`),
    ).toEqual([]);
    expect((await deliveries(p.id))[0]).toEqual({ channel: "push", status: "skipped", reason: "gone" });
    // The next notification plans no push.
    await notify(p.id);
    expect((await deliveries(p.id)).filter((d) => d.channel === "push")).toHaveLength(1);
  });

  it("a delivery taken by an instance that died mid-send is never sent again; two runners at once send once", async () => {
    const p = await person();
    await notify(p.id);
    const [row] = await rowsOf(
      database,
      sql`update notification_deliveries set status = 'sending', claimed_at = now() - interval '10 minutes' where user_id = ${p.id} and channel = 'push' returning notification_id`,
    );
    const id = row!.notification_id as string;
    await Promise.all([deliverNotification(database.db, `${id}:push`), database.jobs.runDue()]);
    expect(push.control.messagesFor(p.device.endpoint)).toEqual([]);
    expect((await deliveries(p.id))[0]).toEqual({
      channel: "push",
      status: "unknown",
      reason: "interrupted",
    });

    await notify(p.id, "orderDelivered");
    const [next] = await rowsOf(
      database,
      sql`select notification_id from notification_deliveries where user_id = ${p.id} and channel = 'push' and status = 'queued'`,
    );
    await Promise.all(
      Array.from({ length: 4 }, () =>
        deliverNotification(database.db, `${next!.notification_id as string}:push`),
      ),
    );
    expect(push.control.messagesFor(p.device.endpoint)).toHaveLength(1);
  });

  it("a subscription must name a push service: any other address is refused, in the person's language", async () => {
    const p = await person();
    const bad = { ...push.control.subscribe(), endpoint: "https://evil.example/push/1" };
    const refused = await p.api.notifications.subscribePush(bad).catch((e: Error) => e.message);
    expect(refused).toBe("Alamat notifikasi dari browser ini tidak dikenali.");
    expect(
      await rowsOf(database, sql`select id from push_subscriptions where endpoint = ${bad.endpoint}`),
    ).toEqual([]);
  });

  // 100 in the suite (about 5 s); `npm run test:notify-load` runs it with the 1,000 (23 s on 2 cores).
  const n = Number(process.env.NOTIFY_LOAD ?? 100);
  it(`${n} order updates: ${n} in the centre, each sent once on the phone and once on WhatsApp, one runner dying mid-send`, async () => {
    const p = await person();
    for (let batch = 0; batch < n / 100; batch++) {
      await transact(database.db, async (tx) => {
        for (let i = 0; i < 100; i++) {
          await notifyUser(tx, {
            userId: p.id,
            category: "orders",
            kind: "orderShipped",
            params: { code: `P${batch}-${i}`, courier: "JNE", waybill: "X" },
          });
        }
      });
    }
    // Two runners work the queue at once, and one of them dies with a send in flight (its delivery stays taken).
    const [taken] = await rowsOf(
      database,
      sql`update notification_deliveries set status = 'sending', claimed_at = now() - interval '10 minutes' where (notification_id, channel) in (select notification_id, channel from notification_deliveries where user_id = ${p.id} and channel = 'push' limit 1) returning notification_id`,
    );
    await Promise.all([database.jobs.runDue(), database.jobs.runDue()]);
    expect((await p.api.notifications.inbox.unread()).total).toBe(n);
    const tags = push.control.messagesFor(p.device.endpoint).map((m) => (m.json as { tag: string }).tag);
    expect(tags).toHaveLength(n - 1);
    expect(new Set(tags).size).toBe(n - 1);
    expect(tags).not.toContain(taken!.notification_id);
    const wamessages = wa.control.messages.filter((m) => m.waId === p.phone.slice(1));
    expect(new Set(wamessages.map((m) => m.deliveryId)).size).toBe(n);
    expect(wamessages).toHaveLength(n);
  }, 120_000);

  it("WhatsApp's webhook: the handshake answers only the verify token; a verified status settles a send whose answer was lost, a failure is kept, a forged one changes nothing", async () => {
    expect((await wa.control.verifyWebhook()).accepted).toBe(true);
    expect((await wa.control.verifyWebhook({ token: "not-the-token" })).accepted).toBe(false);

    const p = await person();
    await notify(p.id);
    await database.jobs.runDue();
    const [sent] = wa.control.messages.filter((m) => m.waId === p.phone.slice(1));
    // As if the answer had been lost: the shop does not know it went.
    await database.db.execute(
      sql`update notification_deliveries set status = 'unknown' where user_id = ${p.id} and channel = 'whatsapp'`,
    );
    await wa.control.sendForged(sent!.wamid);
    await wa.control.idle();
    expect((await deliveries(p.id)).find((d) => d.channel === "whatsapp")!.status).toBe("unknown");
    await wa.control.advance(sent!.wamid, "delivered");
    await wa.control.idle();
    expect((await deliveries(p.id)).find((d) => d.channel === "whatsapp")).toEqual({
      channel: "whatsapp",
      status: "sent",
      reason: null,
    });

    // A number that cannot get WhatsApp messages: taken, then failed by webhook.
    const q = await person();
    wa.control.undeliverable(q.phone);
    await notify(q.id);
    await database.jobs.runDue();
    await wa.control.idle();
    const failed = (await deliveries(q.id)).find((d) => d.channel === "whatsapp")!;
    expect(failed.status).toBe("failed");
    expect(failed.reason).toMatch(/^131026 /);
  });

  it("a sign-in code for a phone goes by WhatsApp's authentication template (copy-code button), by SMS when WhatsApp cannot take it", async () => {
    const p = await person();
    const visitor = callerFor(database, { lang: "en" });
    await visitor.auth.sendCode({ account: p.phone, purpose: "login" });
    const [byWhatsApp] = wa.control.messages.filter(
      (m) => m.waId === p.phone.slice(1) && m.template === "auth_code",
    );
    expect(byWhatsApp!.language).toBe("en");
    expect(byWhatsApp!.bodyParams).toEqual([byWhatsApp!.buttonParam]);
    const sms = () =>
      rowsOf(database, sql`select body from dev_outbox where recipient = ${p.phone} and channel = 'sms'`);
    expect(await sms()).toEqual([]);
    // The code WhatsApp carried signs in.
    const session = await visitor.auth.signIn({
      method: "code",
      account: p.phone,
      code: byWhatsApp!.buttonParam!,
    });
    expect(session.token).toEqual(expect.any(String));

    // Meta refuses it (the number is not on WhatsApp): the code goes by SMS instead.
    const q = await person();
    wa.control.failNext(131026);
    await visitor.auth.sendCode({ account: q.phone, purpose: "login" });
    expect(wa.control.messages.filter((m) => m.waId === q.phone.slice(1))).toEqual([]);
    expect(await rowsOf(database, sql`select channel from dev_outbox where recipient = ${q.phone}`)).toEqual([
      { channel: "sms" },
    ]);
  });

  it("a device whose session ended (signed out) gets nothing and is forgotten; security notices go by e-mail even from the auth module's own transactions", async () => {
    const p = await person();
    await p.api.auth.signOut();
    await notify(p.id);
    await database.jobs.runDue();
    expect(push.control.messagesFor(p.device.endpoint)).toEqual([]);
    expect(
      await rowsOf(database, sql`select id from push_subscriptions where endpoint = ${p.device.endpoint}`),
    ).toEqual([]);

    // A password reset (the auth module's transaction) plans its e-mail like any other notice.
    const visitor = callerFor(database);
    await visitor.auth.sendCode({ account: p.email, purpose: "reset" });
    const code = await latestCode(database, p.email);
    await visitor.auth.resetPassword({
      account: p.email,
      password: "baru12345",
      confirmPassword: "baru12345",
      code,
    });
    await database.jobs.runDue();
    expect(
      await rowsOf(
        database,
        sql`select subject from dev_outbox where recipient = ${p.email} and channel = 'email' and subject = 'Kata sandi diubah'`,
      ),
    ).toHaveLength(1);
  });

  it("promotions due together at 08:00 push once however many runners take them at once", async () => {
    const p = await person({ zone: "WIB" });
    await p.api.notifications.saveSettings({ choices: { promotions: { push: true } }, zone: "WIB" });
    restore.push(setClock(() => new Date("2026-12-03T15:00:00Z")));
    for (let i = 0; i < 3; i++) await notify(p.id, "orderShipped", "promotions");
    restore.push(setClock(() => new Date("2026-12-04T01:00:00Z")));
    const ids = await rowsOf(
      database,
      sql`select notification_id from notification_deliveries where user_id = ${p.id} and channel = 'push'`,
    );
    await Promise.all(
      ids.map((r) => deliverNotification(database.db, `${r.notification_id as string}:push`)),
    );
    expect(push.control.messagesFor(p.device.endpoint)).toHaveLength(1);
  });
});
