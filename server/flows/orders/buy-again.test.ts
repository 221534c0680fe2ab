import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  completedOrder,
  listing,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());
afterEach(() => expectLedgerBalanced(database));

const setStock = (variantId: string, stock: number) =>
  database.db.execute(sql`update product_variants set stock = ${stock} where id = ${variantId}`);

describe("buy again (Beli lagi)", () => {
  it("puts a finished order's products back in the cart, as many as are in stock; sold-out ones are counted, not added", async () => {
    const { shopper, orderId, variantIds } = await completedOrder(database, ops, {
      variants: ["Hitam/41", "Putih/42"],
      quantity: 2,
    });
    const [black, white] = variantIds as [string, string];
    expect((await shopper.api.orders.get({ id: orderId })).actions.buyAgain).toBe(true);
    await setStock(white, 0);
    await setStock(black, 1);
    expect(await shopper.api.orders.buyAgain({ id: orderId })).toEqual({ added: 1, unavailable: 1 });
    const cart = await shopper.api.cart.get();
    const lines = cart.stores.flatMap((s) => s.items);
    // Two were bought; one is left: the cart holds one, never more than the stock.
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([[black, 1]]);

    // Nothing left to buy: refused with a message, the cart as it was.
    await setStock(black, 0);
    await expect(shopper.api.orders.buyAgain({ id: orderId })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "Produk pesanan ini tidak tersedia lagi.",
    });
    expect((await shopper.api.cart.get()).stores.flatMap((s) => s.items).map((l) => l.quantity)).toEqual([1]);
  });

  it("is the buyer's own, and only for an order that is finished or cancelled", async () => {
    const { orderId } = await completedOrder(database, ops);
    const stranger = await shopperWithMoney(database, ops, 100_000);
    await expect(stranger.api.orders.buyAgain({ id: orderId })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const { store } = await completedOrder(database, ops);
    const supplyId = await supplyProduct(database, { stock: 5, merchantPrice: 60_000 });
    const listingId = await listing(database, store.storeId, supplyId, 90_000);
    const buyer = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await placeOrder(buyer.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: buyer.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const open = await buyer.api.orders.get({ id: orderIds[0]! });
    expect(open.actions.buyAgain).toBe(false);
    await expect(buyer.api.orders.buyAgain({ id: orderIds[0]! })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
    });
    // Cancelled, it may be bought again.
    await buyer.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() });
    expect((await buyer.api.orders.get({ id: orderIds[0]! })).actions.buyAgain).toBe(true);
    expect(await buyer.api.orders.buyAgain({ id: orderIds[0]! })).toEqual({ added: 1, unavailable: 0 });
  });
});
