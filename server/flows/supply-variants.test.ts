import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../tests/setup/money.ts";
import {
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
  variantForm,
  variantProduct,
  variantRow,
} from "../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { listInStore } from "../modules/catalog/merchant-listings.service.ts";
import { listings, listingVariants, productVariants } from "../modules/catalog/catalog.tables.ts";
import { orderItems } from "../modules/orders/orders.tables.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());
afterEach(() => expectLedgerBalanced(database));

/** The colours' names in every language, so a label shows which language it was given in. */
const names = {
  Hitam: { ind: "Hitam", en: "Black", zh: "黑色" },
  Putih: { ind: "Putih", en: "White", zh: "白色" },
};
const shoe = {
  axes: [
    ["Hitam", "Putih"],
    ["41", "42"],
  ],
  names,
};

const view = (id: string) => ops.api.ops.catalog.get({ id });
const shop = () => callerFor(database, { lang: "en" });

/** The operator saves the product's form again without one variant's row (so archives it). */
async function archive(supplyId: string, variantId: string) {
  const before = await view(supplyId);
  const form = variantForm(before);
  const at = before.variantRows.findIndex((r) => r.id === variantId);
  return ops.api.ops.catalog.saveVariants({ ...form, variants: form.variants.filter((_, i) => i !== at) });
}

/** The operator saves the product's form with some variants' cost changed (their suggested price follows). */
async function setCosts(supplyId: string, costs: Record<string, number>) {
  const before = await view(supplyId);
  const form = variantForm(before);
  return ops.api.ops.catalog.saveVariants({
    ...form,
    variants: form.variants.map((v, i) => {
      const cost = costs[before.variantRows[i]!.id];
      return cost ? { ...v, merchantPrice: cost, suggestedPrice: cost * 2 } : v;
    }),
  });
}

/**
 * A listing's lowest and highest price as stored agree with its variants' prices on sale, computed directly; a
 * listing with none on sale is off sale.
 */
async function expectPricesAgree(...listingIds: string[]) {
  for (const id of listingIds) {
    const [stored] = await database.db.select().from(listings).where(eq(listings.id, id));
    const onSale = (
      await database.db
        .select({ price: listingVariants.price })
        .from(listingVariants)
        .innerJoin(productVariants, eq(productVariants.id, listingVariants.variantId))
        .where(
          and(
            eq(listingVariants.listingId, id),
            eq(listingVariants.status, "active"),
            eq(productVariants.status, "active"),
          ),
        )
    ).map((r) => r.price);
    if (onSale.length === 0) expect(stored!.status).toBe("hidden");
    else {
      expect(stored!.status).toBe("active");
      expect([stored!.minPrice, stored!.maxPrice]).toEqual([Math.min(...onSale), Math.max(...onSale)]);
    }
  }
}

/** A listing's price rows of each variant: on sale or not, at what price. */
async function priceRows(listingId: string) {
  const rows = await database.db
    .select({
      variantId: listingVariants.variantId,
      price: listingVariants.price,
      status: listingVariants.status,
    })
    .from(listingVariants)
    .where(eq(listingVariants.listingId, listingId));
  return new Map(rows.map((r) => [r.variantId, { price: r.price, status: r.status }]));
}

