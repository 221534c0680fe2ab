// `npm run bench:flash`: a flash-sale slot under a rush on PostgreSQL (issue 42), through the shop's own
// procedures (`orders.quote` then `orders.place` with the total the checkout showed, as the checkout calls them):
// 1,000 shoppers, each placing two checkouts of 2 units at once, for a slot of 100 units with a limit of 2 per
// shopper. It prints how many were placed, the slot's counters, the most one shopper got, the ledger's check,
// the time to answer them all and p50/p99 per request. A benchmark, not a test: it exits 1 only if the slot
// oversold, a shopper got more than the limit, or anything was sold at another price.
//
// Settings (optional): BENCH_DATABASE_URL (a PostgreSQL maintenance database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_SHOPPERS (default 1000), BENCH_UNITS (default 100).
import { eq, isNotNull } from "drizzle-orm";
import { benchDatabase } from "./bench-database.ts";
import { rush } from "./bench-rush.ts";
import { checkLedger } from "../server/modules/ledger/ledger.service.ts";
import { orderItems, orders } from "../server/modules/orders/orders.tables.ts";
import { flashItems } from "../server/modules/promotions/flash.tables.ts";
import { intoSlot, storeWithFlashSlot } from "../tests/setup/flash.ts";
import { signedInUser } from "../tests/setup/money.ts";
import { manyShoppers, placeOrder } from "../tests/setup/shop.ts";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const crowdSize = Number(process.env.BENCH_SHOPPERS ?? 1000);
const units = Number(process.env.BENCH_UNITS ?? 100);
const limit = 2;
const poolSize = 10;

async function main() {
  const { database, drop } = await benchDatabase(adminUrl, "flash", poolSize);
  let held: boolean;
  try {
    const ops = await signedInUser(database, "operator");
    const { listingId, itemId, startsAt } = await storeWithFlashSlot(database, ops, {
      stock: units * 10,
      enrol: { flashPrice: 50_000, slotStock: units, perShopperLimit: limit },
    });
    // The slot's start, as its job runs it.
    await intoSlot(database, startsAt);

    console.log(`Making ${crowdSize} shoppers …`);
    const crowd = await manyShoppers(database, crowdSize, 1_000_000);
    const quote = await crowd[0]!.api.orders.quote({
      lines: [{ listingId, quantity: limit }],
      addressId: crowd[0]!.addressId,
    });
    type Shopper = (typeof crowd)[number];
    const buy = (s: Shopper) => () =>
      placeOrder(s.api, {
        lines: [{ listingId, quantity: limit }],
        addressId: s.addressId,
        method: "wallet",
        fromCart: false,
        expectedTotal: quote.total,
        idempotencyKey: crypto.randomUUID(),
      });
    const result = await rush(crowd.flatMap((s) => [buy(s), buy(s)]));

    const [item] = await database.db.select().from(flashItems).where(eq(flashItems.id, itemId!));
    const lines = await database.db
      .select({ userId: orders.userId, quantity: orderItems.quantity, price: orderItems.price })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(isNotNull(orderItems.flashItemId));
    const sold = lines.reduce((sum, l) => sum + l.quantity, 0);
    const perShopper = new Map<string, number>();
    for (const l of lines) perShopper.set(l.userId, (perShopper.get(l.userId) ?? 0) + l.quantity);
    const most = Math.max(0, ...perShopper.values());
    const ledger = await checkLedger(database.db);
    held =
      item!.sold === units &&
      sold === units &&
      most <= limit &&
      lines.every((l) => l.price === 50_000) &&
      result.placed === units / limit &&
      ledger.ok;
    console.log(`\nA flash slot under a rush on PostgreSQL (pool of ${poolSize} connections)\n`);
    console.log("| run | placed | slot sold / carved | most one shopper got | all answered in | p50 / p99 |");
    console.log("|---|---|---|---|---|---|");
    console.log(
      `| ${crowdSize} shoppers × 2 checkouts of ${limit}, slot of ${units} | ${result.placed} | ${item!.sold} / ${item!.carved} | ${most} | ${result.seconds.toFixed(1)} s | ${result.p50.toFixed(0)} / ${result.p99.toFixed(0)} ms |`,
    );
    console.log(`\nLedger: ${ledger.ok ? "balanced" : "NOT balanced"} (${ledger.transfers} transfers)`);
    console.log(held ? "The slot held: no oversell, nobody over the limit." : "THE SLOT DID NOT HOLD.");
  } finally {
    await drop();
  }
  if (!held) process.exit(1);
}

await main();
