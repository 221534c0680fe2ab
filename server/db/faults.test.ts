import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDatabase, adminUrl, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createTestApp, queryInput } from "../../tests/setup/test-app.ts";
import { databaseName, eventually, openThroughProxy, startProxy } from "../../tests/setup/db-proxy.ts";
import { buildDir, requireBuild } from "../../tests/setup/build.ts";
import { productionRenderer } from "../render.ts";
import { openJobQueue, scheduleJobOn, type JobQueue } from "../platform/jobs.ts";
import { silentLog } from "../../tests/setup/test-db.ts";
import { isDatabaseUnavailable, type Database } from "./client.ts";
import { transact } from "./transaction.ts";

const unavailableEn = "The service is briefly unavailable. Please try again in a moment.";

describe("isDatabaseUnavailable", () => {
  it("tells a database that is away from a query that is wrong", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(new Error("x", { cause: new Error("Connection terminated unexpectedly") })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("bad"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("duplicate key"))).toBe(false);
  });
});

describe.runIf(testDbKind === "postgres")("a PostgreSQL fault never stops the server", () => {
  let database: TestDatabase;
  let name: string;
  beforeAll(async () => {
    database = await createSeededDatabase();
    name = await databaseName(database.db);
  });
  afterAll(() => database.destroy());

  const search = (app: ReturnType<typeof createTestApp>, q: string) =>
    app.fetch(
      new Request(`http://localhost/trpc/listings.list?input=${queryInput({ q, limit: 5 })}`, {
        headers: { lang: "en" },
      }),
    );

  it("answers 503 (translated) or success while its connections are terminated, then recovers", async () => {
    const app = createTestApp(database);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const statuses: number[] = [];
    const messages = new Set<string>();
    let running = true;
    let terminated = 0;
    const traffic = Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let i = 0; running; i++) {
          const res = await search(app, ["tas", "sepatu", "phone", "batik"][(i + worker) % 4]!);
          statuses.push(res.status);
          if (res.status !== 200) messages.add((await res.json()).error.json.message);
          else await res.arrayBuffer();
        }
      }),
    );
    try {
      for (let round = 0; round < 5; round++) {
        await eventually(async () => statuses.length > (round + 1) * 10);
        const { rowCount } = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        terminated += rowCount ?? 0;
      }
      await eventually(async () => statuses.length > 80);
    } finally {
      running = false;
      await traffic;
      await admin.end();
    }
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect([...messages].filter((m) => m !== unavailableEn)).toEqual([]);
    // And later calls succeed again.
    await eventually(async () => (await search(app, "tas")).status === 200);
    for (let i = 0; i < 5; i++) expect((await search(app, "sepatu")).status).toBe(200);
    expect((await app.fetch(new Request("http://localhost/readyz"))).status).toBe(200);
  });

  it("while the server is stopped: 503 with a translated message, /readyz 503; recovers when it returns", async () => {
    const proxy = await startProxy(new URL(adminUrl));
    let proxied: Database | undefined;
    try {
      proxied = await openThroughProxy(proxy.port, name);
      const app = createTestApp({ ...database, ...proxied });
      expect((await search(app, "tas")).status).toBe(200);

      await proxy.cut();
      const down = await search(app, "tas");
      expect(down.status).toBe(503);
      const body = await down.json();
      expect(body.error.json.message).toBe(unavailableEn);
      expect(body.error.json.data.code).toBe("SERVICE_UNAVAILABLE");
      const zh = await app.fetch(
        new Request(`http://localhost/trpc/catalog.home`, { headers: { lang: "zh" } }),
      );
      expect(zh.status).toBe(503);
      expect((await zh.json()).error.json.message).toBe("服务暂时不可用，请稍后再试。");
      const ready = await app.fetch(new Request("http://localhost/readyz"));
      expect(ready.status).toBe(503);

      await proxy.restore();
      await eventually(async () => (await search(app, "tas")).status === 200);
      expect((await app.fetch(new Request("http://localhost/readyz"))).status).toBe(200);
    } finally {
      await proxied?.close();
      await proxy.cut();
    }
  });

  it("the job queue: while the server is stopped it logs and waits, then runs what came due, once", async () => {
    const proxy = await startProxy(new URL(adminUrl));
    let proxied: Database | undefined;
    let jobs: JobQueue | undefined;
    const ran: string[] = [];
    const warnings: unknown[] = [];
    try {
      proxied = await openThroughProxy(proxy.port, name);
      const log = { ...silentLog, warn: (o: unknown) => void warnings.push(o) } as typeof silentLog;
      jobs = await openJobQueue(proxied, {
        handlers: { "test.fault": async (_tx, id) => void ran.push(id) },
        log,
      });
      await jobs.work({ pollingIntervalSeconds: 0.5 });
      await proxy.cut();
      // Made due while the queue's database is away (through another connection, as another instance would).
      await transact(database.db, (tx) =>
        scheduleJobOn(jobs!, tx, "test.fault", "during-outage", new Date(Date.now() - 1_000)),
      );
      await new Promise((r) => setTimeout(r, 2_000));
      expect(ran).toEqual([]);
      await proxy.restore();
      await eventually(async () => ran.length > 0, 20_000);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(ran).toEqual(["during-outage"]);
    } finally {
      await jobs?.stop().catch(() => undefined);
      await proxied?.close();
      await proxy.cut();
    }
  });

  it("pages: while the server is stopped the translated 503 page, then the page again", async () => {
    requireBuild();
    const proxy = await startProxy(new URL(adminUrl));
    let proxied: Database | undefined;
    try {
      proxied = await openThroughProxy(proxy.port, name);
      const app = createTestApp({ ...database, ...proxied }, { render: await productionRenderer(buildDir) });
      const page = (p: string) => app.fetch(new Request(`http://localhost${p}`));
      expect((await page("/en/h5")).status).toBe(200);

      await proxy.cut();
      for (const [p, text] of [
        ["/en/h5", unavailableEn],
        ["/zh/h5/products/prd_x", "服务暂时不可用，请稍后再试。"],
        // (The category page itself may still answer: its tree is kept in memory for a minute.)
        ["/h5/products/list", "Layanan untuk sementara tidak tersedia. Silakan coba beberapa saat lagi."],
      ] as const) {
        const res = await page(p);
        expect(res.status, p).toBe(503);
        const html = await res.text();
        expect(html, p).toContain(text);
        expect(html, p).not.toMatch(/ECONNREFUSED|pg-pool|node_modules/);
      }

      await proxy.restore();
      await eventually(async () => (await page("/en/h5")).status === 200);
    } finally {
      await proxied?.close();
      await proxy.cut();
    }
  });
});
