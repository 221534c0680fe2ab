// Benchmark (not a test): seeds 10,000 products, then reports p50/p95 of the list, search and product
// procedures through createCaller, the response times of the pages over HTTP (production build), and
// the query plans of the list and search queries.
// Usage: npm run build && node scripts/bench-catalog.ts          (PGlite; BENCH_PORT, default 3291)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench-catalog.ts
//        (BENCH_KEEP_DATABASE=1 keeps the PostgreSQL database afterwards, to look at plans by hand)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger as DrizzleLogger } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { createSandboxGateway } from "#server/modules/gateway/gateway.service.ts";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { postgresOptions, tunePglite, type Db } from "../server/db/client.ts";
import * as schema from "../server/db/schema.ts";
import { seedDemoData } from "../server/seed/seed.ts";
import { newId } from "../server/platform/ids.ts";
import { createLogger } from "../server/platform/logger.ts";
import { createRateLimits } from "../server/platform/rate-limit.ts";
import { createLocalStorage } from "../server/platform/storage.ts";
import { createCaller } from "../server/api/app-router.ts";
import { createContextFactory } from "../server/trpc/context.ts";
import { serverArgs, serverEnvironment } from "./server-command.ts";

const target = 10_000;
const runs = 40;
const root = path.resolve(import.meta.dirname, "..");
const migrationsFolder = path.join(root, "server/db/migrations");

/** Records every statement so its plan can be shown. */
const statements: { query: string; params: unknown[] }[] = [];
const recorder: DrizzleLogger = { logQuery: (query, params) => statements.push({ query, params }) };

const dataDir = await mkdtemp(path.join(tmpdir(), "pasar-bench-"));
const pgUrl = process.env.BENCH_DATABASE_URL;
let db: Db;
let explain: (query: string, params: unknown[]) => Promise<string[]>;
/** Releases the benchmark's own connection (the page server then opens the database itself). */
let close: () => Promise<void>;
/** Removes what the benchmark created, once the page server has stopped. */
let dispose: () => Promise<void> = async () => {};
// Fresh statistics after the bulk load, as autovacuum (PostgreSQL) or the server (PGlite) would give them.
let analyze: () => Promise<void>;
let serverEnv: Record<string, string>;
if (pgUrl) {
  const name = `pasar_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client(pgUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5, options: postgresOptions });
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  db = drizzlePg({ client: pool, schema, casing: "snake_case", logger: recorder }) as unknown as Db;
  explain = async (query, params) =>
    (await pool.query(`explain analyze ${query}`, params)).rows.map(
      (r: Record<string, string>) => r["QUERY PLAN"]!,
    );
  close = () => pool.end();
  // What autovacuum does after a bulk load (this machine's PostgreSQL runs with autovacuum off).
  analyze = async () => {
    await pool.query("analyze");
  };
  dispose = async () => {
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name} for inspection`);
    else await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  };
  serverEnv = { DATABASE_URL: url.toString() };
} else {
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  await tunePglite(client);
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  db = drizzlePglite({ client, schema, casing: "snake_case", logger: recorder }) as unknown as Db;
  explain = async (query, params) =>
    (await client.query<Record<string, string>>(`explain analyze ${query}`, params)).rows.map(
      (r) => r["QUERY PLAN"]!,
    );
  close = () => client.close();
  analyze = async () => {
    await client.exec("analyze");
  };
  serverEnv = {};
}

const storage = createLocalStorage(path.join(dataDir, "uploads"));
const log = createLogger("warn");
console.log(
  `seeding the demo shop and growing it to ${target} products (${pgUrl ? "PostgreSQL" : "PGlite"})…`,
);
await seedDemoData(db, storage, log, { imageSize: 48 });

