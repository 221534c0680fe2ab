import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, pinProof } from "../../../tests/setup/money.ts";
import {
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  variantProduct,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { database, ops, useOrdersShop } from "./orders-test-setup.ts";

/**
 * Products with variants in checkout: each variant's stock, shared across stores and shoppers. The shop's
 * makings: orders-test-setup.ts.
 */

useOrdersShop();

describe("variants in checkout", () => {
  const names = {
    Hitam: { ind: "Hitam", en: "Black", zh: "黑色" },
    Putih: { ind: "Putih", en: "White", zh: "白色" },
  };
  const shoe = (stock: Record<string, number>) =>
    variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      names,
      stock,
      name: "Sepatu Uji",
    });
  /** Each variant's stock now, by label. */
  const stocks = async (product: Awaited<ReturnType<typeof shoe>>) => {
    const rows = await variantsOf(database, product.supplyId);
    const of = (label: string) => rows.find((v) => v.id === product.variant(label))!.stock;
    return Object.fromEntries(["Hitam/41", "Hitam/42", "Putih/41", "Putih/42"].map((l) => [l, of(l)]));
  };

  it("two variants of one listing in one order: quoted and bought as two items, each variant's stock reserved", async () => {
    const product = await shoe({ "Hitam/42": 5, "Putih/41": 4 });
    const [hitam42, putih41] = [product.variant("Hitam/42"), product.variant("Putih/41")];
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, product.supplyId, 130_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const lines = [
      { listingId, variantId: hitam42, quantity: 1 },
      { listingId, variantId: putih41, quantity: 2 },
    ];
    const quote = await en.orders.quote({ lines, addressId: shopper.addressId });
    expect(quote.stores).toHaveLength(1);
    expect(
      quote.stores[0]!.items.map((i) => [i.listingId, i.variantId, i.variantLabel, i.quantity, i.stock]),
    ).toEqual([
      [listingId, hitam42, "Black / 42", 1, 5],
      [listingId, putih41, "White / 41", 2, 4],
    ]);
    expect(quote.stores[0]!.subtotal).toBe(390_000);
    const { orderIds } = await placeOrder(en, {
      lines,
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    expect(orderIds).toHaveLength(1);
    const order = await callerFor(database, { token: shopper.token, lang: "zh" }).orders.get({
      id: orderIds[0]!,
    });
    // Items come in variant id order, and two variants made in one millisecond have ids in random order.
    const byId = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(order.items.map((i) => [i.variantId, i.variantLabel, i.quantity, i.price]).sort(byId)).toEqual(
      [
        [hitam42, "黑色 / 42", 1, 130_000],
        [putih41, "白色 / 41", 2, 130_000],
      ].sort(byId),
    );
    expect(order.subtotal).toBe(390_000);
    expect(await stocks(product)).toEqual({ "Hitam/41": 10, "Hitam/42": 4, "Putih/41": 2, "Putih/42": 10 });
    // One listing sold three; cancelled, both variants get their stock back and the sale is undone.
    expect((await callerFor(database).listings.get({ id: listingId })).sales).toBe(3);
    await shopper.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() });
    expect(await stocks(product)).toEqual({ "Hitam/41": 10, "Hitam/42": 5, "Putih/41": 4, "Putih/42": 10 });
    expect((await callerFor(database).listings.get({ id: listingId })).sales).toBe(0);
  });

  it("two stores' lines of one variant share its stock: refused when together they are more, placed when they fit", async () => {
    const product = await shoe({ "Hitam/42": 3 });
    const hitam42 = product.variant("Hitam/42");
    const a = await merchantWithStore(database);
    const b = await merchantWithStore(database);
    const listingA = await listing(database, a.storeId, product.supplyId, 100_000);
    const listingB = await listing(database, b.storeId, product.supplyId, 110_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    // Each cart line alone fits the stock; together they do not.
    await en.cart.add({ listingId: listingA, variantId: hitam42, quantity: 2 });
    await en.cart.add({ listingId: listingB, variantId: hitam42, quantity: 2 });
    const over = [
      { listingId: listingA, variantId: hitam42, quantity: 2 },
      { listingId: listingB, variantId: hitam42, quantity: 2 },
    ];
    const outOfStock = { code: "PRECONDITION_FAILED", message: "Not enough stock of Sepatu Uji (en)" };
    await expect(en.orders.quote({ lines: over, addressId: shopper.addressId })).rejects.toMatchObject(
      outOfStock,
    );
    // Placing them with the postage each store was quoted alone is refused as well, nothing taken.
    const shipping = await Promise.all(
      over.map(async (line) => {
        const quoted = (await en.orders.quote({ lines: [line], addressId: shopper.addressId })).stores[0]!;
        const { courier, service, price } = quoted.shipping.selected!;
        return { storeId: quoted.storeId, courier, service, price };
      }),
    );
    const place = (lines: typeof over) =>
      en.orders.place({
        proof: pinProof,
        lines,
        addressId: shopper.addressId,
        shipping,
        method: "wallet",
        fromCart: true,
        idempotencyKey: newKey(),
      });
    await expect(place(over)).rejects.toMatchObject(outOfStock);
    expect((await stocks(product))["Hitam/42"]).toBe(3);
    expect((await en.wallet.summary()).balance).toBe(1_000_000);
    expect((await en.cart.get()).count).toBe(2);
    // Two and one fit: both stores' orders are placed and the size is sold out.
    await en.cart.setQuantity({ listingId: listingB, variantId: hitam42, quantity: 1 });
    const fits = [over[0]!, { ...over[1]!, quantity: 1 }];
    const { orderIds } = await place(fits);
    expect(orderIds).toHaveLength(2);
    expect(await stocks(product)).toEqual({ "Hitam/41": 10, "Hitam/42": 0, "Putih/41": 10, "Putih/42": 10 });
    expect((await en.cart.get()).count).toBe(0);
    const [fromA, fromB] = await Promise.all(orderIds.map((id) => en.orders.get({ id })));
    expect([fromA!.items[0], fromB!.items[0]]).toMatchObject([
      { listingId: listingA, variantId: hitam42, quantity: 2 },
      { listingId: listingB, variantId: hitam42, quantity: 1 },
    ]);
  });

  it("two shoppers at once from two stores for the same last items: one is served, the other refused", async () => {
    const product = await shoe({ "Putih/42": 3 });
    const putih42 = product.variant("Putih/42");
    const a = await merchantWithStore(database);
    const b = await merchantWithStore(database);
    const listingA = await listing(database, a.storeId, product.supplyId, 100_000);
    const listingB = await listing(database, b.storeId, product.supplyId, 110_000);
    const first = await shopperWithMoney(database, ops, 1_000_000);
    const second = await shopperWithMoney(database, ops, 1_000_000);
    const checkout = (shopper: typeof first, listingId: string) => {
      const lines = [{ listingId, variantId: putih42, quantity: 2 }];
      return placeOrder(shopper.api, {
        lines,
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
    };
    // Both are quoted with the stock still there, then place at once.
    const results = await Promise.allSettled([checkout(first, listingA), checkout(second, listingB)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "PRECONDITION_FAILED" },
    });
    expect((await stocks(product))["Putih/42"]).toBe(1);
  });

  it("a product with several variants needs the variant chosen: a line without one is refused", async () => {
    const product = await shoe({});
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, product.supplyId, 130_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    const choose = { code: "BAD_REQUEST", message: "Choose the product's variant (colour, size) first" };
    await expect(
      en.orders.quote({ lines: [{ listingId, quantity: 1 }], addressId: shopper.addressId }),
    ).rejects.toMatchObject(choose);
    await expect(en.cart.add({ listingId, quantity: 1 })).rejects.toMatchObject(choose);
    const quoted = await en.orders.quote({
      lines: [{ listingId, variantId: product.variant("Hitam/41"), quantity: 1 }],
      addressId: shopper.addressId,
    });
    const { courier, service, price } = quoted.stores[0]!.shipping.selected!;
    await expect(
      en.orders.place({
        proof: pinProof,
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        shipping: [{ storeId: store.storeId, courier, service, price }],
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject(choose);
    expect((await en.orders.list({ tab: "all" })).items).toEqual([]);
    expect((await en.wallet.summary()).balance).toBe(1_000_000);
    // A variant of another product is not this listing's.
    const other = await shoe({});
    await expect(
      en.orders.quote({
        lines: [{ listingId, variantId: other.variant("Hitam/41"), quantity: 1 }],
        addressId: shopper.addressId,
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
  });
});
