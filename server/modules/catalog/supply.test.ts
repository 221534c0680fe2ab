import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import {
  listingPricesOutOfSync,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
let categoryId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
  categoryId = (
    await ops.api.ops.catalog.addCategory({
      parentId: null,
      sort: 0,
      name: { ind: "Kopi", en: "Coffee", zh: "咖啡" },
    })
  ).id;
});
afterAll(() => database.destroy());
afterEach(() => expectLedgerBalanced(database));

async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

let serial = 0;
const product = (
  over: Partial<{ merchantPrice: number; suggestedPrice: number; boutique: boolean }> = {},
) => {
  serial += 1;
  return {
    categoryId,
    name: { ind: `Kopi Toraja ${serial}`, en: `Toraja Coffee ${serial}`, zh: `托拉查咖啡 ${serial}` },
    description: { ind: "Biji kopi sangrai.", en: "Roasted beans.", zh: "烘焙咖啡豆。" },
    merchantPrice: 100_000,
    suggestedPrice: 150_000,
    boutique: false,
    stock: 10,
    weightGrams: 250,
    lengthCm: 20,
    widthCm: 12,
    heightCm: 7,
    ...over,
  };
};

describe("the operator's supply catalogue", () => {
  it("adds a product in every language with pictures, which merchants then see and list", async () => {
    const created = await ops.api.ops.catalog.create(product());
    expect(created).toMatchObject({ stock: 10, status: "active", images: [], listings: 0 });
    const form = new FormData();
    form.set("id", created.id);
    form.set("image", new File([await picture(900, 700, "jpeg")], "kopi.jpg", { type: "image/jpeg" }));
    const withImage = await ops.api.ops.catalog.addImage(form);
    expect(withImage.images).toHaveLength(1);
    expect(withImage.images[0]!.image.widths.length).toBeGreaterThan(1);

    const merchant = await merchantWithStore(database);
    const en = callerFor(database, { token: merchant.token, lang: "en" });
    const seen = (await en.merchants.supply({ q: "toraja" })).items.find((i) => i.id === created.id);
    expect(seen).toMatchObject({ name: created.name.en, merchantPrice: 100_000, suggestedPrice: 150_000 });
    expect(seen?.image).not.toBeNull();

    const removed = await ops.api.ops.catalog.removeImage({
      id: created.id,
      imageId: withImage.images[0]!.id,
    });
    expect(removed.images).toEqual([]);
  });

  it("refuses a product missing a language or priced to sell below cost, and keeps nothing", async () => {
    const before = (await ops.api.ops.catalog.list({ view: "active", limit: 50 })).items.length;
    const missing = product();
    missing.name.zh = " ";
    expect((await failure(ops.api.ops.catalog.create(missing))).code).toBe("BAD_REQUEST");
    expect(
      (
        await failure(
          ops.api.ops.catalog.create(product({ merchantPrice: 200_000, suggestedPrice: 150_000 })),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    expect((await ops.api.ops.catalog.list({ view: "active", limit: 50 })).items.length).toBe(before);
  });

  it("a price change never touches placed orders; listings now below cost leave the shop", async () => {
    const created = await ops.api.ops.catalog.create(product());
    const cheap = await merchantWithStore(database);
    const dear = await merchantWithStore(database);
    const cheapListing = await cheap.api.merchants.list({ supplyProductId: created.id, price: 120_000 });
    const dearListing = await dear.api.merchants.list({ supplyProductId: created.id, price: 180_000 });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const {
      orderIds: [orderId],
    } = await placeOrder(shopper.api, {
      lines: [{ listingId: cheapListing.id, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });

    const { id: _id, stock: _stock, ...fields } = { ...product(), id: created.id };
    const updated = await ops.api.ops.catalog.update({
      ...fields,
      id: created.id,
      name: created.name,
      merchantPrice: 130_000,
      suggestedPrice: 170_000,
    });
    expect(updated).toMatchObject({ merchantPrice: 130_000, delisted: 1, listings: 1 });
    // The update path (one variant) keeps min/max too.
    expect(await listingPricesOutOfSync(database)).toEqual([]);
    // The order keeps the goods cost it was placed with.
    const order = await cheap.api.merchantOrders.get({ id: orderId! });
    expect(order.goodsCost).toBe(100_000);
    // The listing now below cost is delisted; the other still sells.
    const shop = callerFor(database);
    expect((await failure(shop.listings.get({ id: cheapListing.id }))).code).toBe("NOT_FOUND");
    expect((await shop.listings.get({ id: dearListing.id })).price).toBe(180_000);
    // Its card shows the new suggested price beside the store's.
    const cards = (await shop.listings.list({ categoryId, sort: "newest", limit: 50 })).items;
    expect(cards.find((c) => c.id === dearListing.id)).toMatchObject({
      price: 180_000,
      suggestedPrice: 170_000,
    });
    expect((await cheap.api.merchants.listings({ status: "hidden" })).items.map((l) => l.id)).toEqual([
      cheapListing.id,
    ]);
    // Relisting needs a price at or above the new cost.
    expect(
      (await failure(cheap.api.merchants.setListingStatus({ listingId: cheapListing.id, status: "active" })))
        .code,
    ).toBe("BAD_REQUEST");
    await cheap.api.merchants.reprice({ listingId: cheapListing.id, price: 135_000 });
    await cheap.api.merchants.setListingStatus({ listingId: cheapListing.id, status: "active" });
    expect((await shop.listings.get({ id: cheapListing.id })).price).toBe(135_000);
    expect(await listingPricesOutOfSync(database)).toEqual([]);
  });

  it("adds stock, never below zero; takes a product off sale and back; curates the boutique", async () => {
    const created = await ops.api.ops.catalog.create(product());
    const merchant = await merchantWithStore(database);
    const listed = await merchant.api.merchants.list({ supplyProductId: created.id, price: 160_000 });
    expect((await ops.api.ops.catalog.stock({ id: created.id, change: 5 })).stock).toBe(15);
    expect((await failure(ops.api.ops.catalog.stock({ id: created.id, change: -16 }))).code).toBe(
      "BAD_REQUEST",
    );
    expect((await callerFor(database).listings.get({ id: listed.id })).stock).toBe(15);

    await ops.api.ops.catalog.setStatus({ id: created.id, status: "archived" });
    expect((await failure(callerFor(database).listings.get({ id: listed.id }))).code).toBe("NOT_FOUND");
    expect((await ops.api.ops.catalog.list({ view: "archived" })).items.map((i) => i.id)).toContain(
      created.id,
    );
    await ops.api.ops.catalog.setStatus({ id: created.id, status: "active" });
    expect((await callerFor(database).listings.get({ id: listed.id })).price).toBe(160_000);

    const { stock: _stock, ...fields } = product({ boutique: true });
    await ops.api.ops.catalog.update({
      ...fields,
      id: created.id,
      merchantPrice: 100_000,
      suggestedPrice: 150_000,
    });
    expect((await ops.api.ops.catalog.list({ view: "boutique" })).items.map((i) => i.id)).toContain(
      created.id,
    );
    const home = await callerFor(database).catalog.home();
    expect(home.boutique.map((c) => c.id)).toContain(listed.id);

    const audit = await ops.api.ops.money.audit({ limit: 50 });
    const actions = audit.items.filter((a) => a.subjectId === created.id).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "supply.create",
        "supply.stock",
        "supply.archive",
        "supply.restore",
        "supply.update",
      ]),
    );
  });

  it("keeps a two-level category tree with names in every language", async () => {
    const child = await ops.api.ops.catalog.addCategory({
      parentId: categoryId,
      sort: 1,
      name: { ind: "Kopi Bubuk", en: "Ground Coffee", zh: "咖啡粉" },
    });
    expect(
      (
        await failure(
          ops.api.ops.catalog.addCategory({
            parentId: child.id,
            sort: 0,
            name: { ind: "Terlalu dalam", en: "Too deep", zh: "太深" },
          }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    await ops.api.ops.catalog.updateCategory({
      id: child.id,
      parentId: categoryId,
      sort: 1,
      name: { ind: "Kopi Giling", en: "Ground Coffee", zh: "研磨咖啡" },
    });
    const tree = await callerFor(database, { lang: "zh" }).catalog.categories();
    const top = tree.find((c) => c.id === categoryId)!;
    expect(top.name).toBe("咖啡");
    expect(top.children.map((c) => c.name)).toEqual(["研磨咖啡"]);
  });

  it("is the operator's alone", async () => {
    const merchant = await merchantWithStore(database);
    const shopper = await signedInUser(database);
    for (const api of [merchant.api, shopper.api]) {
      expect((await failure(api.ops.catalog.list({ view: "active" }))).code).toBe("FORBIDDEN");
      expect((await failure(api.ops.catalog.create(product()))).code).toBe("FORBIDDEN");
    }
    expect((await failure(callerFor(database).ops.catalog.categories())).code).toBe("UNAUTHORIZED");
  });
});
