import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  manyShoppers,
  merchantWithStore,
  placeOrder,
  supplyProduct,
  variantProduct,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { checkLedger } from "../ledger/ledger.service.ts";
import { orderItems } from "./orders.tables.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

// On PostgreSQL the buyers race for real over a pool of connections; PGlite's one connection makes its
// transactions serial, so a smaller crowd proves the same there.
const buyers = testDbKind === "postgres" ? 1000 : 60;
const stock = testDbKind === "postgres" ? 100 : 10;

it(
  `flash sale: ${buyers} buyers at once for a stock of ${stock} sell exactly ${stock}`,
  { timeout: 240_000 },
  async () => {
    const ops = await signedInUser(database, "operator");
    // Auto-pay on, with money for only part of the goods: the rest wait for the merchant.
    const merchant = await merchantWithStore(database, { autoPay: true });
    await credit(ops, merchant.email, 60_000 * (stock / 2));
    const supplyId = await supplyProduct(database, { stock, merchantPrice: 60_000 });
    const listingId = await listing(database, merchant.storeId, supplyId, 100_000);
    const crowd = await manyShoppers(database, buyers, 200_000);

    const results = await Promise.allSettled(
      crowd.map((b) =>
        placeOrder(b.api, {
          lines: [{ listingId, quantity: 1 }],
          addressId: b.addressId,
          method: "wallet",
          fromCart: false,
          idempotencyKey: newKey(),
        }),
      ),
    );
    const sold = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(sold).toHaveLength(stock);
    // Everyone else heard "not enough stock", nothing else went wrong.
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "PRECONDITION_FAILED" });
    }
    const product = await callerFor(database).listings.get({ id: listingId });
    expect(product.stock).toBe(0);
    // Each buyer who got one paid once; the others kept their money.
    const balances = await Promise.all(crowd.map(async (b) => (await b.api.wallet.summary()).balance));
    const paid = balances.filter((x) => x < 200_000);
    expect(paid).toHaveLength(stock);
    expect(new Set(paid).size).toBe(1);
    // Half the goods paid at once by auto-pay, the rest waiting; the merchant's wallet never below zero.
    const centre = await merchant.api.merchantOrders.list({ view: "goods_unpaid", limit: 50 });
    expect(centre.goodsDue).toBe(60_000 * (stock / 2));
    expect((await merchant.api.wallet.summary()).balance).toBe(0);
    const check = await checkLedger(database.db);
    expect(check.mismatches).toEqual([]);
    expect(check.negativeWallets).toEqual([]);
    expect(check.ok).toBe(true);
  },
);

it(
  `${buyers} buyers race for the last 10 of size 42 while size 41 stays untouched`,
  { timeout: 240_000 },
  async () => {
    const ops = await signedInUser(database, "operator");
    const merchant = await merchantWithStore(database, { autoPay: true });
    await credit(ops, merchant.email, 60_000 * 10);
    const product = await variantProduct(database, {
      axes: [["Hitam"], ["41", "42"]],
      stock: { "Hitam/41": 25, "Hitam/42": 10 },
    });
    const [size41, size42] = [product.variant("Hitam/41"), product.variant("Hitam/42")];
    const sku = (await variantsOf(database, product.supplyId)).find((v) => v.id === size42)!.sku;
    const listingId = await listing(database, merchant.storeId, product.supplyId, 100_000);
    const crowd = await manyShoppers(database, buyers, 200_000);

    const results = await Promise.allSettled(
      crowd.map((b) =>
        placeOrder(b.api, {
          lines: [{ listingId, variantId: size42, quantity: 1 }],
          addressId: b.addressId,
          method: "wallet",
          fromCart: false,
          idempotencyKey: newKey(),
        }),
      ),
    );
    const sold = results.filter((r) => r.status === "fulfilled");
    expect(sold).toHaveLength(10);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: "PRECONDITION_FAILED",
        message: expect.stringMatching(/^Stok .* tidak cukup/),
      });
    }
    // Size 42 is sold out; size 41, another variant of the same listing, was never touched.
    const stock = new Map((await variantsOf(database, product.supplyId)).map((v) => [v.id, v.stock]));
    expect([stock.get(size42), stock.get(size41)]).toEqual([0, 25]);
    const page = await callerFor(database).listings.get({ id: listingId });
    expect(page.variants.map((v) => [v.label, v.stock])).toEqual([
      ["Hitam / 41", 25],
      ["Hitam / 42", 0],
    ]);
    expect(page.stock).toBe(25);
    // Ten orders of one item each, every item naming the variant, its label and SKU as bought.
    const items = await database.db.select().from(orderItems).where(eq(orderItems.listingId, listingId));
    expect(items).toHaveLength(10);
    for (const item of items) {
      expect(item).toMatchObject({
        variantId: size42,
        variantLabel: { ind: "Hitam / 42", en: "Hitam / 42", zh: "Hitam / 42" },
        sku,
        quantity: 1,
        price: 100_000,
      });
    }
    const winner = crowd[results.findIndex((r) => r.status === "fulfilled")]!;
    const [orderId] = (sold[0] as PromiseFulfilledResult<{ orderIds: string[] }>).value.orderIds;
    expect((await winner.api.orders.get({ id: orderId! })).items).toMatchObject([
      { variantId: size42, variantLabel: "Hitam / 42", sku },
    ]);
    // Ten buyers paid once each; the others kept their money; the ledger holds.
    const balances = await Promise.all(crowd.map(async (b) => (await b.api.wallet.summary()).balance));
    expect(balances.filter((x) => x < 200_000)).toHaveLength(10);
    const check = await checkLedger(database.db);
    expect(check.mismatches).toEqual([]);
    expect(check.negativeWallets).toEqual([]);
    expect(check.ok).toBe(true);
  },
);
