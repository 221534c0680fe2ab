import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import {
  completedOrder,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
  variantIn,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { checkLedger } from "../ledger/ledger.service.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

/** A review's multipart form, as the page sends it. */
async function reviewForm(fields: Record<string, string>, photos = 0) {
  const form = new FormData();
  const { listingId, ...rest } = fields;
  for (const [k, v] of Object.entries(rest)) form.set(k, v);
  if (listingId && !rest.variantId)
    form.set("variantId", await variantIn(database, fields.orderId!, listingId));
  for (let i = 0; i < photos; i++) {
    form.append("photos", new File([await picture(1200, 900, "jpeg")], `p${i}.jpg`, { type: "image/jpeg" }));
  }
  return form;
}

describe("writing a review", () => {
  it("is for the buyer of a completed order only, once per item; the order then leaves 'pending review'", async () => {
    const { shopper, orderId, listingIds } = await completedOrder(database, ops, { products: 2 });
    const [first, second] = listingIds as [string, string];
    expect((await shopper.api.orders.counts()).pending_review).toBe(1);
    expect((await shopper.api.orders.list({ tab: "pending_review" })).items.map((o) => o.id)).toEqual([
      orderId,
    ]);

    // Someone else, even another shopper, cannot review it; nor an item not in the order.
    const stranger = await signedInUser(database);
    await expect(
      stranger.api.reviews.write(await reviewForm({ orderId, listingId: first, rating: "5", text: "Bagus" })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const otherSupply = await supplyProduct(database);
    const other = await merchantWithStore(database);
    const otherListing = await listing(database, other.storeId, otherSupply, 90_000);
    await expect(
      shopper.api.reviews.write(
        await reviewForm({ orderId, listingId: otherListing, rating: "5", text: "" }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const review = await shopper.api.reviews.write(
      await reviewForm({ orderId, listingId: first, rating: "4", text: "Kain halus,\nwarna sesuai." }, 2),
    );
    expect(review).toMatchObject({ rating: 4, text: "Kain halus,\nwarna sesuai.", mine: true, hidden: null });
    // Photos are stored resized into the pages' widths, never larger than 1080 px.
    expect(review.images).toHaveLength(2);
    expect(review.images[0]!.width).toBeLessThanOrEqual(1080);
    expect(review.images[0]!.widths).toContain(160);
    // Once per item.
    await expect(
      shopper.api.reviews.write(await reviewForm({ orderId, listingId: first, rating: "1", text: "" })),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // Still pending review until every item is reviewed.
    expect((await shopper.api.orders.counts()).pending_review).toBe(1);
    await shopper.api.reviews.write(await reviewForm({ orderId, listingId: second, rating: "5", text: "" }));
    expect((await shopper.api.orders.counts()).pending_review).toBe(0);
    const page = await shopper.api.reviews.forOrder({ orderId });
    expect(page.open).toBe(true);
    expect(page.items.map((i) => i.review?.rating)).toEqual([4, 5]);
  });

  it("is refused before receipt, and for bad stars, long text or too many photos (nothing stored)", async () => {
    const store = await merchantWithStore(database, { autoPay: true });
    const supply = await supplyProduct(database);
    const listingId = await listing(database, store.storeId, supply, 100_000);
    const shopper = await shopperWithMoney(database, ops, 500_000);
    const { orderIds } = await placeOrder(shopper.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const orderId = orderIds[0]!;
    await expect(
      shopper.api.reviews.write(await reviewForm({ orderId, listingId, rating: "5", text: "" })),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await shopper.api.reviews.forOrder({ orderId })).open).toBe(false);

    // Over HTTP the messages are translated.
    const app = createTestApp(database);
    const done = await completedOrder(database, ops);
    const send = async (form: FormData, lang = "en") => {
      const res = await app.request("/trpc/reviews.write", {
        method: "POST",
        headers: { authorization: done.shopper.token, lang },
        body: form,
      });
      return { status: res.status, body: JSON.stringify(await res.json()) };
    };
    const base = { orderId: done.orderId, listingId: done.listingId, text: "" };
    let res = await send(await reviewForm({ ...base, rating: "6" }));
    expect(res.status).toBe(400);
    expect(res.body).toContain("Choose 1 to 5 stars.");
    res = await send(await reviewForm({ ...base, rating: "5", text: "x".repeat(501) }), "ind");
    expect(res.body).toContain("Ulasan maksimal 500 karakter.");
    res = await send(await reviewForm({ ...base, rating: "5" }, 4), "zh");
    expect(res.body).toContain("最多 3 张照片。");
    const notAnImage = await reviewForm({ ...base, rating: "5" });
    notAnImage.append("photos", new File([new Uint8Array([1, 2, 3, 4])], "x.jpg", { type: "image/jpeg" }));
    res = await send(notAnImage);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain("sharp");
    expect((await done.shopper.api.reviews.forOrder({ orderId: done.orderId })).items[0]!.review).toBeNull();
  });
});

describe("two variants of one product in one order", () => {
  it("each variant is reviewed on its own; the order leaves 'pending review' only when both are", async () => {
    const { shopper, orderId, listingId, variantIds } = await completedOrder(database, ops, {
      variants: ["Hitam/42", "Putih/41"],
    });
    const [hitam42, putih41] = variantIds as [string, string];
    const page = await callerFor(database, { token: shopper.token, lang: "en" }).reviews.forOrder({
      orderId,
    });
    // Both items, each with its own variant (in the order's item order: ids made within a millisecond sort by chance).
    const rows = page.items.map((i) => [i.listingId, i.variantId, i.variantLabel, i.review]);
    expect(rows.sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      [listingId, hitam42, "Hitam / 42", null],
      [listingId, putih41, "Putih / 41", null],
    ]);
    expect((await shopper.api.orders.counts()).pending_review).toBe(1);
    await shopper.api.reviews.write(
      await reviewForm({ orderId, variantId: hitam42, rating: "5", text: "Hitamnya pas." }),
    );
    // Reviewing one variant is not reviewing the product's other variant in the order.
    expect((await shopper.api.orders.counts()).pending_review).toBe(1);
    expect((await shopper.api.orders.list({ tab: "pending_review" })).items.map((o) => o.id)).toEqual([
      orderId,
    ]);
    await expect(
      shopper.api.reviews.write(await reviewForm({ orderId, variantId: hitam42, rating: "1", text: "" })),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await shopper.api.reviews.write(
      await reviewForm({ orderId, variantId: putih41, rating: "3", text: "Putihnya agak kecil." }),
    );
    expect((await shopper.api.orders.counts()).pending_review).toBe(0);
    // Items come in variant id order, and two variants made in one millisecond have ids in random order.
    const byId = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(
      (await shopper.api.reviews.forOrder({ orderId })).items
        .map((i) => [i.variantId, i.review?.rating])
        .sort(byId),
    ).toEqual(
      [
        [hitam42, 5],
        [putih41, 3],
      ].sort(byId),
    );
    // Both are the listing's reviews.
    const reviews = await callerFor(database).reviews.forProduct({ listingId });
    expect(reviews.summary).toMatchObject({ average: 4, count: 2 });
    expect(reviews.items.map((r) => r.text).sort()).toEqual(["Hitamnya pas.", "Putihnya agak kecil."]);
  });
});

describe("reading, replying, editing, hiding", () => {
  it("shows the product's rating and reviews newest first, with photos filter, masked names and the store's reply", async () => {
    const one = await completedOrder(database, ops);
    const listingId = one.listingId;
    // A second buyer of the same listing.
    const buyer = await shopperWithMoney(database, ops, 500_000);
    const { orderIds } = await placeOrder(buyer.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: buyer.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    await ops.api.ops.orders.ship({
      id: orderIds[0]!,
      idempotencyKey: newKey(),
    });
    await buyer.api.orders.confirm({ id: orderIds[0]!, idempotencyKey: newKey() });

    await one.shopper.api.reviews.write(
      await reviewForm({ orderId: one.orderId, listingId, rating: "5", text: "Mantap" }, 1),
    );
    const second = await buyer.api.reviews.write(
      await reviewForm({ orderId: orderIds[0]!, listingId, rating: "2", text: "Lama sampai" }),
    );
    const visitor = callerFor(database);
    let page = await visitor.reviews.forProduct({ listingId });
    expect(page.summary).toEqual({ average: 3.5, count: 2, withPhotos: 1, stars: [1, 0, 0, 1, 0] });
    expect(page.items.map((r) => r.text)).toEqual(["Lama sampai", "Mantap"]);
    // The reviewer is masked: the start and end of the account's name only.
    const local = one.shopper.email.split("@")[0]!;
    expect(page.items[1]!.reviewer).toBe(`${local.slice(0, 2)}***${local.slice(-1)}`);
    expect(JSON.stringify(page)).not.toContain(one.shopper.email);
    expect(page.items.every((r) => !r.mine)).toBe(true);
    const photos = await visitor.reviews.forProduct({ listingId, withPhotos: true });
    expect(photos.items.map((r) => r.text)).toEqual(["Mantap"]);
    // Paged.
    const first = await visitor.reviews.forProduct({ listingId, limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const next = await visitor.reviews.forProduct({ listingId, limit: 1, cursor: first.nextCursor });
    expect(next.items.map((r) => r.text)).toEqual(["Mantap"]);

    // The store replies from its reviews list; another store cannot, nor a shopper.
    const list = await one.store.api.merchantReviews.list({ view: "unreplied" });
    expect(list.items.map((r) => r.id)).toContain(second.id);
    expect(list.items.find((r) => r.id === second.id)).toMatchObject({
      orderCode: expect.stringMatching(/^P/),
    });
    const stranger = await merchantWithStore(database);
    await expect(stranger.api.merchantReviews.reply({ id: second.id, reply: "Maaf" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(buyer.api.merchantReviews.reply({ id: second.id, reply: "Maaf" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await one.store.api.merchantReviews.reply({ id: second.id, reply: "Mohon maaf, kurir sedang padat." });
    expect(
      (await one.store.api.merchantReviews.list({ view: "unreplied" })).items.map((r) => r.id),
    ).not.toContain(second.id);
    page = await visitor.reviews.forProduct({ listingId });
    expect(page.items[0]!.reply?.text).toBe("Mohon maaf, kurir sedang padat.");

    // Only the author edits; the store cannot, nor another shopper.
    await expect(
      one.shopper.api.reviews.edit({ id: second.id, rating: 5, text: "diubah" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const edited = await buyer.api.reviews.edit({ id: second.id, rating: 3, text: "Sampai juga, oke." });
    expect(edited).toMatchObject({ rating: 3, text: "Sampai juga, oke.", editedAt: expect.any(Date) });
    expect((await visitor.reviews.forProduct({ listingId })).summary.average).toBe(4);
    // Nobody has a way to delete a review: there is no such procedure.
    expect(Object.keys(one.store.api.merchantReviews)).not.toContain("delete");

    // The operator hides an abusive review with a reason: audited, out of the rating, shown as hidden.
    await expect(ops.api.ops.reviews.hide({ id: second.id, reason: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(one.store.api.ops.reviews.hide({ id: second.id, reason: "x" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const hidden = await ops.api.ops.reviews.hide({ id: second.id, reason: "Kata-kata kasar" });
    expect(hidden).toMatchObject({ hidden: { reason: "Kata-kata kasar" }, rating: null, text: "" });
    expect(hidden.original.text).toBe("Sampai juga, oke.");
    page = await visitor.reviews.forProduct({ listingId });
    expect(page.summary).toMatchObject({ average: 5, count: 1 });
    expect(page.items[0]).toMatchObject({
      hidden: { reason: "Kata-kata kasar" },
      text: "",
      images: [],
      reply: null,
    });
    await expect(buyer.api.reviews.edit({ id: second.id, rating: 5, text: "lagi" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const audit = await ops.api.ops.money.audit({});
    expect(audit.items[0]).toMatchObject({ action: "review.hide" });
    expect((await ops.api.ops.reviews.list({ view: "hidden" })).items.map((r) => r.id)).toContain(second.id);
    await ops.api.ops.reviews.show({ id: second.id });
    expect((await visitor.reviews.forProduct({ listingId })).summary.count).toBe(2);
  });

  it("makes the store's rating and level from visible reviews and completed sales; the street sorts by them", async () => {
    const a = await completedOrder(database, ops, { quantity: 10 });
    const b = await completedOrder(database, ops, { quantity: 1 });
    const visitor = callerFor(database);
    expect((await visitor.stores.get({ storeId: a.store.storeId })).rating).toBeNull();
    await a.shopper.api.reviews.write(
      await reviewForm({ orderId: a.orderId, listingId: a.listingId, rating: "3", text: "" }),
    );
    await b.shopper.api.reviews.write(
      await reviewForm({ orderId: b.orderId, listingId: b.listingId, rating: "5", text: "" }),
    );
    const storeA = await visitor.stores.get({ storeId: a.store.storeId });
    const storeB = await visitor.stores.get({ storeId: b.store.storeId });
    expect(storeA).toMatchObject({ rating: 3, level: 2 });
    expect(storeB).toMatchObject({ rating: 5, level: 1 });
    const names = async (sort: "rating" | "level", order: "asc" | "desc") =>
      (await visitor.stores.list({ sort, order, limit: 50 })).items
        .map((s) => s.id)
        .filter((id) => id === a.store.storeId || id === b.store.storeId);
    expect(await names("rating", "desc")).toEqual([b.store.storeId, a.store.storeId]);
    expect(await names("level", "desc")).toEqual([a.store.storeId, b.store.storeId]);
    expect(await names("level", "asc")).toEqual([b.store.storeId, a.store.storeId]);
    // The merchant's home shows the same rating.
    expect((await a.store.api.merchants.home()).store).toMatchObject({ rating: 3, level: 2 });
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
