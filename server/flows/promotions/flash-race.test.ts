// Issue 42: a flash slot never oversells and nobody gets more than the limit, whatever the rush. On PostgreSQL the
// shoppers race over a pool of connections; PGlite's one connection makes transactions serial, so a smaller crowd
// proves the same there. The 1,000-shopper run is `npm run bench:flash` (scripts/bench-flash.ts).
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { intoSlot, storeWithFlashSlot } from "../../../tests/setup/flash.ts";
import { manyShoppers, placeOrder } from "../../../tests/setup/shop.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { productVariants } from "../../modules/catalog/catalog.tables.ts";
import { orderItems, orders } from "../../modules/orders/orders.tables.ts";
import { flashItems, flashQuotas } from "../../modules/promotions/flash.tables.ts";

let database: TestDatabase;
let restore: (() => void) | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => {
  restore?.();
  return database.destroy();
});
afterEach(() => expectLedgerBalanced(database));

const shoppers = testDbKind === "postgres" ? 100 : 12;
const units = testDbKind === "postgres" ? 20 : 4;
const limit = 2;

it(
  `${shoppers} shoppers, two checkouts of ${limit} each, for a slot of ${units}: exactly ${units} sold at the flash price, nobody over ${limit}`,
  { timeout: 240_000 },
  async () => {
    const ops = await signedInUser(database, "operator");
    const { listingId, variantId, itemId, startsAt } = await storeWithFlashSlot(database, ops, {
      stock: 5_000,
      enrol: { flashPrice: 50_000, slotStock: units, perShopperLimit: limit },
    });
    restore = await intoSlot(database, startsAt);
    const crowd = await manyShoppers(database, shoppers, 500_000);
    // Each shopper's checkout showed the flash price: two tabs, each placing two units as shown.
    const quote = await crowd[0]!.api.orders.quote({
      lines: [{ listingId, quantity: limit }],
      addressId: crowd[0]!.addressId,
    });
    const buy = (s: (typeof crowd)[number]) =>
      placeOrder(s.api, {
        lines: [{ listingId, quantity: limit }],
        addressId: s.addressId,
        method: "wallet",
        fromCart: false,
        expectedTotal: quote.total,
        idempotencyKey: newKey(),
      });
    const results = await Promise.allSettled(crowd.flatMap((s) => [buy(s), buy(s)]));
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT" });
    }
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(units / limit);
    expect((await database.db.select().from(flashItems).where(eq(flashItems.id, itemId!)))[0]).toMatchObject({
      carved: units,
      sold: units,
    });
    const lines = await database.db
      .select({ userId: orders.userId, quantity: orderItems.quantity, price: orderItems.price })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(isNotNull(orderItems.flashItemId));
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(units);
    expect(lines.every((l) => l.price === 50_000)).toBe(true);
    const perShopper = new Map<string, number>();
    for (const l of lines) perShopper.set(l.userId, (perShopper.get(l.userId) ?? 0) + l.quantity);
    expect(Math.max(...perShopper.values())).toBeLessThanOrEqual(limit);
    const quotas = await database.db.select().from(flashQuotas).where(eq(flashQuotas.itemId, itemId!));
    expect(quotas.reduce((sum, q) => sum + q.used, 0)).toBe(units);
    // Nothing was sold at the listed price unseen: the variant kept what the slot did not carve.
    const [stock] = await database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    expect(stock!.stock).toBe(5_000 - units);
  },
);
