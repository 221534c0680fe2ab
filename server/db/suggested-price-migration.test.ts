import { sql, type SQL } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, rowsOf, type TestDatabase } from "../../tests/setup/test-db.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ migratedUpTo: "0030_chat" });
});
afterEach(() => database.destroy());

const rows = (query: SQL) => rowsOf(database, query);

describe("migration 0031 (a listing's lowest suggested price)", () => {
  it("keeps on each listing the lowest suggested price of its variants on sale, as its cards showed it", async () => {
    // A shirt in three sizes (XL archived, M off sale in one store), listed by two stores; a cap whose only variant
    // is off sale in its store's listing.
    await database.db.execute(sql`
      insert into users (id, email, invite_code) values ('usr_m1', 'toko1@example.id', 'M00001'),
        ('usr_m2', 'toko2@example.id', 'M00002')`);
    await database.db.execute(sql`
      insert into stores (id, owner_id, name) values ('str_one', 'usr_m1', 'Toko Satu'), ('str_two', 'usr_m2', 'Toko Dua')`);
    await database.db.execute(sql`
      insert into categories (id, name) values (1, '{"ind":"Kaos","en":"T-shirts","zh":"T恤"}')`);
    await database.db.execute(sql`
      insert into supply_products (id, category_id, name, description) values
        ('sup_kaos', 1, '{"ind":"Kaos","en":"Shirt","zh":"T恤"}', '{"ind":"Katun","en":"Cotton","zh":"棉"}'),
        ('sup_topi', 1, '{"ind":"Topi","en":"Cap","zh":"帽子"}', '{"ind":"Topi","en":"Cap","zh":"帽子"}')`);
    await database.db.execute(sql`
      insert into product_options (id, supply_product_id, position, name, kind) values
        ('opt_size', 'sup_kaos', 1, '{"ind":"Ukuran","en":"Size","zh":"尺码"}', 'size')`);
    await database.db.execute(sql`
      insert into product_option_values (id, option_id, sort, name) values
        ('val_m', 'opt_size', 0, '{"ind":"M","en":"M","zh":"M"}'), ('val_l', 'opt_size', 1, '{"ind":"L","en":"L","zh":"L"}'),
        ('val_xl', 'opt_size', 2, '{"ind":"XL","en":"XL","zh":"XL"}')`);
    await database.db.execute(sql`
      insert into product_variants (id, supply_product_id, option1_value_id, sku, merchant_price, suggested_price, stock,
        weight_grams, length_cm, width_cm, height_cm, status, created_at, updated_at) values
        ('var_m', 'sup_kaos', 'val_m', 'KAOS-M', 40000, 60000, 5, 250, 30, 20, 3, 'active', now(), now()),
        ('var_l', 'sup_kaos', 'val_l', 'KAOS-L', 42000, 70000, 5, 250, 30, 20, 3, 'active', now(), now()),
        ('var_xl', 'sup_kaos', 'val_xl', 'KAOS-XL', 30000, 50000, 5, 250, 30, 20, 3, 'archived', now(), now()),
        ('var_topi', 'sup_topi', null, 'TOPI', 20000, 35000, 5, 150, 20, 15, 10, 'active', now(), now())`);
    await database.db.execute(sql`
      insert into listings (id, store_id, supply_product_id, min_price, max_price, status) values
        ('prd_a', 'str_one', 'sup_kaos', 65000, 75000, 'active'), ('prd_b', 'str_two', 'sup_kaos', 76000, 76000, 'active'),
        ('prd_c', 'str_one', 'sup_topi', 39000, 39000, 'hidden')`);
    await database.db.execute(sql`
      insert into listing_variants (listing_id, variant_id, price, status) values
        ('prd_a', 'var_m', 65000, 'active'), ('prd_a', 'var_l', 75000, 'active'), ('prd_a', 'var_xl', 55000, 'active'),
        ('prd_b', 'var_m', 66000, 'hidden'), ('prd_b', 'var_l', 76000, 'active'),
        ('prd_c', 'var_topi', 39000, 'hidden')`);

    await database.migrate();

    expect(await rows(sql`select id, min_suggested_price::int as s from listings order by id`)).toEqual([
      { id: "prd_a", s: 60000 },
      { id: "prd_b", s: 70000 },
      { id: "prd_c", s: null },
    ]);
  });
});
