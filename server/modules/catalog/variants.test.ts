import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../../tests/setup/money.ts";
import { listing, merchantWithStore, variantProduct, variantsOf } from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("a product's options and variants", () => {
  it("makes a variant per combination, each with its stock, and the product page offers them", async () => {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      stock: { "Hitam/42": 3 },
      extra: { "Putih/42": 5_000 },
    });
    const rows = await variantsOf(database, product.supplyId);
    expect(rows).toHaveLength(4);
    expect(rows.find((v) => v.id === product.variant("Hitam/42"))!.stock).toBe(3);
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, product.supplyId, 130_000);
    const page = await signedInUser(database, "shopper");
    const detail = await page.api.listings.get({ id: listingId });
    expect(detail.options.map((o) => [o.name, o.values.map((v) => v.name)])).toEqual([
      ["Warna", ["Hitam", "Putih"]],
      ["Ukuran", ["41", "42"]],
    ]);
    expect(detail.variants.map((v) => v.label)).toEqual([
      "Hitam / 41",
      "Hitam / 42",
      "Putih / 41",
      "Putih / 42",
    ]);
    expect(detail.stock).toBe(33);
  });
});
