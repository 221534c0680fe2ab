import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, silentLog, type TestDatabase } from "../../tests/setup/test-db.ts";
import type { Storage } from "../platform/storage.ts";
import { seedDemoData } from "./seed.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.destroy());

async function counts() {
  type Counts = { users: number; stores: number; products: number; faqs: number };
  const result = (await database.db.execute(
    sql`select (select count(*) from users)::int as users, (select count(*) from stores)::int as stores,
               (select count(*) from supply_products)::int as products, (select count(*) from faqs)::int as faqs`,
  )) as unknown as { rows: Counts[] };
  return result.rows[0];
}

/** Storage that fails at the `failAt`-th product image file: a crash in the middle of the seed. */
function failingStorage(failAt: number): Storage {
  let productFiles = 0;
  return {
    async write(key, bytes) {
      if (key.startsWith("products/") && ++productFiles >= failAt) throw new Error("disk full");
      return database.storage.write(key, bytes);
    },
    url: (key) => database.storage.url(key),
  };
}

describe("the first-start seed", () => {
  it("leaves nothing behind when it fails midway, so the next start seeds the whole shop", async () => {
    // Fails after the categories, while the supply products are being written.
    await expect(seedDemoData(database.db, failingStorage(30), silentLog, { imageSize: 32 })).rejects.toThrow(
      "disk full",
    );
    expect(await counts()).toEqual({ users: 0, stores: 0, products: 0, faqs: 0 });

    expect(await seedDemoData(database.db, database.storage, silentLog, { imageSize: 32 })).toBe(true);
    expect(await counts()).toMatchObject({ users: 7, stores: 5, products: 88 });
    expect((await counts())?.faqs).toBeGreaterThan(0);
  });

  it("seeds once when two starts race, and never over an existing shop", async () => {
    const results = await Promise.all([
      seedDemoData(database.db, database.storage, silentLog, { imageSize: 32 }),
      seedDemoData(database.db, database.storage, silentLog, { imageSize: 32 }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await counts()).toMatchObject({ users: 7, stores: 5, products: 88 });
    expect(await seedDemoData(database.db, database.storage, silentLog, { imageSize: 32 })).toBe(false);
  });
});
