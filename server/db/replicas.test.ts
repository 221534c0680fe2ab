import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { platformCode } from "#common/platform.ts";
import { startPgPair, type PgPair } from "../../scripts/pg-pair.ts";
import { createTestApp, queryInput } from "../../tests/setup/test-app.ts";
import { testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createCategory } from "../modules/catalog/categories.service.ts";
import { forgetAllKept } from "../platform/memo.ts";
import { createLocalStorage } from "../platform/storage.ts";
import { openPostgres } from "./client.ts";
import { openReplicas, type Replicas } from "./replicas.ts";

// A real streaming replica (pg_basebackup of a primary of its own, scripts/pg-pair.ts), once: on the PostgreSQL
// run only, since PGlite has no replicas.
const port = 5450;

/** Statements each server was sent by the app (the replica checks' own are not counted), by port. */
const sent = new Map<number, number>();
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;

describe.runIf(testDbKind === "postgres")("browse reads on a streaming replica", () => {
  let pair: PgPair;
  let database: TestDatabase;
  let replicas: Replicas;
  let app: ReturnType<typeof createTestApp>;
  let categoryId: number;

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string }).text ?? "");
      if (!/pg_is_in_recovery|pg_current_wal_lsn/.test(text))
        sent.set(this.port, (sent.get(this.port) ?? 0) + 1);
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    pair = startPgPair(port);
    const primary = await openPostgres(pair.primaryUrl);
    await primary.migrate();
    const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-replica-"));
    database = {
      ...primary,
      storage: createLocalStorage(uploadsDir),
      uploadsDir,
      jobs: undefined as never,
      destroy: () => primary.close(),
    };
    categoryId = 9201;
    await createCategory(database.db, database.storage, {
      id: categoryId,
      parentId: null,
      sort: 1,
      name: { ind: "Dapur", en: "Kitchen", zh: "厨房" },
    });
    replicas = openReplicas({ db: database.db, url: pair.primaryUrl }, [pair.replicaUrl], { checkMs: 100 });
    app = createTestApp(database, { replicas });
  });
  afterAll(async () => {
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    await replicas?.close();
    await database?.destroy();
    pair?.stop();
  });

  const usable = () => replicas.status()[0]!.usable;
  const browse = (headers: Record<string, string> = {}) =>
    app.request(`/trpc/listings.list?input=${queryInput({ categoryId, sort: "newest" })}`, { headers });
  /** Answers `calls` browse requests and says how many statements each server got for them. */
  async function spread(calls: number, headers: Record<string, string> = {}) {
    const before = { primary: sent.get(port) ?? 0, replica: sent.get(port + 1) ?? 0 };
    for (let i = 0; i < calls; i++) expect((await browse(headers)).status).toBe(200);
    return {
      primary: (sent.get(port) ?? 0) - before.primary,
      replica: (sent.get(port + 1) ?? 0) - before.replica,
    };
  }

  it("answers a visitor's browsing from the replica once it has caught up, and a fresh writer's from the primary", async () => {
    await vi.waitFor(() => expect(usable()).toBe(true), { timeout: 5000 });
    await spread(1); // fills the kept values (categories, store cards), which come from the primary
    const visitor = await spread(10);
    expect(visitor.replica).toBeGreaterThanOrEqual(10);
    expect(visitor.primary).toBe(0);
    // A browser that just wrote something carries the fresh cookie: it reads its own writes on the primary.
    const writer = await spread(10, { cookie: "pasar_fresh=1" });
    expect(writer.replica).toBe(0);
    expect(writer.primary).toBeGreaterThanOrEqual(10);
  });

  it("fills kept values (settings, categories) from the primary, even for a browse read on a replica", async () => {
    await vi.waitFor(() => expect(usable()).toBe(true), { timeout: 5000 });
    const before = sent.get(port + 1) ?? 0;
    // Just forgotten everywhere, as after a write: a replica a moment behind must not fill them again.
    forgetAllKept();
    expect((await app.request(`/trpc/settings.webConfig?input=${queryInput({ platformCode })}`)).status).toBe(
      200,
    );
    expect((await app.request("/trpc/catalog.categories")).status).toBe(200);
    expect((sent.get(port + 1) ?? 0) - before).toBe(0);
  });

  it("skips a replica that falls behind, and uses it again once it has caught up", async () => {
    await vi.waitFor(() => expect(usable()).toBe(true), { timeout: 5000 });
    const admin = new pg.Client({ connectionString: pair.replicaUrl });
    await admin.connect();
    try {
      await admin.query("select pg_wal_replay_pause()");
      // The primary goes on writing; the replica no longer replays it.
      await createCategory(database.db, database.storage, {
        id: 9202,
        parentId: null,
        sort: 2,
        name: { ind: "Taman", en: "Garden", zh: "花园" },
      });
      await vi.waitFor(() => expect(usable()).toBe(false), { timeout: 5000 });
      expect(replicas.status()[0]!.lagBytes).toBeGreaterThan(0);
      const behind = await spread(5);
      expect(behind.replica).toBe(0);
      expect(behind.primary).toBeGreaterThanOrEqual(5);
      await admin.query("select pg_wal_replay_resume()");
      await vi.waitFor(() => expect(usable()).toBe(true), { timeout: 5000 });
      expect((await spread(5)).replica).toBeGreaterThanOrEqual(5);
    } finally {
      await admin.end();
    }
  });

  it("keeps answering from the primary while the replica is stopped, and goes back to it when it is started", async () => {
    await vi.waitFor(() => expect(usable()).toBe(true), { timeout: 5000 });
    pair.stopReplica();
    // Right away, before any check noticed: the failed read is answered again by the primary.
    const away = await spread(10);
    expect(away.primary).toBeGreaterThanOrEqual(10);
    expect(usable()).toBe(false);
    pair.startReplica();
    await vi.waitFor(() => expect(usable()).toBe(true), { timeout: 15_000 });
    expect((await spread(5)).replica).toBeGreaterThanOrEqual(5);
  });
});