// Grow the catalogue with variants of the demo products: same categories, varied names and prices.
const colours = [
  ["Merah", "Red", "红色"],
  ["Biru", "Blue", "蓝色"],
  ["Hijau", "Green", "绿色"],
  ["Hitam", "Black", "黑色"],
  ["Putih", "White", "白色"],
  ["Kuning", "Yellow", "黄色"],
  ["Ungu", "Purple", "紫色"],
  ["Abu-abu", "Grey", "灰色"],
] as const;
// Each base product with its first variant's prices: a grown product has one variant, listed at one price.
const variants = await db.query.productVariants.findMany();
const base = (await db.query.supplyProducts.findMany()).map((p) => {
  const v = variants.find((x) => x.supplyProductId === p.id)!;
  return { ...p, merchantPrice: v.merchantPrice, suggestedPrice: v.suggestedPrice, variant: v };
});
const stores = await db.query.stores.findMany();
const started = Date.now();
let made = base.length;
let batch: (typeof schema.supplyProducts.$inferInsert)[] = [];
let variantBatch: (typeof schema.productVariants.$inferInsert)[] = [];
let listingBatch: (typeof schema.listings.$inferInsert)[] = [];
let priceBatch: (typeof schema.listingVariants.$inferInsert)[] = [];
const flush = async () => {
  if (batch.length) await db.insert(schema.supplyProducts).values(batch);
  if (variantBatch.length) await db.insert(schema.productVariants).values(variantBatch);
  if (listingBatch.length) await db.insert(schema.listings).values(listingBatch);
  if (priceBatch.length) await db.insert(schema.listingVariants).values(priceBatch);
  batch = [];
  variantBatch = [];
  listingBatch = [];
  priceBatch = [];
};
for (let i = 0; made < target; i++) {
  const p = base[i % base.length]!;
  const [ind, en, zh] = colours[i % colours.length]!;
  const series = Math.floor(i / base.length) + 2;
  const id = newId("sup");
  const price = Math.round((p.suggestedPrice * (0.9 + ((i * 37) % 40) / 100)) / 500) * 500;
  batch.push({
    id,
    categoryId: p.categoryId,
    name: {
      ind: `${p.name.ind} ${ind} Seri ${series}`,
      en: `${p.name.en}, ${en}, Series ${series}`,
      zh: `${p.name.zh} ${zh} 第${series}款`,
    },
    description: p.description,
    boutique: false,
  });
  const variantId = newId("var");
  const at = new Date();
  variantBatch.push({
    ...p.variant,
    id: variantId,
    supplyProductId: id,
    option1ValueId: null,
    option2ValueId: null,
    sku: id.toUpperCase(),
    merchantPrice: Math.min(p.merchantPrice, price),
    suggestedPrice: price,
    stock: 100,
    image: null,
    createdAt: at,
    updatedAt: at,
  });
  const listingId = newId("prd");
  listingBatch.push({
    id: listingId,
    storeId: stores[i % stores.length]!.id,
    supplyProductId: id,
    minPrice: price,
    maxPrice: price,
  });
  priceBatch.push({ listingId, variantId, price, pricedByStore: true });
  made++;
  if (batch.length === 500) await flush();
}
await flush();
await analyze();
console.log(`catalogue grown to ${made} supply products in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const deps = {
  db,
  storage,
  channels: {},
  limits: createRateLimits(),
  log,
  sessionTtlDays: 30,
  publicUrl: "http://localhost",
  gateway: createSandboxGateway(db, { publicUrl: "http://localhost" }),
  localOutbox: false,
};
const api = (lang: "ind" | "en" | "zh" = "ind") =>
  createCaller(
    createContextFactory(deps)({ headers: new Headers({ lang }), requestId: "bench", clientIp: "127.0.0.1" }),
  );

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const results: string[] = [];
const plans: { name: string; plan: string[] }[] = [];

async function measure(name: string, call: () => Promise<unknown>, showPlan = false) {
  await call(); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  results.push(
    `| ${name} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`,
  );
  if (showPlan) {
    statements.length = 0;
    await call();
    const main = statements.find((s) => s.query.includes('from "listings"')) ?? statements.at(-1)!;
    plans.push({ name, plan: await explain(main.query, main.params) });
  }
}

const first = await api().listings.list({ limit: 20 });
const productId = first.items[0]!.id;
await measure("catalog.home (hot, new, boutique)", () => api().catalog.home());
await measure("listings.list (newest, 20)", () => api().listings.list({ limit: 20 }), true);
await measure("listings.list page 5 by cursor", async () => {
  let cursor: string | undefined;
  for (let i = 0; i < 5; i++)
    cursor = (await api().listings.list({ limit: 20, cursor })).nextCursor ?? undefined;
});
await measure(
  "listings.list category 41, price up",
  () => api().listings.list({ categoryId: 41, sort: "priceAsc" }),
  true,
);
await measure('search "sepatu" (ind)', () => api("ind").listings.list({ q: "sepatu" }), true);
await measure(
  'search typo "snekers hitam" (en)',
  () => api("en").listings.list({ q: "snekers hitam" }),
  true,
);
await measure('search "运动鞋" (zh)', () => api("zh").listings.list({ q: "运动鞋" }));
await measure('search.suggest "lips"', () => api().search.suggest({ q: "lips" }));
await measure("listings.get", () => api().listings.get({ id: productId }));
await measure("stores.list (overall)", () => api().stores.list({}));
await close();

// Pages over HTTP: the production server on the same database.
const port = Number(process.env.BENCH_PORT ?? 3291);
if (
  await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  )
)
  throw new Error(`port ${port} is taken: stop what runs there or set BENCH_PORT`);
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env: {
    ...process.env,
    ...serverEnvironment,
    ...serverEnv,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO_DATA: "false",
    SMTP_URL: "smtp://127.0.0.1:1",
    SMS_WEBHOOK_URL: "http://127.0.0.1:1/sms",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const pageResults: string[] = [];
try {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const p of [
    "/h5",
    "/h5/products/list?category=41&sort=priceAsc",
    "/h5/products/list?q=snekers",
    `/h5/products/${productId}`,
  ]) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { "accept-language": "id" } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    pageResults.push(
      `| ${p} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`,
    );
  }
} finally {
  server.kill("SIGTERM");
  if (server.exitCode === null && server.signalCode === null)
    await new Promise((r) => server.once("exit", r));
  await dispose();
}

console.log(
  `\n${made} products, ${runs} sequential runs each, ${pgUrl ? "PostgreSQL" : "PGlite"}, this machine:\n`,
);
console.log("| procedure (createCaller) | p50 | p95 |\n|---|---|---|");
console.log(results.join("\n"));
console.log("\n| page (HTTP, production build) | p50 | p95 |\n|---|---|---|");
console.log(pageResults.join("\n"));
for (const p of plans) console.log(`\nPlan: ${p.name}\n${p.plan.map((l) => `    ${l}`).join("\n")}`);
