// `npm run bench:vouchers`: a voucher's limits under a rush on PostgreSQL (issue 42), through the shop's own
// procedures (`orders.quote` then `orders.place`, as the checkout calls them). Three runs, each on a fresh store:
// - 1,000 shoppers tap "Bayar" twice (one idempotency key each) for a platform voucher limited to 100 uses;
// - one shopper's 50 parallel checkouts against a per-shopper limit of 1;
// - 1,000 shoppers against a budget that pays 100 uses.
// It prints how many were placed with the voucher, the counters and the ledger's check, the time to answer them
// all and p50/p99 per request. A benchmark, not a test: it exits 1 only if a limit did not hold.
//
// Settings (optional): BENCH_DATABASE_URL (a PostgreSQL maintenance database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_SHOPPERS (default 1000).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { benchDatabase } from "./bench-database.ts";
import { rush } from "./bench-rush.ts";
import { checkLedger } from "../server/modules/ledger/ledger.service.ts";
import { vouchers } from "../server/modules/promotions/promotions.tables.ts";
import { signedInUser } from "../tests/setup/money.ts";
import {
  credit,
  listing,
  manyShoppers,
  merchantWithStore,
  placeOrder,
  supplyProduct,
} from "../tests/setup/shop.ts";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const crowdSize = Number(process.env.BENCH_SHOPPERS ?? 1000);
const uses = 100;
const poolSize = 10;

async function main() {
  const { database, drop } = await benchDatabase(adminUrl, "vouchers", poolSize);
  let held = true;
  try {
    const ops = await signedInUser(database, "operator");
    const merchant = await merchantWithStore(database, { autoPay: true });
    await credit(ops, merchant.email, 50_000_000);
    const supplyId = await supplyProduct(database, { stock: crowdSize * 3, merchantPrice: 40_000 });
    const listingId = await listing(database, merchant.storeId, supplyId, 100_000);
    const voucher = async (over: { usageLimit?: number; perShopperLimit?: number; budget?: number }) =>
      (
        await ops.api.ops.vouchers.create({
          kind: "platform",
          storeIds: null,
          voucher: {
            code: null,
            discount: { type: "amount", amount: 30_000 },
            minSpend: 0,
            startsAt: new Date(Date.now() - 60_000),
            endsAt: new Date(Date.now() + 86_400_000),
            usageLimit: over.usageLimit ?? null,
            perShopperLimit: over.perShopperLimit ?? 1,
            budget: over.budget ?? null,
          },
        })
      ).id;
    type Shopper = Awaited<ReturnType<typeof manyShoppers>>[number];
    const buy = (s: Shopper, id: string, key: string) =>
      placeOrder(s.api, {
        lines: [{ listingId, quantity: 1 }],
        addressId: s.addressId,
        method: "wallet",
        fromCart: false,
        vouchers: [id],
        idempotencyKey: key,
      });
    const counters = async (id: string) => {
      const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, id));
      return { used: row!.used, spent: row!.spent };
    };
    const rows: string[] = [];
    const report = (
      what: string,
      r: Awaited<ReturnType<typeof rush>>,
      c: { used: number; spent: number },
      want: number,
    ) => {
      held &&= r.placed === want && c.used === want && c.spent === want * 30_000;
      rows.push(
        `| ${what} | ${r.placed} | ${c.used} / Rp ${c.spent.toLocaleString("id-ID")} | ${r.seconds.toFixed(1)} s | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms |`,
      );
    };

    console.log(`Making ${crowdSize * 2 + 1} shoppers …`);
    const crowd = await manyShoppers(database, crowdSize, 1_000_000);
    const limited = await voucher({ usageLimit: uses });
    const first = await rush(
      crowd.flatMap((s) => {
        const key = randomBytes(12).toString("base64url");
        return [() => buy(s, limited, key), () => buy(s, limited, key)];
      }),
    );
    // Both taps of a shopper who got it answer with the same orders: count shoppers, not answers.
    const placedShoppers = (await Promise.all(crowd.map((s) => s.api.wallet.summary()))).filter(
      (w) => w.balance < 1_000_000,
    ).length;
    report(
      `${crowdSize} × 2 taps, ${uses} uses`,
      { ...first, placed: placedShoppers },
      await counters(limited),
      uses,
    );

    const [one] = await manyShoppers(database, 1, 10_000_000);
    const perShopper = await voucher({ perShopperLimit: 1 });
    const second = await rush(
      Array.from({ length: 50 }, () => () => buy(one!, perShopper, randomBytes(12).toString("base64url"))),
    );
    report("1 shopper × 50 checkouts, 1 per shopper", second, await counters(perShopper), 1);

    const others = await manyShoppers(database, crowdSize, 1_000_000);
    const budgeted = await voucher({ budget: uses * 30_000 + 29_999 });
    const third = await rush(
      others.map((s) => () => buy(s, budgeted, randomBytes(12).toString("base64url"))),
    );
    report(`${crowdSize} shoppers, budget for ${uses}`, third, await counters(budgeted), uses);

    const ledger = await checkLedger(database.db);
    held &&= ledger.ok;
    console.log(`\nA voucher's limits under a rush on PostgreSQL (pool of ${poolSize} connections)\n`);
    console.log("| run | placed with it | used / spent | all answered in | p50 / p99 |");
    console.log("|---|---|---|---|---|");
    for (const row of rows) console.log(row);
    console.log(`\nLedger: ${ledger.ok ? "balanced" : "NOT balanced"} (${ledger.transfers} transfers)`);
    console.log(held ? "Every limit held." : "A LIMIT DID NOT HOLD.");
  } finally {
    await drop();
  }
  if (!held) process.exit(1);
}

await main();
