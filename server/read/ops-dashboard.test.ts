import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../tests/setup/ledger.ts";
import { bankCardOfYesterday, newKey, pinProof, signedInUser } from "../../tests/setup/money.ts";
import {
  completedOrder,
  credit,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { users } from "../modules/auth/auth.tables.ts";
import { orders } from "../modules/orders/orders.tables.ts";
import { jakartaDay, setClock } from "../platform/clock.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
let restore: (() => void) | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());
afterEach(async () => {
  restore?.();
  restore = undefined;
  await expectLedgerBalanced(database);
});

const day = 24 * 60 * 60 * 1000;

/** Runs `work` with the clock standing at `at`. */
async function at<T>(when: Date, work: () => Promise<T>): Promise<T> {
  restore?.();
  restore = setClock(() => when);
  try {
    return await work();
  } finally {
    restore();
    restore = undefined;
  }
}

/** The figures of the last 14 WIB days computed straight from the rows, the way a person would count them. */
async function fromRows(today: Date) {
  const days = Array.from({ length: 14 }, (_, i) => jakartaDay(new Date(today.getTime() - (13 - i) * day)));
  const orderRows = await database.db
    .select({
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      status: orders.status,
      total: orders.total,
    })
    .from(orders);
  const userRows = await database.db.select({ createdAt: users.createdAt }).from(users);
  return days.map((d) => {
    const paid = orderRows.filter(
      (o) => o.paidAt && jakartaDay(o.paidAt) === d && ["paid", "shipped", "completed"].includes(o.status),
    );
    return {
      day: d,
      orders: orderRows.filter((o) => jakartaDay(o.createdAt) === d).length,
      paidOrders: paid.length,
      turnover: paid.reduce((sum, o) => sum + o.total, 0),
      newUsers: userRows.filter((u) => jakartaDay(u.createdAt) === d).length,
    };
  });
}

