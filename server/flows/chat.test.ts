import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chatAnswerHours } from "#common/chat.ts";
import { callerFor } from "../../tests/setup/caller.ts";
import { newKey, signedInUser } from "../../tests/setup/money.ts";
import { picture } from "../../tests/setup/pictures.ts";
import { listing, merchantWithStore, supplyProduct } from "../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createRateLimits } from "../platform/rate-limit.ts";
import { setClock } from "../platform/clock.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

let restoreClock: (() => void) | undefined;
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A shopper, and a store with a product listed. */
async function scene() {
  const shopper = await signedInUser(database);
  const merchant = await merchantWithStore(database);
  const product = await supplyProduct(database);
  const listingId = await listing(database, merchant.storeId, product, 90_000);
  return { shopper, merchant, listingId };
}

/** Unread counts as a direct count of the messages after each side's read mark. */
async function directUnread(conversationId: string) {
  const rows = await rowsOf<{ shopper: number; store: number }>(sql`
    select
      (select count(*)::int from chat_messages m where m.conversation_id = c.id and m.side = 'store' and m.id > c.shopper_read) as shopper,
      (select count(*)::int from chat_messages m where m.conversation_id = c.id and m.side = 'shopper' and m.id > c.store_read) as store
    from conversations c where c.id = ${conversationId}`);
  return rows[0]!;
}