describe("archiving a variant", () => {
  it("takes it out of every cart that holds it and leaves each shopper a notice in their language", async () => {
    const product = await variantProduct(database, { ...shoe, name: "Sepatu Lari" });
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, product.supplyId, 130_000);
    const otherId = await listing(database, store.storeId, await supplyProduct(database), 90_000);
    const [hitam42, putih41] = [product.variant("Hitam/42"), product.variant("Putih/41")];
    const first = await signedInUser(database);
    const second = await signedInUser(database);
    const bystander = await signedInUser(database);
    await first.api.cart.add({ listingId, variantId: hitam42, quantity: 1 });
    await first.api.cart.add({ listingId, variantId: putih41, quantity: 2 });
    await first.api.cart.add({ listingId: otherId, quantity: 1 });
    await second.api.cart.add({ listingId, variantId: hitam42, quantity: 2 });
    await bystander.api.cart.add({ listingId, variantId: putih41, quantity: 1 });

    const saved = await archive(product.supplyId, hitam42);
    expect(saved.removedFromCarts).toBe(2);

    const lines = (cart: Awaited<ReturnType<typeof first.api.cart.get>>) =>
      cart.stores.flatMap((s) => s.items.map((i) => [i.listingId, i.variantLabel, i.quantity]));
    const firstCart = await callerFor(database, { token: first.token, lang: "en" }).cart.get();
    // The other lines stay as they were.
    expect(lines(firstCart)).toEqual([
      [listingId, "White / 41", 2],
      [otherId, null, 1],
    ]);
    expect(firstCart.notices).toEqual([
      { id: expect.any(String), name: "Sepatu Lari (en)", variantLabel: "Black / 42" },
    ]);
    const secondCart = await callerFor(database, { token: second.token, lang: "zh" }).cart.get();
    expect(secondCart).toMatchObject({
      stores: [],
      count: 0,
      notices: [{ name: "Sepatu Lari（中）", variantLabel: "黑色 / 42" }],
    });
    expect((await second.api.cart.get()).notices).toMatchObject([
      { name: "Sepatu Lari", variantLabel: "Hitam / 42" },
    ]);
    expect(await second.api.cart.count()).toEqual({ count: 0 });
    const bystanderCart = await bystander.api.cart.get();
    expect(lines(bystanderCart)).toEqual([[listingId, "Putih / 41", 1]]);
    expect(bystanderCart.notices).toEqual([]);

    // Closing the notices closes the caller's own only.
    await first.api.cart.dismissNotices();
    expect((await first.api.cart.get()).notices).toEqual([]);
    expect(lines(await first.api.cart.get())).toHaveLength(2);
    expect((await second.api.cart.get()).notices).toHaveLength(1);
    // The product page no longer offers it; the listing's price range follows.
    expect((await shop().listings.get({ id: listingId })).variants.map((v) => v.label)).toEqual([
      "Black / 41",
      "White / 41",
      "White / 42",
    ]);
    await expectPricesAgree(listingId);
  });

  it("never changes a past order: its name, variant, SKU, price and size stay as bought, and its link", async () => {
    const product = await variantProduct(database, { ...shoe, name: "Sepatu Kanvas" });
    const store = await merchantWithStore(database, { autoPay: true });
    await ops.api.ops.money.adjust({
      account: store.email,
      amount: 500_000,
      reason: "saldo uji",
      idempotencyKey: newKey(),
    });
    const listingId = await listing(database, store.storeId, product.supplyId, 150_000);
    const hitam42 = product.variant("Hitam/42");
    const sku = variantRow(await view(product.supplyId), "Hitam/42").sku;
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const {
      orderIds: [orderId],
    } = await placeOrder(shopper.api, {
      lines: [{ listingId, variantId: hitam42, quantity: 2 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const bought = {
      listingId,
      variantId: hitam42,
      name: "Sepatu Kanvas (en)",
      variantLabel: "Black / 42",
      sku,
      price: 150_000,
      quantity: 2,
    };
    const snapshot = async () => {
      expect((await en.orders.get({ id: orderId! })).items).toMatchObject([bought]);
      expect((await store.api.merchantOrders.get({ id: orderId! })).items).toMatchObject([
        { ...bought, name: "Sepatu Kanvas", variantLabel: "Hitam / 42" },
      ]);
      const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId!));
      expect(item).toMatchObject({
        variantId: hitam42,
        merchantPrice: 60_000,
        weightGrams: 500,
        lengthCm: 20,
        widthCm: 15,
        heightCm: 5,
      });
    };
    await snapshot();

    // The operator renames the product and the colour, gives the variant a new SKU, cost and size.
    const supply = await view(product.supplyId);
    await ops.api.ops.catalog.update({
      id: product.supplyId,
      categoryId: supply.categoryId,
      name: { ind: "Sepatu Kanvas Baru", en: "New Canvas Shoes", zh: "新帆布鞋" },
      description: supply.description,
      boutique: false,
    });
    const form = variantForm(supply);
    form.axes[0]!.values[0]!.name = { ind: "Hitam Pekat", en: "Jet Black", zh: "乌黑" };
    const at = supply.variantRows.findIndex((r) => r.id === hitam42);
    form.variants[at] = {
      ...form.variants[at]!,
      sku: "SEPATU-KANVAS-HTM-42",
      merchantPrice: 80_000,
      suggestedPrice: 160_000,
      weightGrams: 1_500,
      heightCm: 12,
    };
    await ops.api.ops.catalog.saveVariants(form);
    // The store reprices, then the operator archives the variant.
    await store.api.merchants.reprice({ listingId, price: 175_000 });
    expect(
      (await shop().listings.get({ id: listingId })).variants.find((v) => v.id === hitam42),
    ).toMatchObject({
      label: "Jet Black / 42",
      price: 175_000,
    });
    await snapshot();
    await archive(product.supplyId, hitam42);
    await snapshot();
    // The link still leads to the product, which sells its other variants.
    const page = await shop().listings.get({ id: listingId });
    expect(page.name).toBe("New Canvas Shoes");
    expect(page.variants.map((v) => v.id)).not.toContain(hitam42);
    await expectPricesAgree(listingId);
  });
});

describe("a variant's cost", () => {
  it("raised above a store's price takes only that variant off sale there; the listing goes when none is left", async () => {
    const product = await variantProduct(database, { axes: [["S", "M", "L"]], merchantPrice: 60_000 });
    const [s, m, l] = ["S", "M", "L"].map((label) => product.variant(label)) as [string, string, string];
    const a = await merchantWithStore(database);
    const b = await merchantWithStore(database);
    const listingA = await listInStore(database.db, {
      storeId: a.storeId,
      supplyProductId: product.supplyId,
      prices: [
        { variantId: s, price: 80_000 },
        { variantId: m, price: 90_000 },
        { variantId: l, price: 100_000 },
      ],
    });
    const listingB = await listing(database, b.storeId, product.supplyId, 120_000);
    await expectPricesAgree(listingA, listingB);
    const offer = async (id: string) => {
      const page = await shop().listings.get({ id });
      return { price: page.price, maxPrice: page.maxPrice, labels: page.variants.map((v) => v.label) };
    };
    expect(await offer(listingA)).toEqual({ price: 80_000, maxPrice: 100_000, labels: ["S", "M", "L"] });

    // L now costs 105,000: store A's 100,000 is below it, store B's 120,000 is not.
    expect((await setCosts(product.supplyId, { [l]: 105_000 })).delisted).toBe(1);
    expect(await offer(listingA)).toEqual({ price: 80_000, maxPrice: 90_000, labels: ["S", "M"] });
    expect(await offer(listingB)).toEqual({ price: 120_000, maxPrice: 120_000, labels: ["S", "M", "L"] });
    await expectPricesAgree(listingA, listingB);
    const shopper = await signedInUser(database);
    await expect(
      callerFor(database, { token: shopper.token, lang: "en" }).cart.add({
        listingId: listingA,
        variantId: l,
        quantity: 1,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "This product is no longer sold" });
    expect(await shopper.api.cart.add({ listingId: listingB, variantId: l, quantity: 1 })).toMatchObject({
      quantity: 1,
    });
    await shopper.api.cart.add({ listingId: listingA, variantId: s, quantity: 1 });

    // S and M now cost 95,000: nothing of store A is left on sale, so its listing goes; B's stays.
    expect((await setCosts(product.supplyId, { [s]: 95_000, [m]: 95_000 })).delisted).toBe(1);
    await expect(shop().listings.get({ id: listingA })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await offer(listingB)).toEqual({ price: 120_000, maxPrice: 120_000, labels: ["S", "M", "L"] });
    await expectPricesAgree(listingA, listingB);
    expect((await a.api.merchants.listings({ status: "hidden" })).items.map((i) => i.id)).toEqual([listingA]);
    // The cart keeps store A's line, marked no longer sold (it was not archived, only priced out).
    const cart = await shopper.api.cart.get();
    expect(cart.stores.flatMap((st) => st.items.map((i) => [i.listingId, i.available]))).toEqual([
      [listingB, true],
      [listingA, false],
    ]);
  });
});

describe("new variants of a listed product", () => {
  it("start off sale in every store that lists it, until its merchant prices them", async () => {
    const product = await variantProduct(database, { axes: [["S", "M"]] });
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, product.supplyId, 100_000);
    const before = await view(product.supplyId);
    const form = variantForm(before);
    form.axes[0]!.values.push(
      { name: { ind: "L", en: "L", zh: "L" } },
      { name: { ind: "XL", en: "XL", zh: "XL" } },
    );
    const cost = (merchantPrice: number) => ({ merchantPrice, suggestedPrice: merchantPrice * 2 });
    const saved = await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: [
        ...form.variants,
        { ...form.variants[0]!, values: [2], sku: `${product.supplyId}-L`, stock: 5, ...cost(60_000) },
        { ...form.variants[0]!, values: [3], sku: `${product.supplyId}-XL`, stock: 5, ...cost(120_000) },
      ],
    });
    const [large, extra] = [variantRow(saved, "L").id, variantRow(saved, "XL").id];
    // The shop sells what it sold before, at the prices it had.
    const page = await shop().listings.get({ id: listingId });
    expect(page.variants.map((v) => v.label)).toEqual(["S", "M"]);
    expect([page.price, page.maxPrice]).toEqual([100_000, 100_000]);
    await expectPricesAgree(listingId);
    // The new ones are in the listing off sale, at the listing's price or their cost if higher.
    const rows = await priceRows(listingId);
    expect(rows.get(large)).toEqual({ price: 100_000, status: "hidden" });
    expect(rows.get(extra)).toEqual({ price: 120_000, status: "hidden" });
    // A shopper can neither put them in the cart nor check them out.
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    await expect(en.cart.add({ listingId, variantId: large, quantity: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      en.orders.quote({
        lines: [{ listingId, variantId: large, quantity: 1 }],
        addressId: shopper.addressId,
      }),
    ).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringMatching(/no longer sold/),
    });
  });

  it("a variant brought back joins the listings made while it was archived, off sale there", async () => {
    const product = await variantProduct(database, { axes: [["S", "M"]] });
    const m = product.variant("M");
    const early = await merchantWithStore(database);
    const late = await merchantWithStore(database);
    const earlyListing = await listing(database, early.storeId, product.supplyId, 100_000);
    const form = variantForm(await view(product.supplyId));
    await archive(product.supplyId, m);
    // Store "late" lists the product while M is archived: it prices S only.
    const lateListing = await listing(database, late.storeId, product.supplyId, 110_000);
    expect([...(await priceRows(lateListing)).keys()]).toEqual([product.variant("S")]);
    await ops.api.ops.catalog.saveVariants(form);
    // Where M was priced before, it sells again at that price; where it never was, it waits, off sale.
    expect((await priceRows(earlyListing)).get(m)).toEqual({ price: 100_000, status: "active" });
    expect((await priceRows(lateListing)).get(m)).toEqual({ price: 110_000, status: "hidden" });
    expect((await shop().listings.get({ id: earlyListing })).variants.map((v) => v.label)).toEqual([
      "S",
      "M",
    ]);
    expect((await shop().listings.get({ id: lateListing })).variants.map((v) => v.label)).toEqual(["S"]);
    await expectPricesAgree(earlyListing, lateListing);
  });
});
