import { afterAll, beforeAll, expect, it } from "vitest";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  manyShoppers,
  merchantWithStore,
  placeOrder,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { checkLedger } from "../ledger/ledger.service.ts";

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
