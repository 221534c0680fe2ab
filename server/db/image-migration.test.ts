import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callerFor } from "../../tests/setup/caller.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { getMe } from "../modules/auth/auth.service.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ migratedUpTo: "0009_visit_address" });
});
afterEach(() => database.destroy());

describe("migration 0010 (image renditions)", () => {
  it("keeps every image stored before it as an image of one WebP file at its full size", async () => {
    // A shop as it was: one WebP file per image, its path in a text column.
    await database.db.execute(sql`
      insert into users (id, email, invite_code, avatar_path) values
        ('usr_old', 'lama@example.id', 'OLD001', 'avatars/0a.webp'),
        ('usr_none', 'baru@example.id', 'OLD002', null)`);
    await database.db.execute(sql`
      insert into categories (id, name, icon_path) values
        (9001, '{"ind":"Lama","en":"Old","zh":"旧"}', 'categories/0b.webp')`);
    await database.db.execute(sql`
      insert into stores (id, owner_id, name, logo_path) values ('str_old', 'usr_old', 'Toko Lama', 'stores/0c.webp')`);
    await database.db.execute(sql`
      insert into supply_products (id, category_id, name, description, merchant_price, suggested_price, stock)
      values ('sup_old', 9001, '{"ind":"Tas","en":"Bag","zh":"包"}', '{"ind":"-","en":"-","zh":"-"}', 1000, 2000, 5)`);
    await database.db.execute(sql`
      insert into product_images (id, supply_product_id, path, width, height, sort) values
        ('img_a', 'sup_old', 'products/0d.webp', 640, 480, 0),
        ('img_b', 'sup_old', 'products/0e.webp', 320, 320, 1)`);
    await database.db.execute(sql`
      insert into listings (id, store_id, supply_product_id, price) values ('prd_old', 'str_old', 'sup_old', 1500)`);

    await database.migrate();

    const one = (url: string, size: [number, number]) => ({
      url,
      width: size[0],
      height: size[1],
      widths: [],
      formats: ["webp"],
    });
    const product = await callerFor(database).listings.get({ id: "prd_old" });
    expect(product.images).toEqual([
      one("/uploads/products/0d", [640, 480]),
      one("/uploads/products/0e", [320, 320]),
    ]);
    expect(product.store.logo).toEqual(one("/uploads/stores/0c", [256, 256]));
    expect(product.category.icon).toEqual(one("/uploads/categories/0b", [160, 160]));
    const list = await callerFor(database).listings.list({ categoryId: 9001 });
    expect(list.items[0]?.image).toEqual(product.images[0]);
    expect((await getMe(database.db, database.storage, "usr_old")).avatar).toEqual(
      one("/uploads/avatars/0a", [256, 256]),
    );
    expect((await getMe(database.db, database.storage, "usr_none")).avatar).toBeNull();
  });
});
