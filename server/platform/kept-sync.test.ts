import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { platformCode } from "#common/platform.ts";
import { appInstances } from "../../tests/setup/instances.ts";
import { createTestDatabase, silentLog, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createCategory } from "../modules/catalog/catalog.service.ts";
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

  it("a write made elsewhere shows on another instance within a second, though it keeps values for a minute", async () => {
    const url = (database.connection as { url: string }).url;
    const [a, b] = await Promise.all([instances.start(url), instances.start(url)]);
    const webConfig = (base: string) => read<{ title: string }>(base, "settings.webConfig", { platformCode });
    const categories = (base: string) => read<{ id: number }[]>(base, "catalog.categories");

    // Both instances keep what they read.
    for (const base of [a, b]) {
      expect((await categories(base)).map((c) => c.id)).not.toContain(9101);
      expect((await webConfig(base)).title).not.toBe("Pasar Kita");
    }

    // Written by a third process (this one), as an operator's save on any instance would be.
    await createCategory(database.db, database.storage, {
      id: 9101,
      parentId: null,
      sort: 99,
      name: { ind: "Kebun", en: "Garden", zh: "园艺" },
    });
    await updateWebConfig(database.db, { title: "Pasar Kita" });
    const started = Date.now();
    for (const base of [a, b]) {
      await vi.waitFor(
        async () => {
          expect((await categories(base)).map((c) => c.id)).toContain(9101);
          expect((await webConfig(base)).title).toBe("Pasar Kita");
        },
        { timeout: 1000, interval: 50 },
      );
    }
    // Well inside the categories' minute and the web config's five seconds.
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