describe("a conversation", () => {
  it("is between one shopper and one store: only they read and write it", async () => {
    const { shopper, merchant, listingId } = await scene();
    const first = await shopper.api.chat.send({
      storeId: merchant.storeId,
      text: "Ukuran 42 sesuai?",
      about: { listingId },
    });
    expect(first).toMatchObject({ side: "shopper", kind: "text", text: "Ukuran 42 sesuai?", masked: [] });
    const conversationId = first!.conversationId;

    // The product card came first, then the question.
    const thread = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect(thread.messages.map((m) => m.kind)).toEqual(["text", "product"]);
    expect(thread.messages[1]!.product).toMatchObject({ id: listingId, price: 90_000 });
    expect(thread).toMatchObject({ conversationId, mySide: "shopper", open: true });

    // The store sees it in its inbox, with the shopper's account masked.
    const inbox = await merchant.api.merchantChat.list({});
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ id: conversationId, unread: 2 });
    expect(inbox.items[0]!.party.name).not.toContain("@");
    expect(inbox.items[0]!.party.name).toContain("***");
    const answer = await merchant.api.merchantChat.send({ conversationId, text: "Sesuai, Kak." });
    expect(answer.side).toBe("store");

    // Nobody else: another shopper, another store, an operator.
    const stranger = await signedInUser(database);
    const otherMerchant = await merchantWithStore(database);
    await expect(otherMerchant.api.merchantChat.thread({ conversationId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(otherMerchant.api.merchantChat.send({ conversationId, text: "Halo" })).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
      },
    );
    await expect(
      stranger.api.chat.mark({ conversationId, upTo: answer.id, read: true }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      stranger.api.chat.report({ conversationId, reason: "abuse", note: "" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A stranger opening the store's chat sees their own, empty conversation, not the other shopper's.
    const theirs = await stranger.api.chat.thread({ storeId: merchant.storeId });
    expect(theirs).toMatchObject({ conversationId: null, messages: [] });
    expect((await stranger.api.chat.since({ after: 0 })).messages).toEqual([]);
    await expect(ops.api.chat.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(database).chat.unread()).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    // A merchant cannot chat with their own store.
    await expect(merchant.api.chat.send({ storeId: merchant.storeId, text: "Halo" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // A card of another store's product, or of someone else's order, is refused and nothing is written.
    const elsewhere = await listing(database, otherMerchant.storeId, await supplyProduct(database), 90_000);
    await expect(
      shopper.api.chat.send({ storeId: merchant.storeId, text: "Ini?", about: { listingId: elsewhere } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await shopper.api.chat.thread({ storeId: merchant.storeId })).messages).toHaveLength(3);
  });

  it("counts unread messages per side, and marks move forward only, never past the newest message", async () => {
    const { shopper, merchant } = await scene();
    let last = 0;
    for (const text of ["Halo", "Ready?", "Kirim hari ini?"]) {
      last = (await shopper.api.chat.send({ storeId: merchant.storeId, text }))!.id;
    }
    const { conversationId } = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect((await merchant.api.merchantChat.unread()).count).toBe(3);
    expect(await directUnread(conversationId!)).toEqual({ shopper: 0, store: 3 });

    // Delivered is not read.
    await merchant.api.chat.mark({ conversationId: conversationId!, upTo: last, read: false });
    let seen = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect(seen).toMatchObject({ otherDelivered: last, otherRead: 0 });
    expect((await merchant.api.merchantChat.unread()).count).toBe(3);

    // Reading the first two leaves one; a mark far ahead stops at the newest message; going back changes nothing.
    const firstTwo = seen.messages[1]!.id;
    await merchant.api.chat.mark({ conversationId: conversationId!, upTo: firstTwo, read: true });
    expect((await merchant.api.merchantChat.unread()).count).toBe(1);
    await merchant.api.chat.mark({ conversationId: conversationId!, upTo: last + 1000, read: true });
    await merchant.api.chat.mark({ conversationId: conversationId!, upTo: 1, read: true });
    seen = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect(seen).toMatchObject({ otherDelivered: last, otherRead: last });
    expect((await merchant.api.merchantChat.unread()).count).toBe(0);

    // The store answers: the shopper has one unread, the store's own message reads its side.
    await merchant.api.merchantChat.send({ conversationId: conversationId!, text: "Bisa, Kak" });
    expect((await shopper.api.chat.unread()).count).toBe(1);
    expect((await shopper.api.chat.list({})).unread).toBe(1);
    expect(await directUnread(conversationId!)).toEqual({ shopper: 1, store: 0 });
  });

  it("pages newest first, older pages on scroll; the polling fallback gives what came after an id", async () => {
    const { shopper, merchant } = await scene();
    const ids: number[] = [];
    // Twenty from the shopper, fifteen answers (one sender may write 30 a minute).
    for (let i = 1; i <= 35; i++) {
      const conversationId =
        i > 20 ? (await shopper.api.chat.thread({ storeId: merchant.storeId })).conversationId! : "";
      const sent =
        i <= 20
          ? await shopper.api.chat.send({ storeId: merchant.storeId, text: `Pesan ${i}` })
          : await merchant.api.merchantChat.send({ conversationId, text: `Pesan ${i}` });
      ids.push(sent!.id);
    }
    const page1 = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect(page1.messages).toHaveLength(30);
    expect(page1.messages[0]!.text).toBe("Pesan 35");
    const page2 = await shopper.api.chat.thread({ storeId: merchant.storeId, cursor: page1.nextCursor! });
    expect(page2.messages.map((m) => m.text)).toEqual([
      "Pesan 5",
      "Pesan 4",
      "Pesan 3",
      "Pesan 2",
      "Pesan 1",
    ]);
    expect(page2.nextCursor).toBeNull();

    const since = await merchant.api.chat.since({ after: ids[32]! });
    expect(since.messages.map((m) => m.text)).toEqual(["Pesan 34", "Pesan 35"]);
  });

  it("masks contacts written in other scripts, invisible characters, words and look-alikes (issue 40)", async () => {
    const { shopper, merchant } = await scene();
    const asked = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Bisa bayar langsung?" });
    const conversationId = asked!.conversationId;
    const tries: [typed: string, shown: string][] = [
      ["Bisa kak, WA ٠٨١٢\u200b٣٤٥٦\u200b٧٨٩٠ ya", "Bisa kak, WA ••• ya"],
      ["transfer Rp 1.234.567.890 ke BCA", "transfer Rp ••• ke BCA"],
      ["nolsatudua tigaempatlima enamtujuhdelapan", "•••"],
      ["cek linktr.ee/tokosaya atau nama＠gmail．com", "cek ••• atau •••"],
      // What the shop shows stays readable.
      [
        "pesanan P26121212345678 dikirim jam 14.30, Rp 150.000",
        "pesanan P26121212345678 dikirim jam 14.30, Rp 150.000",
      ],
    ];
    for (const [text] of tries) await merchant.api.merchantChat.send({ conversationId, text });
    const { messages } = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect(
      messages
        .slice(0, tries.length)
        .reverse()
        .map((m) => m.text),
    ).toEqual(tries.map(([, shown]) => shown));
  });

  it("masks contact details for the reader, keeps what was typed for the operator, and counts the store's attempts", async () => {
    const { shopper, merchant } = await scene();
    const asked = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Ada stok?" });
    const conversationId = asked!.conversationId;
    const tries = [
      "Transfer ke BCA 1234567890 a.n. Budi ya kak",
      "WA aja 0812 3456 7890",
      "Chat me at zero eight one two three four five six seven eight nine",
      "加我微信 零八一二三四五六七八九零",
      "Cek di www.toko-murah.com atau budi@gmail.com",
    ];
    for (const text of tries) await merchant.api.merchantChat.send({ conversationId, text });
    const { messages } = await shopper.api.chat.thread({ storeId: merchant.storeId });
    const shown = messages.slice(0, tries.length).reverse();
    for (const [i, m] of shown.entries()) {
      expect(m.masked.length, tries[i]).toBeGreaterThan(0);
      expect(m.text).toContain("•••");
    }
    expect(shown[0]!.text).not.toContain("1234567890");
    expect(shown[0]!.masked).toEqual(["account"]);
    expect(shown[1]!.text).toBe("WA aja •••");
    expect(shown[1]!.masked).toEqual(["phone"]);
    expect(shown[4]!.masked).toEqual(expect.arrayContaining(["email", "link"]));
    // Ordinary shop talk is left alone.
    const ok = await merchant.api.merchantChat.send({
      conversationId,
      text: "Harga Rp 150.000, ukuran 42 ready",
    });
    expect(ok).toMatchObject({ text: "Harga Rp 150.000, ukuran 42 ready", masked: [] });

    // Reported, the operator reads every message as typed and as shown; each reading is audited.
    await shopper.api.chat.report({ conversationId, reason: "offPlatform", note: "Minta transfer langsung" });
    await expect(
      shopper.api.chat.report({ conversationId, reason: "fraud", note: "" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const reports = await ops.api.ops.chats.reports({});
    const report = reports.items.find((r) => r.conversationId === conversationId)!;
    expect(report).toMatchObject({
      reason: "offPlatform",
      side: "shopper",
      storeMaskedAttempts: tries.length,
    });
    expect(report.reporter).toBe(shopper.email);

    const audits = async () =>
      (
        await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from audit_log where action = 'chat.read' and subject_id = ${conversationId}`,
        )
      )[0]!.n;
    const opened = await ops.api.ops.chats.open({ conversationId });
    expect(opened.messages.find((m) => m.written.includes("1234567890"))?.text).not.toContain("1234567890");
    expect(opened.messages).toHaveLength(tries.length + 2);
    await ops.api.ops.chats.open({ conversationId });
    expect(await audits()).toBe(2);
    // Only operators; and only reported conversations.
    await expect(merchant.api.ops.chats.open({ conversationId })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const other = await scene();
    const quiet = await other.shopper.api.chat.send({ storeId: other.merchant.storeId, text: "Halo" });
    await expect(ops.api.ops.chats.open({ conversationId: quiet!.conversationId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    await ops.api.ops.chats.close({ id: report.id });
    expect((await ops.api.ops.chats.reports({})).items.some((r) => r.id === report.id)).toBe(false);
    expect(
      (await ops.api.ops.chats.reports({ status: "closed" })).items.some((r) => r.id === report.id),
    ).toBe(true);
    // Closed, the shopper may report again.
    await shopper.api.chat.report({ conversationId, reason: "fraud", note: "" });
  });

  it("a store suspended for abuse cannot write, and shoppers cannot write to it", async () => {
    const { shopper, merchant } = await scene();
    const first = await shopper.api.chat.send({ storeId: merchant.storeId, text: "Halo" });
    await ops.api.ops.merchants.suspend({
      storeId: merchant.storeId,
      reason: "Penipuan lewat chat",
      idempotencyKey: newKey(),
    });
    await expect(
      merchant.api.merchantChat.send({ conversationId: first!.conversationId, text: "Transfer ke sini" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const english = callerFor(database, { token: shopper.token, lang: "en" });
    await expect(english.chat.send({ storeId: merchant.storeId, text: "Hello?" })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "This store cannot be contacted right now",
    });
    expect((await shopper.api.chat.thread({ storeId: merchant.storeId })).open).toBe(false);
  });

  it("limits how fast one sender writes, with a translated answer, and writes nothing then", async () => {
    const { shopper, merchant } = await scene();
    const limits = createRateLimits();
    const zh = callerFor(database, { token: shopper.token, lang: "zh", limits });
    for (let i = 0; i < 30; i++) await zh.chat.send({ storeId: merchant.storeId, text: `第${i}条` });
    await expect(zh.chat.send({ storeId: merchant.storeId, text: "再来" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^消息发送过于频繁，请 \d+ 秒后再试。$/),
    });
    expect((await shopper.api.chat.thread({ storeId: merchant.storeId })).messages[0]!.text).toBe("第29条");
  });

  it("takes pictures resized like every upload, and refuses what is not a picture", async () => {
    const { shopper, merchant } = await scene();
    const form = new FormData();
    form.set("to", merchant.storeId);
    form.set("picture", new File([await picture(1600, 1200, "jpeg")], "a.jpg", { type: "image/jpeg" }));
    const sent = await shopper.api.chat.sendPicture(form);
    expect(sent.kind).toBe("image");
    expect(sent.image!.width).toBeLessThanOrEqual(1080);
    const bad = new FormData();
    bad.set("to", sent.conversationId);
    bad.set("picture", new File([new TextEncoder().encode("not an image")], "x.jpg", { type: "image/jpeg" }));
    await expect(merchant.api.chat.sendPicture(bad)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const stranger = await signedInUser(database);
    const theirs = new FormData();
    theirs.set("to", sent.conversationId);
    theirs.set("picture", new File([await picture(100, 100, "jpeg")], "b.jpg", { type: "image/jpeg" }));
    await expect(stranger.api.chat.sendPicture(theirs)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await shopper.api.chat.thread({ storeId: merchant.storeId })).messages).toHaveLength(1);
  });
});

describe("the store's away message and quick replies", () => {
  it("answers for the store once while it is away, and never counts as the store's answer", async () => {
    const { shopper, merchant } = await scene();
    await expect(
      merchant.api.merchantChat.saveSettings({ awayEnabled: true, awayMessage: "" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await merchant.api.merchantChat.saveSettings({
      awayEnabled: true,
      awayMessage: "Kami libur sampai Senin, pesan dibalas secepatnya.",
    });
    await shopper.api.chat.send({ storeId: merchant.storeId, text: "Halo" });
    await shopper.api.chat.send({ storeId: merchant.storeId, text: "Masih buka?" });
    const { messages } = await shopper.api.chat.thread({ storeId: merchant.storeId });
    expect(messages.map((m) => [m.side, m.auto])).toEqual([
      ["shopper", false],
      ["store", true],
      ["shopper", false],
    ]);
    expect((await callerFor(database).chat.storeStats({ storeId: merchant.storeId })).turns).toBe(0);

    for (let i = 1; i <= 10; i++) await merchant.api.merchantChat.addQuickReply({ text: `Balasan ${i}` });
    await expect(merchant.api.merchantChat.addQuickReply({ text: "Satu lagi" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const settings = await merchant.api.merchantChat.settings();
    expect(settings.quickReplies).toHaveLength(10);
    const other = await merchantWithStore(database);
    await expect(
      other.api.merchantChat.removeQuickReply({ id: settings.quickReplies[0]!.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await merchant.api.merchantChat.removeQuickReply({ id: settings.quickReplies[0]!.id });
    expect((await merchant.api.merchantChat.settings()).quickReplies.map((q) => q.text)[0]).toBe("Balasan 2");
  });
});

describe("the store's response figures", () => {
  it("come from the messages of the last 30 days and match a direct computation", async () => {
    const { merchant } = await scene();
    const start = new Date("2026-10-20T01:00:00Z").getTime();
    let at = start;
    restoreClock = setClock(() => new Date(at));
    const minutes = (n: number) => n * 60_000;
    // Each shopper's conversation: [shopper writes, minutes until the store answers or null] per turn.
    const plans: (number | null)[][] = [
      [5, 30],
      [90],
      [null],
      [2, 600, 15],
      [1000], // answered after more than 12 hours: not in time
    ];
    const shoppers = await Promise.all(plans.map(() => signedInUser(database)));
    const log: { side: "shopper" | "store"; at: number; conversation: number }[] = [];
    for (const [i, plan] of plans.entries()) {
      for (const delay of plan) {
        at += minutes(60);
        await shoppers[i]!.api.chat.send({ storeId: merchant.storeId, text: "Tanya dong" });
        log.push({ side: "shopper", at, conversation: i });
        if (delay === null) continue;
        at += minutes(delay);
        const id = (await merchant.api.merchantChat.list({})).items.find((c) => c.unread > 0)!.id;
        await merchant.api.merchantChat.send({ conversationId: id, text: "Siap" });
        await merchant.api.chat.mark({ conversationId: id, upTo: Number.MAX_SAFE_INTEGER, read: true });
        log.push({ side: "store", at, conversation: i });
      }
    }
    // A day later every unanswered turn is due.
    at += minutes(60 * 24);
    const stats = await callerFor(database).chat.storeStats({ storeId: merchant.storeId });

    // The direct computation: a turn is a shopper message after none or after the store's; answered in time when
    // the store's next message comes within 12 hours.
    const turns: { answeredIn: number | null }[] = [];
    for (let c = 0; c < plans.length; c++) {
      const messages = log.filter((m) => m.conversation === c);
      messages.forEach((m, i) => {
        if (m.side !== "shopper" || (i > 0 && messages[i - 1]!.side !== "store")) return;
        const answer = messages.slice(i + 1).find((r) => r.side === "store");
        turns.push({ answeredIn: answer ? (answer.at - m.at) / 60_000 : null });
      });
    }
    const inTime = turns.filter((t) => t.answeredIn !== null && t.answeredIn <= chatAnswerHours * 60);
    const sorted = inTime.map((t) => t.answeredIn!).sort((a, b) => a - b);
    const median =
      sorted.length % 2
        ? sorted[(sorted.length - 1) / 2]!
        : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    expect(stats.turns).toBe(turns.length);
    expect(stats.responseRate).toBe(Math.round((inTime.length * 100) / turns.length));
    expect(stats.typicalMinutes).toBe(Math.round(median));
    expect(stats).toEqual({ turns: 8, responseRate: 75, typicalMinutes: 23 });

    // Thirty days on, none of it counts.
    at += 31 * 24 * 60 * 60_000;
    expect(await callerFor(database).chat.storeStats({ storeId: merchant.storeId })).toEqual({
      turns: 0,
      responseRate: null,
      typicalMinutes: null,
    });
  });
});
