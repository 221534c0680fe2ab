// The two-instance soak (decision 27): the shop as it would run on several machines, on this one. Two production
// servers (`server/main.ts`, the built pages) behind nginx, on a PostgreSQL primary with a streaming replica of
// its own (scripts/pg-pair.ts), Redis, and an S3-compatible bucket (S3rver). Shoppers place, pay (from the wallet),
// cancel and complete orders, a store pays its goods, the operator ships, and visitors browse, all through nginx
// at once, while one instance is killed with SIGKILL and started again and the replica is stopped and started.
// A client does what the shop's own pages do: a write that got no answer is sent again with the same idempotency
// key. Afterwards every write that was answered must be there, the ledger must balance, no order may have been paid
// (or cancelled, refunded, shipped, completed) twice, the goods deadlines must have fired once each across both
// instances' workers, stock must add up, and both instances must show the same catalogue and settings within a
// second of a change. It prints what it did and exits 1 when anything does not hold.
//
//   node scripts/soak.ts            the benchmark form: 120 s of traffic (SOAK_SECONDS), the figures in docs/
//   node scripts/soak.ts --short    the form the test suite runs (scripts/soak.test.ts): 24 s
//
// Settings (optional): SOAK_SECONDS, SOAK_SHOPPERS (default 24), SOAK_PORT (first of the ports it uses; default
// 5460 for PostgreSQL, 3460 for HTTP), REDIS_URL (default redis://127.0.0.1:6379/9, emptied first).
//
// Its parts: scripts/soak-client.ts (the shop's API as the pages call it) and scripts/soak-machines.ts (the servers
// and nginx).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import pg from "pg";
import { platformCode } from "../common/platform.ts";
import { createS3Storage } from "../server/adapters/s3-storage.ts";
import { openPostgres } from "../server/db/client.ts";
import { jobHandlers, periodicTasks } from "../server/flows/jobs.ts";
import { checkLedger } from "../server/modules/ledger/ledger.service.ts";
import { openJobQueue } from "../server/platform/jobs.ts";
import { createLogger } from "../server/platform/logger.ts";
import { requireBuild } from "../tests/setup/build.ts";
import { pinProof, signedInUser } from "../tests/setup/money.ts";
import { s3Credentials, startS3 } from "../tests/setup/s3.ts";
import { listing, manyShoppers, merchantWithStore, supplyProduct } from "../tests/setup/shop.ts";
import type { TestDatabase } from "../tests/setup/test-db.ts";
import { startPgPair } from "./pg-pair.ts";
import { call, counts, write } from "./soak-client.ts";
import { instance, startNginx, stopAll } from "./soak-machines.ts";

const short = process.argv.includes("--short");
const seconds = Number(process.env.SOAK_SECONDS ?? (short ? 24 : 120));
const shopperCount = Number(process.env.SOAK_SHOPPERS ?? (short ? 16 : 24));
const pgPort = Number(process.env.SOAK_PORT ?? 5460);
const httpPort = pgPort - 2000;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/9";
const startingStock = 100_000;
const balance = 50_000_000;

const log = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);
const t0 = performance.now();

// ------------------------------------------------------------------------------------------------ the soak

interface Shopper {
  token: string;
  addressId: string;
  /** Orders the shop answered as placed, with what became of them. */
  orders: {
    id: string;
    listingId: string;
    quantity: number;
    state: "paid" | "cancelled" | "shipped" | "completed";
  }[];
}