describe("the operator's dashboard", () => {
  it("counts orders, paid turnover and new users per WIB day, equal to the rows, with the day turning at WIB midnight", async () => {
    const now = new Date();
    const todayMidnight = new Date(`${jakartaDay(now)}T00:00:00+07:00`);
    const yesterdayMidnight = new Date(todayMidnight.getTime() - day);
    const windowStart = new Date(todayMidnight.getTime() - 13 * day);
    const dayBefore = jakartaDay(new Date(yesterdayMidnight.getTime() - 1));
    const yesterday = jakartaDay(yesterdayMidnight);

    const merchant = await merchantWithStore(database);
    const listingId = await listing(
      database,
      merchant.storeId,
      await supplyProduct(database, { stock: 50 }),
      100_000,
    );
    const shopper = await shopperWithMoney(database, ops, 2_000_000);
    const place = (method: "wallet" | "qris") =>
      placeOrder(shopper.api, {
        lines: [{ listingId, quantity: 1 }],
        addressId: shopper.addressId,
        method,
        fromCart: false,
        idempotencyKey: newKey(),
      });

    // One second before yesterday's WIB midnight (16:59:59 UTC): placed and paid the day before yesterday.
    const late = await at(new Date(yesterdayMidnight.getTime() - 1000), () => place("wallet"));
    // Placed a minute before that midnight, paid a second after it: placed one day, paid the next.
    const unpaid = await at(new Date(yesterdayMidnight.getTime() - 60_000), () => place("qris"));
    await at(new Date(yesterdayMidnight.getTime() + 1000), () =>
      shopper.api.orders.pay({
        proof: pinProof,
        id: unpaid.orderIds[0]!,
        method: "wallet",
        idempotencyKey: newKey(),
      }),
    );
    // Before the fourteen days: counted nowhere.
    await at(new Date(windowStart.getTime() - 1000), () => place("wallet"));
    // Today, then cancelled: placed today, but no turnover.
    const cancelled = await at(new Date(todayMidnight.getTime() + 1000), () => place("wallet"));
    await shopper.api.orders.cancel({ id: cancelled.orderIds[0]!, idempotencyKey: newKey() });
    // Accounts made one millisecond either side of yesterday's midnight, and one before the window.
    await at(new Date(yesterdayMidnight.getTime() - 1), () => signedInUser(database));
    await at(yesterdayMidnight, () => signedInUser(database));
    await at(new Date(windowStart.getTime() - 1), () => signedInUser(database));

    const dashboard = await ops.api.ops.dashboard.get();
    expect(dashboard.days).toHaveLength(14);
    expect(dashboard.days.at(-1)?.day).toBe(jakartaDay(now));
    expect(dashboard.days).toEqual(await fromRows(now));

    const total = (await shopper.api.orders.get({ id: late.orderIds[0]! })).total;
    const byDay = new Map(dashboard.days.map((d) => [d.day, d]));
    expect(byDay.get(dayBefore)).toEqual({
      day: dayBefore,
      orders: 2,
      paidOrders: 1,
      turnover: total,
      newUsers: 1,
    });
    expect(byDay.get(yesterday)).toEqual({
      day: yesterday,
      orders: 0,
      paidOrders: 1,
      turnover: total,
      newUsers: 1,
    });
    expect(byDay.get(jakartaDay(now))).toMatchObject({ orders: 1, paidOrders: 0, turnover: 0 });
    const sum = (key: "orders" | "paidOrders") => dashboard.days.reduce((s, d) => s + d[key], 0);
    expect(sum("orders")).toBe(3);
    expect(sum("paidOrders")).toBe(2);
  });

  it("shows the queues waiting for an operator with their counts and pages", async () => {
    const empty = await ops.api.ops.dashboard.get();
    const count = (d: typeof empty, key: string) => d.queues.find((q) => q.key === key)?.count;
    expect(empty.queues.map((q) => [q.key, q.path])).toEqual([
      ["withdrawals", "/ops/withdrawals?status=pending"],
      ["applications", "/ops/merchants?status=pending"],
      ["toShip", "/ops/orders?status=to_ship"],
      ["exceptions", "/ops/orders?status=exception"],
      ["escalated", "/ops/aftersales?status=escalated"],
      ["toReplace", "/ops/aftersales?status=to_replace"],
      ["toRefund", "/ops/aftersales?status=returns"],
    ]);
    expect(empty.queues.map((q) => q.label)).toEqual([
      "ops.dashboard.queues.withdrawals",
      "ops.dashboard.queues.applications",
      "ops.dashboard.queues.toShip",
      "ops.dashboard.queues.exceptions",
      "ops.dashboard.queues.escalated",
      "ops.dashboard.queues.toReplace",
      "ops.dashboard.queues.toRefund",
    ]);

    // A withdrawal waiting; an application waiting; two paid orders ready to ship, one of them with an exception.
    const payee = await shopperWithMoney(database, ops, 100_000);
    await bankCardOfYesterday(database, payee, {
      accountName: "Siti Aminah",
      bankCode: "014",
      accountNumber: "1234567890",
    });
    await payee.api.wallet.withdraw({ amount: 60_000, proof: pinProof, idempotencyKey: newKey() });
    const applicant = await signedInUser(database);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      storeName: `Toko Antre ${Date.now()}`,
      phone: "0812 3456 7890",
      intro: "Uji antrean.",
      ownerName: "Budi",
      categoryId: "9001",
    }))
      form.set(k, v);
    const merchant = await merchantWithStore(database, { autoPay: true });
    await credit(ops, merchant.email, 1_000_000);
    const listingId = await listing(database, merchant.storeId, await supplyProduct(database), 100_000);
    await applicant.api.merchants.applyForStore(form);
    const buyer = await shopperWithMoney(database, ops, 1_000_000);
    const buy = () =>
      placeOrder(buyer.api, {
        lines: [{ listingId, quantity: 1 }],
        addressId: buyer.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
    await buy();
    const troubled = await buy();
    await ops.api.ops.orders.exception({
      id: troubled.orderIds[0]!,
      note: "Alamat kurang jelas",
      idempotencyKey: newKey(),
    });

    // A return the store refused, passed to the operator.
    const received = await completedOrder(database, ops);
    const form2 = new FormData();
    for (const [k, v] of Object.entries({
      orderId: received.orderId,
      variantId: received.variantId,
      kind: "return",
      category: "damaged",
      quantity: "1",
      reason: "Rusak",
      idempotencyKey: newKey(),
    }))
      form2.set(k, v);
    const request = await received.shopper.api.orders.requestAfterSales(form2);
    await received.store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: false,
      reason: "Tidak rusak",
      idempotencyKey: newKey(),
    });
    await received.shopper.api.orders.escalate({
      id: request.id,
      note: "Rusak, lihat foto",
      idempotencyKey: newKey(),
    });

    const dashboard = await ops.api.ops.dashboard.get();
    const fulfilment = await ops.api.ops.orders.counts();
    const afterSales = await ops.api.ops.afterSales.counts();
    expect(count(dashboard, "escalated")).toBe(afterSales.escalated);
    expect(count(dashboard, "escalated")).toBe((count(empty, "escalated") ?? 0) + 1);
    expect(count(dashboard, "toReplace")).toBe(afterSales.toReplace);
    expect(count(dashboard, "toRefund")).toBe(afterSales.toRefund);
    expect(count(dashboard, "withdrawals")).toBe(
      (await ops.api.ops.money.withdrawals({ status: "pending" })).items.length,
    );
    expect(count(dashboard, "withdrawals")).toBe((count(empty, "withdrawals") ?? 0) + 1);
    expect(count(dashboard, "applications")).toBe((await ops.api.ops.merchants.counts()).pending);
    expect(count(dashboard, "applications")).toBe((count(empty, "applications") ?? 0) + 1);
    expect(count(dashboard, "toShip")).toBe(fulfilment.toShip);
    expect(count(dashboard, "toShip")).toBe((count(empty, "toShip") ?? 0) + 1);
    expect(count(dashboard, "exceptions")).toBe(fulfilment.exception);
    expect(count(dashboard, "exceptions")).toBe((count(empty, "exceptions") ?? 0) + 1);
  });

  it("is operators only: shoppers and merchants are forbidden, visitors must sign in", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    for (const [api, code] of [
      [shopper.api, "FORBIDDEN"],
      [merchant.api, "FORBIDDEN"],
      [callerFor(database), "UNAUTHORIZED"],
    ] as const) {
      const error = await api.ops.dashboard.get().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe(code);
    }
  });
});
