import { describe, expect, it } from "vitest";
import { noticesFor } from "../../../tests/setup/notices.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import {
  completedOrder,
  listing,
  merchantWithStore,
  supplyProduct,
  variantIn,
} from "../../../tests/setup/shop.ts";
import { database, form, ops, useMerchantsDatabase } from "../merchants/merchants-test-setup.ts";

// Issue 44: a chat message while the reader is away (the first unread of a burst), a store's answer to a review and a
// merchant application decided tell their reader once each; a refused event tells nobody.

useMerchantsDatabase();

const noticesOf = (userId: string) => noticesFor(database, userId);

describe("a chat message", () => {
  it("tells the other side of the first unread message of a burst only, until they read; each side likewise", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, await supplyProduct(database), 90_000);
    // A product card and a question: one message burst, one notice.
    const first = await shopper.api.chat.send({
      storeId: merchant.storeId,
      text: "Ukuran 42 ada?",
      about: { listingId },
    });
    const conversationId = first!.conversationId;
    await shopper.api.chat.send({ storeId: merchant.storeId, text: "Warna hitam ya" });
    await shopper.api.chat.send({ storeId: merchant.storeId, text: "Kirim hari ini?" });
    const [toStore] = await noticesOf(merchant.id);
    expect(await noticesOf(merchant.id)).toHaveLength(1);
    expect(toStore).toEqual({
      kind: "chatMessage",
      category: "chat",
      params: { name: expect.stringContaining("***"), preview: "Ukuran 42 ada?" },
      link: `/h5/merchant/chat/${conversationId}`,
    });
    // The store answers twice (its reading marks the shopper's messages read): the shopper is told once.
    const answer = await merchant.api.merchantChat.send({
      conversationId,
      text: "Ada, Kak. Hubungi 0812 3456 7890",
    });
    await merchant.api.merchantChat.send({ conversationId, text: "Dikirim sore ini." });
    const toShopper = await noticesOf(shopper.id);
    expect(toShopper).toHaveLength(1);
    expect(toShopper[0]).toMatchObject({ kind: "chatMessage", link: `/h5/chat/${merchant.storeId}` });
    // What the notice shows is what the shopper reads: the number masked.
    expect(toShopper[0]!.params.preview).toBe(answer.text);
    expect(toShopper[0]!.params.preview).not.toContain("3456");
    const [shown] = (await shopper.api.notifications.inbox.list({ category: "chat" })).items;
    expect(shown).toMatchObject({ title: expect.stringMatching(/^Toko Uji \d+$/), body: answer.text });
    // Once the shopper has read, the store's next message tells again; a picture says so.
    await shopper.api.chat.mark({ conversationId, upTo: Number.MAX_SAFE_INTEGER, read: true });
    const photo = new FormData();
    photo.set("to", conversationId);
    photo.set("picture", new File([await picture(200, 150, "jpeg")], "a.jpg", { type: "image/jpeg" }));
    await merchant.api.chat.sendPicture(photo);
    const en = await callerFor(database, { token: shopper.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items.map((n) => n.body)).toEqual(["Sent a picture", answer.text]);
    // A message refused (to a store that is not open to the sender, here the merchant's own) tells nobody.
    await failure(merchant.api.chat.send({ storeId: merchant.storeId, text: "halo" }));
    expect(await noticesOf(merchant.id)).toHaveLength(1);
  });
});

describe("a review answered", () => {
  it("tells its author of the store's first answer, not of a changed one", async () => {
    const o = await completedOrder(database, ops);
    const reviewForm = new FormData();
    reviewForm.set("orderId", o.orderId);
    reviewForm.set("variantId", await variantIn(database, o.orderId, o.listingId));
    reviewForm.set("rating", "4");
    reviewForm.set("text", "Bagus");
    const review = await o.shopper.api.reviews.write(reviewForm);
    await failure(o.shopper.api.merchantReviews.reply({ id: review.id, reply: "Bukan toko" }));
    await o.store.api.merchantReviews.reply({ id: review.id, reply: "Terima kasih, Kak!" });
    await o.store.api.merchantReviews.reply({ id: review.id, reply: "Terima kasih banyak, Kak!" });
    const told = (await noticesOf(o.shopper.id)).filter((n) => n.kind === "reviewReplied");
    expect(told).toEqual([
      {
        kind: "reviewReplied",
        category: "orders",
        params: { store: expect.stringMatching(/^Toko Uji/) },
        link: `/h5/products/${o.listingId}/reviews`,
      },
    ]);
    const zh = await callerFor(database, { token: o.shopper.token, lang: "zh" }).notifications.inbox.list({});
    expect(zh.items[0]!.body).toBe(`${told[0]!.params.store} 回复了您的评价。`);
  });
});

describe("a merchant application decided", () => {
  it("tells the applicant of an approval once (a repeated tap, none), and of a rejection with its reason", async () => {
    const applicant = await signedInUser(database);
    const application = await applicant.api.merchants.applyForStore(
      await form({ storeName: "Warung Kopi Nusantara" }),
    );
    const key = newKey();
    await ops.api.ops.merchants.approve({ id: application.id, idempotencyKey: key });
    await ops.api.ops.merchants.approve({ id: application.id, idempotencyKey: key });
    await failure(ops.api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() }));
    expect(await noticesOf(applicant.id)).toEqual([
      {
        kind: "merchantApproved",
        category: "account",
        params: { store: "Warung Kopi Nusantara" },
        link: "/h5/merchant",
      },
    ]);
    const [approved] = (await applicant.api.notifications.inbox.list({})).items;
    expect(approved).toMatchObject({
      title: "Toko Anda disetujui",
      body: "Selamat! Warung Kopi Nusantara sudah buka. Pilih produk dari katalog untuk mulai berjualan.",
    });

    const other = await signedInUser(database);
    const second = await other.api.merchants.applyForStore(await form({ storeName: "Toko Sepatu Bandung" }));
    await ops.api.ops.merchants.reject({
      id: second.id,
      reason: "Nomor telepon tidak aktif",
      idempotencyKey: newKey(),
    });
    const en = await callerFor(database, { token: other.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items).toMatchObject([
      {
        category: "account",
        title: "Store application rejected",
        body: "Your application for Toko Sepatu Bandung was rejected: Nomor telepon tidak aktif. You can fix it and apply again.",
        link: "/h5/merchant/apply",
      },
    ]);
  });
});