async function main() {
  requireBuild();
  const work = await mkdtemp(path.join(tmpdir(), "pasar-soak-"));
  log(`work folder ${work}`);
  const pair = startPgPair(pgPort);
  const s3 = await startS3("pasar-soak");
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
  log(
    `PostgreSQL primary ${pair.primaryUrl}, replica ${pair.replicaUrl}; S3 ${s3.endpoint}; Redis ${redisUrl}`,
  );

  // The shop's data, written as the tests write it: stores, products, shoppers with money.
  const primary = await openPostgres(pair.primaryUrl, { max: 5 });
  await primary.migrate();
  const storage = createS3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    ...s3Credentials,
    forcePathStyle: true,
  });
  const jobs = await openJobQueue(primary, {
    handlers: jobHandlers(),
    periodic: periodicTasks(),
    log: createLogger("silent"),
    worker: false,
  });
  const database: TestDatabase = {
    ...primary,
    storage,
    uploadsDir: work,
    jobs,
    destroy: async () => {
      await jobs.stop();
      await primary.close();
    },
  };
  const operator = await signedInUser(database, "operator");
  const autoStore = await merchantWithStore(database, { autoPay: true });
  const manualStore = await merchantWithStore(database, { autoPay: false });
  const supplyA = await supplyProduct(database, { stock: startingStock, merchantPrice: 60_000 });
  const supplyB = await supplyProduct(database, { stock: startingStock, merchantPrice: 40_000 });
  const listingA = await listing(database, autoStore.storeId, supplyA, 100_000);
  const listingB = await listing(database, manualStore.storeId, supplyB, 75_000);
  // Both stores have money for the goods: one pays them as each order comes, the other by hand (and leaves some).
  for (const store of [autoStore, manualStore]) {
    await operator.api.ops.money.adjust({
      account: store.email,
      amount: 100_000_000,
      reason: "soak",
      idempotencyKey: randomBytes(12).toString("base64url"),
    });
  }
  const people = await manyShoppers(database, shopperCount, balance);
  const shoppers: Shopper[] = people.map((p) => ({ token: p.token, addressId: p.addressId, orders: [] }));
  log(`data: 2 stores, 2 products (stock ${startingStock} each), ${shopperCount} shoppers`);

  // Two production servers behind nginx.
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: pair.primaryUrl,
    DATABASE_REPLICA_URLS: pair.replicaUrl,
    REDIS_URL: redisUrl,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    SEED_DEMO_DATA: "false",
    DATA_DIR: work,
    JOB_POLL_SECONDS: "0.5",
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
  };
  const a = instance("a", httpPort + 1, env, work);
  const b = instance("b", httpPort + 2, env, work);
  await Promise.all([a.start(), b.start()]);
  const nginx = await startNginx(httpPort, [a.port, b.port], work);
  const front = `http://127.0.0.1:${httpPort}`;
  log(`instances on ${a.port} and ${b.port}, nginx on ${httpPort}`);

  // Traffic for `seconds`, and on a machine too busy to have taken every path by then (the test suite's other
  // files share its cores), on until it has (what scripts/soak.test.ts asks), for at most twice as long again.
  // Chaos on a timetable within the first `seconds`.
  const planned = performance.now() + seconds * 1000;
  const latest = planned + 2 * seconds * 1000;
  let stoppedAt: number | undefined;
  // More than these of each: every path taken (scripts/soak.test.ts asks the same of the summary).
  const everyPath = { placed: 100, shipped: 10, confirmed: 10, cancelled: 10 } as const;
  const going = () => {
    const t = performance.now();
    const enough = Object.entries(everyPath).every(
      ([path, least]) => done[path as keyof typeof everyPath] > least,
    );
    if (stoppedAt === undefined && t >= planned && (enough || t >= latest)) stoppedAt = t;
    return stoppedAt === undefined;
  };
  const events: string[] = [];
  const at = (fraction: number, what: string, act: () => Promise<void> | void) =>
    (async () => {
      await sleep(seconds * 1000 * fraction);
      log(what);
      events.push(`${Math.round(seconds * fraction)} s: ${what}`);
      await act();
    })();
  const chaos = Promise.all([
    at(0.25, "instance a killed (SIGKILL)", () => a.kill()),
    at(0.35, "instance a started again", () => a.start()),
    at(0.55, "replica stopped", () => pair.stopReplica()),
    at(0.7, "replica started again", () => pair.startReplica()),
  ]);

  const done = {
    placed: 0,
    cancelled: 0,
    confirmed: 0,
    shipped: 0,
    goodsPaid: 0,
    browsed: 0,
    browseFailed: 0,
  };
  const shopperLoop = async (s: Shopper, i: number) => {
    while (going()) {
      const roll = Math.random();
      const shipped = s.orders.filter((o) => o.state === "shipped");
      const paid = s.orders.filter((o) => o.state === "paid");
      if (roll < 0.55 || s.orders.length === 0) {
        const listingId = i % 2 === 0 ? listingA : listingB;
        const quantity = 1 + Math.floor(Math.random() * 2);
        const lines = [{ listingId, quantity }];
        const quote = await call<{
          stores: {
            storeId: string;
            shipping: { selected: { courier: string; service: string; price: number } };
          }[];
        }>(front, "orders.quote", { lines, addressId: s.addressId }, { token: s.token });
        if (!quote.ok) continue;
        const shipping = quote.data!.stores.map((st) => ({
          storeId: st.storeId,
          courier: st.shipping.selected.courier,
          service: st.shipping.selected.service,
          price: st.shipping.selected.price,
        }));
        const placed = await write<{ orderIds: string[] }>(
          front,
          "orders.place",
          { lines, addressId: s.addressId, method: "wallet", proof: pinProof, fromCart: false, shipping },
          s.token,
        );
        if (placed?.ok) {
          for (const id of placed.data!.orderIds) s.orders.push({ id, listingId, quantity, state: "paid" });
          done.placed++;
        }
      } else if (roll < 0.7 && paid.length > 0) {
        const order = paid[Math.floor(Math.random() * paid.length)]!;
        const answer = await write(front, "orders.cancel", { id: order.id }, s.token);
        if (answer?.ok) {
          order.state = "cancelled";
          done.cancelled++;
        }
      } else if (shipped.length > 0) {
        const order = shipped[0]!;
        const answer = await write(front, "orders.confirm", { id: order.id }, s.token);
        if (answer?.ok) {
          order.state = "completed";
          done.confirmed++;
        }
      } else {
        await sleep(50);
      }
    }
  };
  const operatorLoop = async () => {
    while (going()) {
      // Ships what the shoppers have paid for (an order cancelled meanwhile is refused: CONFLICT).
      const candidates = shoppers.flatMap((s) =>
        s.orders.filter((o) => o.state === "paid" && o.listingId === listingA),
      );
      const order = candidates[Math.floor(Math.random() * candidates.length)];
      if (!order) {
        await sleep(100);
        continue;
      }
      const answer = await write(front, "ops.orders.ship", { id: order.id }, operator.token);
      if (answer?.ok) {
        order.state = "shipped";
        done.shipped++;
      }
    }
  };
  const merchantLoop = async () => {
    let round = 0;
    while (going()) {
      await sleep(1500);
      // Every other round the store pays the goods of what is waiting; what waits at the end is left unpaid.
      if (round++ % 2 === 0 || performance.now() > planned - 3000) continue;
      const answer = await write<{ paid: number }>(front, "merchantOrders.payGoods", {}, manualStore.token);
      if (answer?.ok) done.goodsPaid += answer.data!.paid;
    }
  };
  const browseLoop = async () => {
    while (going()) {
      const answer = await call(front, "listings.list", { sort: "newest" });
      if (answer.ok) done.browsed++;
      else done.browseFailed++;
    }
  };
  const started = performance.now();
  await Promise.all([
    ...shoppers.map(shopperLoop),
    operatorLoop(),
    merchantLoop(),
    browseLoop(),
    browseLoop(),
    chaos,
  ]);
  const trafficSeconds = (performance.now() - started) / 1000;
  log(
    `traffic done: ${done.placed} orders placed, ${done.cancelled} cancelled, ${done.shipped} shipped, ${done.confirmed} completed`,
  );

  // Deadlines: the goods the store left unpaid come due now (the job's time moved, as a clock would), and both
  // instances' workers compete for them.
  const admin = new pg.Client({ connectionString: pair.primaryUrl });
  await admin.connect();
  const due = await admin.query(
    "update pgboss.job set start_after = now() where name = 'order.goods_expire' and state = 'created' returning id",
  );
  log(`${due.rowCount} goods deadlines made due`);
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await admin.query<T>(text, values)).rows;
  const deadlineWait = performance.now() + 30_000;
  while (performance.now() < deadlineWait) {
    const [left] = await q<{ n: string }>(
      "select count(*) as n from pgboss.job where name = 'order.goods_expire' and state in ('created', 'retry', 'active') and start_after <= now()",
    );
    if (Number(left!.n) === 0) break;
    await sleep(250);
  }

  // ---------------------------------------------------------------------------------------- what must hold
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
    log(`${ok ? "ok  " : "FAIL"} ${what}`);
  };

  const acknowledged = shoppers.flatMap((s) => s.orders);
  const stored = new Map(
    (
      await q<{ id: string; status: string; cancel_reason: string | null }>(
        "select id, status, cancel_reason from orders",
      )
    ).map((r) => [r.id, r]),
  );
  const missing = acknowledged.filter((o) => !stored.has(o.id));
  check(
    missing.length === 0,
    `every order answered as placed is stored (${acknowledged.length} answered, ${missing.length} missing)`,
  );
  const wrongState = acknowledged.filter((o) => {
    const status = stored.get(o.id)?.status;
    if (o.state === "cancelled") return status !== "cancelled";
    if (o.state === "completed") return status !== "completed";
    if (o.state === "shipped") return status !== "shipped" && status !== "completed";
    return false;
  });
  check(
    wrongState.length === 0,
    `every cancel, shipment and receipt answered is stored (${wrongState.length} not)`,
  );
  const extra = [...stored.keys()].filter((id) => !acknowledged.some((o) => o.id === id));
  log(
    `     orders stored that no answer reached (placed, but the answer was lost to a killed instance): ${extra.length}`,
  );

  const twice = await q<{ order_id: string; event: string; n: string }>(
    "select order_id, event, count(*) as n from order_events group by 1, 2 having count(*) > 1",
  );
  check(
    twice.length === 0,
    `no order paid, cancelled, refunded, shipped or completed twice (${twice.length} repeated events)`,
  );

  const ledger = await checkLedger(primary.db);
  check(
    ledger.ok && ledger.total === 0n,
    `the ledger balances (${ledger.mismatches.length} mismatches, total ${ledger.total})`,
  );

  const [deadlines] = await q<{ fired: string; failed: string; left: string }>(
    `select count(*) filter (where state = 'completed') as fired,
            count(*) filter (where state = 'failed') as failed,
            count(*) filter (where state in ('created', 'retry', 'active') and start_after <= now()) as left
     from pgboss.job where name = 'order.goods_expire'`,
  );
  const [unpaidCancelled] = await q<{ n: string }>(
    "select count(*) as n from orders where cancel_reason = 'goods_unpaid'",
  );
  const [goodsWaiting] = await q<{ n: string }>(
    "select count(*) as n from orders o where o.status not in ('cancelled') and o.goods_paid_at is null and o.store_id = $1",
    [manualStore.storeId],
  );
  check(
    Number(deadlines!.failed) === 0 && Number(deadlines!.left) === 0,
    `every due goods deadline fired, none failed (${deadlines!.fired} jobs done; ${unpaidCancelled!.n} orders cancelled for unpaid goods, each once; ${goodsWaiting!.n} unpaid left)`,
  );

  const [stock] = await q<{ stock: string; sold: string }>(
    `select (select sum(stock) from product_variants) as stock,
            (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id where o.status <> 'cancelled') as sold`,
  );
  check(
    Number(stock!.stock) + Number(stock!.sold) === 2 * startingStock,
    `stock adds up: ${stock!.stock} on hand + ${stock!.sold} sold = ${2 * startingStock}`,
  );

  // Caches agree: a change written through one instance shows on both within a second.
  const title = `Pasar ${randomBytes(3).toString("hex")}`;
  await write(
    a.base,
    "ops.settings.updateSite",
    { title, desc: "Belanja hemat", supportWhatsapp: "", supportEmail: "" },
    operator.token,
  );
  const sameWithin = performance.now() + 1000;
  let agree = false;
  while (performance.now() < sameWithin && !agree) {
    const seen = await Promise.all(
      [a, b].map(
        async (x) =>
          (await call<{ title: string }>(x.base, "settings.webConfig", { platformCode })).data?.title,
      ),
    );
    agree = seen.every((t) => t === title);
    if (!agree) await sleep(50);
  }
  check(agree, "a setting changed through one instance shows on both within a second");
  const products = await Promise.all(
    [a, b].map(async (x) => JSON.stringify((await call(x.base, "listings.get", { id: listingA })).data)),
  );
  check(products[0] === products[1], "both instances show the same product");

  // ---------------------------------------------------------------------------------------- figures
  const summary = {
    seconds: Math.round(trafficSeconds),
    shoppers: shopperCount,
    ordersPlaced: done.placed,
    ordersPerSecond: Number((done.placed / trafficSeconds).toFixed(1)),
    cancelled: done.cancelled,
    shipped: done.shipped,
    completed: done.confirmed,
    goodsPaid: done.goodsPaid,
    goodsDeadlinesFired: Number(deadlines!.fired),
    browseReads: done.browsed,
    browsePerSecond: Math.round(done.browsed / trafficSeconds),
    browseFailed: done.browseFailed,
    writesSent: counts.calls,
    unansweredAndSentAgain: counts.unanswered,
    refused: Object.fromEntries(counts.refused),
    lostWrites: missing.length + wrongState.length,
    events,
    failures,
  };
  console.log(`SOAK ${JSON.stringify(summary)}`);

  nginx.stop();
  a.kill();
  b.kill();
  await admin.end();
  await database.destroy();
  await s3.stop();
  pair.stop();
  const errorLog = readFileSync(path.join(work, "nginx-error.log"), "utf8");
  if (failures.length > 0) {
    for (const name of ["a", "b"]) {
      console.log(`--- the end of instance ${name}'s log:`);
      console.log(
        readFileSync(path.join(work, `${name}.log`), "utf8")
          .split("\n")
          .slice(-20)
          .join("\n"),
      );
    }
    console.log(`--- nginx:\n${errorLog.split("\n").slice(-10).join("\n")}`);
  }
  await rm(work, { recursive: true, force: true });
  process.exit(failures.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
