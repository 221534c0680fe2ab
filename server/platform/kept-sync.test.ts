import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { platformCode } from "#common/platform.ts";
import { appInstances } from "../../tests/setup/instances.ts";
import { createTestDatabase, silentLog, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createCategory } from "../modules/catalog/categories.service.ts";
import { updateWebConfig } from "../modules/settings/settings.service.ts";
import { forgetEverywhere, keptChannel } from "./kept-sync.ts";
import { memoPerDatabase } from "./memo.ts";
import { createNotifyBus, type NotifyBus } from "./pg-notify.ts";

let database: TestDatabase;
let bus: NotifyBus;

beforeAll(async () => {
  database = await createTestDatabase();
  bus = createNotifyBus(database.connection, silentLog);
});
afterAll(async () => {
  await bus.close();
  await database.destroy();
});

/** What the bus says on the kept values' channel, as it arrives. */
function hear() {
  const heard: string[] = [];
  const stop = bus.subscribe(keptChannel, (payload) => heard.push(payload));
  return { heard, stop };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe("forgetting kept values everywhere", () => {
  it("says so when the write's transaction commits, and not at all when it is rolled back", async () => {
    const kept = memoPerDatabase<object, number>("test.sync", 60_000);
    const { heard, stop } = hear();
    await settle(); // the bus listens on its own connection
    let calls = 0;
    const load = async () => ++calls;
    expect(await kept.get(database.db, load)).toBe(1);

    await database.db.transaction(async (tx) => {
      await forgetEverywhere(tx, kept);
      await settle();
      // Not yet committed: no other instance may reload the value from before the write.
      expect(heard).toEqual([]);
    });
    await vi.waitFor(() => expect(heard).toEqual(["test.sync"]), { timeout: 2000 });
    // This instance forgot at once.
    expect(await kept.get(database.db, load)).toBe(2);

    await database.db
      .transaction(async (tx) => {
        await forgetEverywhere(tx, kept);
        throw new Error("the write failed");
      })
      .catch(() => {});
    await settle();
    expect(heard).toEqual(["test.sync"]);
    stop();
  });
});

describe.runIf(testDbKind === "postgres")("on PostgreSQL: two instances", () => {
  const instances = appInstances();
  afterAll(() => instances.stopAll());

  async function read<T>(base: string, procedure: string, input?: unknown): Promise<T> {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const body = (await (await fetch(`${base}/trpc/${procedure}${query}`)).json()) as {
      result: { data: { json: T } };
    };
    return body.result.data.json;
  }

  it("a write made elsewhere shows on every instance at once, though each keeps what it read for a minute", async () => {
    const url = (database.connection as { url: string }).url;
    const [a, b] = await Promise.all([instances.start(url), instances.start(url)]);
    const webConfig = (base: string) => read<{ title: string }>(base, "settings.webConfig", { platformCode });
    const categories = async (base: string) =>
      (await read<{ id: number }[]>(base, "catalog.categories")).map((c) => c.id);

    // Both instances keep what they read.
    for (const base of [a, b]) {
      expect(await categories(base)).not.toContain(9101);
      expect((await webConfig(base)).title).not.toBe("Pasar Kita");
    }
    // A row written behind the shop's back (no notification) stays unseen: the instances answer from what they
    // keep, for a minute.
    await database.db.execute(
      sql`insert into categories (id, sort, name) values (9102, 98, ${JSON.stringify({ ind: "Tersembunyi", en: "Hidden", zh: "隐藏" })}::jsonb)`,
    );
    for (const base of [a, b]) expect(await categories(base)).not.toContain(9102);

    // Written by a third process (this one), as an operator's save on any instance would be.
    await createCategory(database.db, database.storage, {
      id: 9101,
      parentId: null,
      sort: 99,
      name: { ind: "Kebun", en: "Garden", zh: "园艺" },
    });
    await updateWebConfig(database.db, { title: "Pasar Kita" });
    for (const base of [a, b]) {
      // The wait is bounded by the test's own timeout, far inside the minute the categories are kept: only the
      // notification can make them show. They are read again, so the unnotified row shows with them.
      await vi.waitFor(
        async () => {
          expect(await categories(base)).toEqual(expect.arrayContaining([9101, 9102]));
          expect((await webConfig(base)).title).toBe("Pasar Kita");
        },
        { timeout: 15_000, interval: 50 },
      );
    }
  });
});
