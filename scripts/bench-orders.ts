// `npm run bench:orders`: placing orders on PostgreSQL, through the shop's own procedure (`orders.place`:
// validation, idempotency key, stock reservation, one order per store, payment from the wallet through the
// ledger, goods payment, timeline) and, beside it, the same transaction written by hand with `pg` in this
// script. Each shopper buys one product of one store, paid from the wallet; orders per second and p50/p95 at a
// few concurrency levels. A benchmark, not a test: it prints a table and exits 0.
//
// Settings (optional): BENCH_DATABASE_URL (a PostgreSQL maintenance database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_ORDERS (orders per level; default 400).
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { JobQueue } from "../server/platform/jobs.ts";
import { benchDatabase } from "./bench-database.ts";
import { newId } from "../server/platform/ids.ts";
import { listing, manyShoppers, merchantWithStore, placeOrder, supplyProduct } from "../tests/setup/shop.ts";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const perLevel = Number(process.env.BENCH_ORDERS ?? 400);
const levels = [1, 4, 16, 32];
const poolSize = 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Runs `count` calls of `work` with `concurrency` at once; orders per second and latency percentiles. */
async function run(count: number, concurrency: number, work: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await work(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function main() {
  const { database, url, drop } = await benchDatabase(adminUrl, "orders", poolSize);
  const jobs = database.jobs;
  const plain = new pg.Pool({ connectionString: url, max: poolSize });
  // The database is dropped with (force) at the end: its idle connections are terminated, which is expected.
  plain.on("error", () => {});
  try {
    const merchant = await merchantWithStore(database, { autoPay: false });
    const total = perLevel * levels.length * 2;
    const supplyId = await supplyProduct(database, { stock: total + 10, merchantPrice: 60_000 });
    const listingId = await listing(database, merchant.storeId, supplyId, 100_000);
    console.log(`Making ${total} shoppers …`);
    const shoppers = await manyShoppers(database, total, 1_000_000);
    const rows: string[] = [];
    let used = 0;

    for (const concurrency of levels) {
      const batch = shoppers.slice(used, used + perLevel);
      used += perLevel;
      const app = await run(perLevel, concurrency, (i) =>
        placeOrder(batch[i]!.api, {
          lines: [{ listingId, quantity: 1 }],
          addressId: batch[i]!.addressId,
          method: "wallet",
          fromCart: false,
          idempotencyKey: `bench-${concurrency}-${i}-${randomBytes(6).toString("hex")}`,
        }),
      );
      const direct = shoppers.slice(used, used + perLevel);
      used += perLevel;
      const baseline = await run(perLevel, concurrency, (i) =>
        plainPlace(plain, jobs, {
          userId: direct[i]!.id,
          addressId: direct[i]!.addressId,
          listingId,
          storeId: merchant.storeId,
          supplyId,
        }),
      );
      rows.push(
        `| ${concurrency} | ${app.perSecond.toFixed(0)} | ${app.p50.toFixed(1)} / ${app.p95.toFixed(1)} ms | ${baseline.perSecond.toFixed(0)} | ${baseline.p50.toFixed(1)} / ${baseline.p95.toFixed(1)} ms | ${(app.perSecond / baseline.perSecond).toFixed(2)}x |`,
      );
    }
    console.log(
      `\nPlacing orders on PostgreSQL (pool of ${poolSize} connections each, ${perLevel} orders per level)\n`,
    );
    console.log("| concurrency | orders.place/s | p50 / p95 | plain pg/s | p50 / p95 | ratio |");
    console.log("|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
  } finally {
    await plain.end();
    await drop();
  }
}

/**
 * The same placement written by hand: claim the idempotency key, read the address and the listing, take
 * the stock, write the order, its item, the payment and its link, move the total from the
 * wallet to escrow (balances in id order, the wallet's by a conditional update), mark it paid, start the
 * goods deadline (its job), count the sale and write the timeline; one transaction.
 */
async function plainPlace(
  pool: pg.Pool,
  jobs: JobQueue,
  input: { userId: string; addressId: string; listingId: string; storeId: string; supplyId: string },
) {
  const client = await pool.connect();
  const at = new Date();
  try {
    await client.query("begin");
    const key = randomBytes(12).toString("hex");
    await client.query(
      "insert into idempotency_keys (user_id, key, request_hash, created_at) values ($1, $2, $3, $4) on conflict do nothing",
      [input.userId, key, key, at],
    );
    const address = await client.query(
      "select name, mobile, area, postcode, detail from addresses where user_id = $1 and id = $2",
      [input.userId, input.addressId],
    );
    const line = await client.query(
      "select lv.price, v.merchant_price, v.id as variant_id from listing_variants lv join product_variants v on v.id = lv.variant_id join listings l on l.id = lv.listing_id join stores st on st.id = l.store_id where l.id = $1 and l.status = 'active' and lv.status = 'active' and v.status = 'active' and st.status = 'approved' order by v.id limit 1",
      [input.listingId],
    );
    const {
      price,
      merchant_price: merchantPrice,
      variant_id: variantId,
    } = line.rows[0] as {
      price: string;
      merchant_price: string;
      variant_id: string;
    };
    const taken = await client.query(
      "update product_variants set stock = stock - 1 where id = $1 and stock >= 1",
      [variantId],
    );
    if (taken.rowCount !== 1) throw new Error("out of stock");
    const subtotal = Number(price);
    const vat = Math.round((subtotal * 11) / 100);
    const orderTotal = subtotal + 10_000 + 1_000 + vat;
    const orderId = newId("ord");
    const paymentId = newId("chk");
    const due = new Date(at.getTime() + 3_600_000);
    await client.query(
      `insert into orders (id, code, user_id, store_id, status, address, subtotal, goods_cost, postage, service_fee, vat, total, payment_method, pay_due_at, created_at, updated_at)
       values ($1, $2, $3, $4, 'pending_payment', $5, $6, $7, 10000, 1000, $8, $9, 'wallet', $10, $11, $11)`,
      [
        orderId,
        `B${randomBytes(7).toString("hex")}`,
        input.userId,
        input.storeId,
        JSON.stringify(address.rows[0]),
        subtotal,
        Number(merchantPrice),
        vat,
        orderTotal,
        due,
        at,
      ],
    );
    await client.query(
      "insert into order_items (order_id, listing_id, supply_product_id, variant_id, name, variant_label, sku, image, price, merchant_price, quantity, weight_grams, length_cm, width_cm, height_cm) select $1, l.id, s.id, v.id, s.name, null, v.sku, null, lv.price, v.merchant_price, 1, v.weight_grams, v.length_cm, v.width_cm, v.height_cm from listings l join supply_products s on s.id = l.supply_product_id join listing_variants lv on lv.listing_id = l.id join product_variants v on v.id = lv.variant_id where l.id = $2 and v.id = $3",
      [orderId, input.listingId, variantId],
    );
    await client.query(
      "insert into order_events (id, order_id, event, actor, actor_id, data, at) values ($1, $2, 'placed', 'shopper', $3, null, $4)",
      [newId("evt"), orderId, input.userId, at],
    );
    await client.query(
      "insert into order_payments (id, user_id, method, amount, status, created_at, expires_at) values ($1, $2, 'wallet', $3, 'pending', $4, $5)",
      [paymentId, input.userId, orderTotal, at, due],
    );
    await client.query("insert into order_payment_orders (payment_id, order_id) values ($1, $2)", [
      paymentId,
      orderId,
    ]);
    // The deadline jobs as the app enqueues them: pg-boss's insert, in this transaction (a wallet payment, paid
    // here, has no expiry job; the goods deadline below has one).
    const inTransaction = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    // The ledger: both balances in id order ("platform:…" before "wallet:…"), the wallet's only if covered.
    await client.query("update ledger_accounts set balance = balance + $1 where id = 'platform:escrow'", [
      orderTotal,
    ]);
    const paid = await client.query(
      "update ledger_accounts set balance = balance - $1 where id = $2 and balance >= $1",
      [orderTotal, `wallet:${input.userId}`],
    );
    if (paid.rowCount !== 1) throw new Error("insufficient balance");
    await client.query(
      "insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, subject_type, subject_id, step, actor_id, created_at) values ($1, $2, 'platform:escrow', $3, 'prd_order_pay', 'order', $4, 'pay', $5, $6)",
      [newId("trf"), `wallet:${input.userId}`, orderTotal, orderId, input.userId, at],
    );
    await client.query("update order_payments set status = 'paid', paid_at = $2 where id = $1", [
      paymentId,
      at,
    ]);
    const goodsDue = new Date(at.getTime() + 24 * 3_600_000);
    await client.query(
      "update orders set status = 'paid', paid_at = $2, paid_by = $3, goods_due_at = $4, updated_at = $2 where id = $1 and status = 'pending_payment'",
      [orderId, at, paymentId, goodsDue],
    );
    await client.query("update listings set sales = sales + 1 where id = $1", [input.listingId]);
    await jobs.boss.send(
      "order.goods_expire",
      { subjectId: orderId },
      { startAfter: goodsDue, singletonKey: orderId, db: inTransaction },
    );
    await client.query(
      "insert into order_events (id, order_id, event, actor, actor_id, data, at) values ($1, $2, 'paid', 'shopper', $3, null, $4), ($5, $2, 'goods_waiting', 'system', null, null, $4)",
      [newId("evt"), orderId, input.userId, at, newId("evt")],
    );
    await client.query("update idempotency_keys set response = $3 where user_id = $1 and key = $2", [
      input.userId,
      key,
      JSON.stringify({ orderIds: [orderId] }),
    ]);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

await main();
