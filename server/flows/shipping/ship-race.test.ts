import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createBiteshipCourier } from "../../adapters/biteship/biteship.adapter.ts";
import {
  startBiteshipSimulator,
  type BiteshipSimulator,
} from "../../adapters/biteship/biteship.simulator.ts";
import { createTableCourier } from "../../modules/courier/courier.service.ts";
import { courierParcels } from "../../modules/courier/courier.tables.ts";
import { ordersTable } from "../../modules/orders/orders.service.ts";
import { shipments } from "../../modules/shipping/shipping.tables.ts";
import type { CourierGateway } from "../../platform/couriers.ts";

/**
 * Issue 40, hole 1: a cancel racing "ship". Shipping books the courier outside any transaction; a cancel that
 * slipped in meanwhile used to refund the order while the courier kept a live booking for it. Every trial ships
 * and cancels one paid order at once (one of the two a few milliseconds after the other, at random), by the
 * shopper or by the operator, then checks what a shopper, the courier and the books would see.
 */

let database: TestDatabase;
let sim: BiteshipSimulator;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
  sim = await startBiteshipSimulator({ apiKey: "biteship_test.race", webhookSecret: "race-secret" });
});
afterAll(async () => {
  await sim.close();
  await database.destroy();
});

/** The courier's live bookings (not cancelled) for these shipments of the shop. */
type LiveBookings = (shipmentIds: string[]) => Promise<number>;

const tableLive: LiveBookings = async (ids) =>
  ids.length === 0
    ? 0
    : (
        await database.db
          .select({ id: courierParcels.id })
          .from(courierParcels)
          .where(and(inArray(courierParcels.reference, ids), ne(courierParcels.status, "cancelled")))
      ).length;

const biteshipLive: LiveBookings = async (ids) =>
  ids.filter((id) => {
    const orderId = sim.control.orderIdOf(id);
    return orderId !== undefined && sim.control.order(orderId)!.status !== "cancelled";
  }).length;

async function raceTrials(courier: CourierGateway, live: LiveBookings, trials: number) {
  const store = await merchantWithStore(database, { autoPay: true });
  await credit(ops, store.email, 100_000_000);
  const supplyId = await supplyProduct(database, { stock: 1_000 });
  const listingId = await listing(database, store.storeId, supplyId, 100_000);
  const shopper = await shopperWithMoney(database, ops, 50_000_000);
  const shopperApi = callerFor(database, { token: shopper.token, courier });
  const opsApi = callerFor(database, { token: ops.token, courier });
  const outcomes = { shipped: 0, cancelled: 0 };

  for (let trial = 0; trial < trials; trial++) {
    const before = (await shopperApi.wallet.summary()).balance;
    const { orderIds } = await placeOrder(shopperApi, {
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const id = orderIds[0]!;
    const { total } = await shopperApi.orders.get({ id });
    const byOperator = trial % 2 === 1;
    // Which starts first, and by how much, is left to chance: mostly the cancel lands while ship is booking.
    const delayMs = Math.floor(Math.random() * 30) - 5;
    const [ship, cancel] = await Promise.allSettled([
      sleep(Math.max(0, -delayMs)).then(() => opsApi.ops.orders.ship({ id, idempotencyKey: newKey() })),
      sleep(Math.max(0, delayMs)).then(() =>
        byOperator
          ? opsApi.ops.orders.cancel({ id, note: "stok habis", idempotencyKey: newKey() })
          : shopperApi.orders.cancel({ id, idempotencyKey: newKey() }),
      ),
    ]);
    // Exactly one of them wins, and the other says why it could not, in words (no crash, no stack).
    expect([ship.status, cancel.status].sort(), `trial ${trial}`).toEqual(["fulfilled", "rejected"]);
    const refused = (ship.status === "rejected" ? ship.reason : (cancel as PromiseRejectedResult).reason) as {
      code: string;
      message: string;
    };
    expect(refused.code, `trial ${trial}`).toBe("CONFLICT");

    const [order] = await database.db.select().from(ordersTable).where(eq(ordersTable.id, id));
    const shipmentIds = (
      await database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, id))
    ).map((s) => s.id);
    const after = (await shopperApi.wallet.summary()).balance;
    if (ship.status === "fulfilled") {
      outcomes.shipped++;
      // Shipped: not cancelled, one live booking, the shopper paid once.
      expect(order!.status, `trial ${trial}`).toBe("shipped");
      expect(await live(shipmentIds), `trial ${trial}: live bookings of a shipped order`).toBe(1);
      expect(after, `trial ${trial}`).toBe(before - total);
    } else {
      outcomes.cancelled++;
      // Cancelled: no live booking at the courier, the shopper refunded to the rupiah.
      expect(order!.status, `trial ${trial}`).toBe("cancelled");
      expect(await live(shipmentIds), `trial ${trial}: live bookings of a cancelled order`).toBe(0);
      expect(after, `trial ${trial}`).toBe(before);
    }
    await expectLedgerBalanced(database);
  }
  return outcomes;
}

describe("cancel racing ship (issue 40)", () => {
  it("on the built-in courier: a cancelled order keeps no live booking, a shipped one is never cancelled", async () => {
    const outcomes = await raceTrials(createTableCourier(database.db), tableLive, 40);
    expect(outcomes.shipped + outcomes.cancelled).toBe(40);
  });

  it("through Biteship (its simulator): the same, every booking at Biteship belongs to a shipped order", async () => {
    const courier = createBiteshipCourier({
      apiKey: "biteship_test.race",
      apiUrl: sim.url,
      webhookSecret: "race-secret",
    });
    const outcomes = await raceTrials(courier, biteshipLive, 30);
    expect(outcomes.shipped + outcomes.cancelled).toBe(30);
    // Biteship holds one live booking per shipped order and nothing else.
    const live = (await (await fetch(`${sim.url}/sim/orders`)).json()) as { status: string }[];
    expect(live.filter((o) => o.status !== "cancelled")).toHaveLength(outcomes.shipped);
  });
});
