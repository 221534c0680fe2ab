import { sql, type SQL } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, rowsOf, type TestDatabase } from "../../tests/setup/test-db.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ migratedUpTo: "0027_return_shipments" });
});
afterEach(() => database.destroy());

const rows = (query: SQL) => rowsOf(database, query);

describe("migration 0028 (product variants)", () => {
  it("gives every product one variant with its stock, prices and size, and points carts, orders, returns, reviews and events at it", async () => {
    // A shop as it was before variants: two products, listed by two stores, a cart line, a completed order
    // with a return, a review and the timeline's events.
    await database.db.execute(sql`
      insert into users (id, email, invite_code) values
        ('usr_buyer', 'pembeli@example.id', 'BUY001'), ('usr_m1', 'toko1@example.id', 'M00001'),
        ('usr_m2', 'toko2@example.id', 'M00002')`);
    await database.db.execute(sql`
      insert into stores (id, owner_id, name) values ('str_one', 'usr_m1', 'Toko Satu'), ('str_two', 'usr_m2', 'Toko Dua')`);
    await database.db.execute(sql`
      insert into categories (id, name) values (1, '{"ind":"Kaos","en":"T-shirts","zh":"T恤"}')`);
    await database.db.execute(sql`
      insert into supply_products (id, category_id, name, description, merchant_price, suggested_price, stock,
        weight_grams, length_cm, width_cm, height_cm) values
        ('sup_kaos', 1, '{"ind":"Kaos Polos","en":"Plain T-shirt","zh":"纯色T恤"}', '{"ind":"Katun","en":"Cotton","zh":"棉"}',
         40000, 65000, 12, 250, 30, 20, 3),
        ('sup_topi', 1, '{"ind":"Topi","en":"Cap","zh":"帽子"}', '{"ind":"Topi","en":"Cap","zh":"帽子"}',
         20000, 35000, 0, 150, 20, 15, 10)`);
    await database.db.execute(sql`
      insert into listings (id, store_id, supply_product_id, price, status, sales) values
        ('prd_a', 'str_one', 'sup_kaos', 69000, 'active', 2), ('prd_b', 'str_two', 'sup_kaos', 72000, 'active', 0),
        ('prd_c', 'str_one', 'sup_topi', 39000, 'hidden', 0)`);
    await database.db.execute(sql`
      insert into cart_items (user_id, listing_id, quantity, created_at, updated_at)
      values ('usr_buyer', 'prd_b', 3, now(), now())`);
    await database.db.execute(sql`
      insert into orders (id, code, user_id, store_id, status, address, subtotal, goods_cost, postage, service_fee,
        vat, total, payment_method, pay_due_at, paid_at, created_at, updated_at) values
        ('ord_done', 'P1', 'usr_buyer', 'str_one', 'paid', '{"name":"Budi"}', 138000, 80000, 10000, 1000, 0, 149000,
         'wallet', now(), now(), now(), now())`);
    await database.db.execute(sql`
      insert into order_items (order_id, listing_id, supply_product_id, name, price, merchant_price, quantity)
      values ('ord_done', 'prd_a', 'sup_kaos', '{"ind":"Kaos Polos","en":"Plain T-shirt","zh":"纯色T恤"}', 69000, 40000, 2)`);
    await database.db.execute(
      sql`update orders set status = 'completed', completed_at = now() where id = 'ord_done'`,
    );
    await database.db.execute(sql`
      insert into order_returns (id, order_id, listing_id, user_id, store_id, kind, quantity, reason, created_at, updated_at)
      values ('ret_1', 'ord_done', 'prd_a', 'usr_buyer', 'str_one', 'return', 1, 'kebesaran', now(), now())`);
    await database.db.execute(sql`
      insert into reviews (id, order_id, listing_id, store_id, user_id, rating, created_at)
      values ('rev_1', 'ord_done', 'prd_a', 'str_one', 'usr_buyer', 5, now())`);
    await database.db.execute(sql`
      insert into order_events (id, order_id, event, actor, data, at) values
        ('evt_1', 'ord_done', 'placed', 'shopper', '{"amount":149000}', now()),
        ('evt_2', 'ord_done', 'return_requested', 'shopper', '{"listingId":"prd_a","note":"kebesaran"}', now())`);
    const statsBefore = await rows(sql`select * from store_stats order by store_id`);

    await database.migrate();

    expect(
      await rows(sql`
        select id, supply_product_id, sku, merchant_price::int, suggested_price::int, stock, weight_grams, length_cm,
          width_cm, height_cm, option1_value_id, status
        from product_variants order by id`),
    ).toEqual([
      {
        id: "var_kaos",
        supply_product_id: "sup_kaos",
        sku: "SUP_KAOS",
        merchant_price: 40000,
        suggested_price: 65000,
        stock: 12,
        weight_grams: 250,
        length_cm: 30,
        width_cm: 20,
        height_cm: 3,
        option1_value_id: null,
        status: "active",
      },
      {
        id: "var_topi",
        supply_product_id: "sup_topi",
        sku: "SUP_TOPI",
        merchant_price: 20000,
        suggested_price: 35000,
        stock: 0,
        weight_grams: 150,
        length_cm: 20,
        width_cm: 15,
        height_cm: 10,
        option1_value_id: null,
        status: "active",
      },
    ]);
    expect(
      await rows(
        sql`select listing_id, variant_id, price::int, status from listing_variants order by listing_id`,
      ),
    ).toEqual([
      { listing_id: "prd_a", variant_id: "var_kaos", price: 69000, status: "active" },
      { listing_id: "prd_b", variant_id: "var_kaos", price: 72000, status: "active" },
      { listing_id: "prd_c", variant_id: "var_topi", price: 39000, status: "active" },
    ]);
    expect(
      await rows(sql`select id, min_price::int, max_price::int, status, sales from listings order by id`),
    ).toEqual([
      { id: "prd_a", min_price: 69000, max_price: 69000, status: "active", sales: 2 },
      { id: "prd_b", min_price: 72000, max_price: 72000, status: "active", sales: 0 },
      { id: "prd_c", min_price: 39000, max_price: 39000, status: "hidden", sales: 0 },
    ]);
    expect(await rows(sql`select listing_id, variant_id, quantity from cart_items`)).toEqual([
      { listing_id: "prd_b", variant_id: "var_kaos", quantity: 3 },
    ]);
    expect(
      await rows(sql`
        select order_id, listing_id, variant_id, variant_label, sku, price::int, quantity, weight_grams, length_cm,
          width_cm, height_cm from order_items`),
    ).toEqual([
      {
        order_id: "ord_done",
        listing_id: "prd_a",
        variant_id: "var_kaos",
        variant_label: null,
        sku: "SUP_KAOS",
        price: 69000,
        quantity: 2,
        weight_grams: 250,
        length_cm: 30,
        width_cm: 20,
        height_cm: 3,
      },
    ]);
    expect(await rows(sql`select id, variant_id from order_returns`)).toEqual([
      { id: "ret_1", variant_id: "var_kaos" },
    ]);
    expect(await rows(sql`select id, variant_id from reviews`)).toEqual([
      { id: "rev_1", variant_id: "var_kaos" },
    ]);
    expect(await rows(sql`select id, data from order_events order by id`)).toEqual([
      { id: "evt_1", data: { amount: 149000 } },
      { id: "evt_2", data: { listingId: "prd_a", variantId: "var_kaos", note: "kebesaran" } },
    ]);
    // The product-level columns are gone: nothing can reserve from a stock that no longer counts.
    expect(
      (
        await rows(sql`
          select column_name from information_schema.columns
          where table_name = 'supply_products' and column_name in ('stock', 'merchant_price', 'weight_grams')`)
      ).length,
    ).toBe(0);
    // Search still finds the product by its name; the stores' figures (decision 7) did not move.
    expect(await rows(sql`select id from supply_products where search_text like '%kaos%'`)).toEqual([
      { id: "sup_kaos" },
    ]);
    expect(await rows(sql`select * from store_stats order by store_id`)).toEqual(statsBefore);
  });
});
