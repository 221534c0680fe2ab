import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { paidOrderVia } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, silentLog, type TestDatabase } from "../../../tests/setup/test-db.ts";
import {
  createBiteshipCourier,
  defaultWebhookSecretHeader,
} from "../../adapters/biteship/biteship.adapter.ts";
import {
  startBiteshipSimulator,
  type BiteshipSimulator,
} from "../../adapters/biteship/biteship.simulator.ts";
import { shipmentEvents, shipments } from "../../modules/shipping/shipping.tables.ts";
import type { CourierGateway } from "../../platform/couriers.ts";
import { trackNow } from "./steps/track.ts";

/**
 * Issue 40, holes 1 and 7, through Biteship's simulator and the shop's own webhook route
 * (`POST /couriers/notify/biteship`, served on a port, as Biteship reaches it): a webhook resent, with or without
 * a time, is one tracking step; a webhook about a parcel the shop does not know reaches the operator.
 */

const apiKey = "biteship_test.webhooks0key";
const webhookSecret = "webhooks-secret-0123456789";
let database: TestDatabase;
let sim: BiteshipSimulator;
let server: Server;
let courier: CourierGateway;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
  // The shop listens first, so Biteship's dashboard (the simulator) can be given its webhook address.
  const shop: { listener?: ReturnType<typeof getRequestListener> } = {};
  server = createServer((req, res) => void shop.listener!(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sim = await startBiteshipSimulator({
    apiKey,
    webhookSecret,
    webhookUrl: shopUrl(),
    retryDelaysMs: [10, 20],
  });
  courier = createBiteshipCourier({ apiKey, apiUrl: sim.url, webhookSecret });
  shop.listener = getRequestListener(createTestApp(database, { courier }).fetch);
});
afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  await database.destroy();
});

/** An order shipped through Biteship: its id, the shopper's api, the shipment and Biteship's order id. */
async function shippedOrder() {
  const { api, id } = await paidOrderVia(database, ops, courier);
  await callerFor(database, { token: ops.token, courier }).ops.orders.ship({ id, idempotencyKey: newKey() });
  const [shipment] = await database.db.select().from(shipments).where(eq(shipments.orderId, id));
  return { id, api, shipment: shipment!, bookingId: shipment!.providerShipmentId! };
}

const rowsOf = (shipmentId: string, providerStatus?: string) =>
  database.db
    .select()
    .from(shipmentEvents)
    .where(
      providerStatus
        ? and(eq(shipmentEvents.shipmentId, shipmentId), eq(shipmentEvents.providerStatus, providerStatus))
        : eq(shipmentEvents.shipmentId, shipmentId),
    );

describe("a courier's webhook sent again (issue 40, hole 7)", () => {
  it("without a time or with one, adds its step once however often it comes; the timeline shows each step once", async () => {
    const { id, api, shipment, bookingId } = await shippedOrder();
    // Biteship's documented bodies carry no time: the same step, sent 25 times more.
    await sim.control.advance(bookingId, "allocated");
    await sim.control.resend(bookingId, 25);
    await sim.control.idle();
    expect(sim.control.webhooks.filter((w) => w.orderId === bookingId && w.delivered)).toHaveLength(26);
    expect(await rowsOf(shipment.id, "allocated")).toHaveLength(1);
    // Dated by the courier, the same.
    sim.control.stampWebhooks(true);
    try {
      await sim.control.advance(bookingId, "picking_up");
      await sim.control.resend(bookingId, 25);
      await sim.control.idle();
    } finally {
      sim.control.stampWebhooks(false);
    }
    expect(await rowsOf(shipment.id, "picking_up")).toHaveLength(1);
    // A late copy of an earlier step, without a time, does not come back as the latest.
    await sim.control.advance(bookingId, "picked");
    await sim.control.idle();
    const allocated = sim.control.webhooks.find(
      (w) => w.orderId === bookingId && w.body.includes('"allocated"'),
    )!;
    const late = await fetch(shopUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", [defaultWebhookSecretHeader]: webhookSecret },
      body: allocated.body,
    });
    expect(late.status).toBe(200);
    const order = await api.orders.get({ id });
    expect(order.shipments[0]!.status).toBe("picked_up");
    // The shopper's timeline: confirmed (booked), allocated, picking up, picked up; each once, newest first.
    expect(order.shipments[0]!.steps.map((s) => s.status)).toEqual([
      "picked_up",
      "booked",
      "booked",
      "booked",
    ]);
    expect(await rowsOf(shipment.id)).toHaveLength(4);

    // Tracking tells the same steps with Biteship's times: still one step each, now at the courier's time.
    await trackNow({ db: database.db, courier, log: silentLog }, shipment.id);
    const rows = await rowsOf(shipment.id);
    expect(rows.map((r) => r.providerStatus).sort()).toEqual([
      "allocated",
      "confirmed",
      "picked",
      "picking_up",
    ]);
    expect(rows.every((r) => r.dated)).toBe(true);
    const history = sim.control.order(bookingId)!.courier.history!;
    expect(rows.find((r) => r.providerStatus === "allocated")!.at).toEqual(
      new Date(history.find((h) => h.status === "allocated")!.updated_at),
    );
    expect((await api.orders.get({ id })).shipments[0]!.steps).toHaveLength(4);
    await expectLedgerBalanced(database);
  });
});

function shopUrl() {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/couriers/notify/biteship`;
}

describe("a courier's webhook about a parcel the shop does not know (issue 40, hole 1)", () => {
  it("reaches the operator on /ops/shipping, once however often it is resent, and closes when the parcel becomes known", async () => {
    // A booking made at Biteship that no shipment of the shop records (made in Biteship's dashboard, or by a
    // shop whose record of it was lost).
    const stray = await courier.createShipment({
      shipmentId: `shp_stray_${Date.now()}`,
      courier: "jne",
      service: "REG",
      origin: {
        provinceCode: "31",
        regencyCode: "31.71",
        districtCode: "31.71.07",
        villageCode: "31.71.07.1006",
        postcode: "10240",
        name: "Gudang",
        phone: "+6281234567890",
        address: "Jl. Gudang 1",
        area: "Jakarta",
      },
      destination: {
        provinceCode: "32",
        regencyCode: "32.73",
        districtCode: "32.73.01",
        villageCode: "32.73.01.1001",
        postcode: "40115",
        name: "Budi",
        phone: "+6281298765432",
        address: "Jl. Braga 12",
        area: "Bandung",
      },
      items: [
        {
          name: "Kemeja",
          value: 100_000,
          quantity: 1,
          weightGrams: 500,
          lengthCm: 20,
          widthCm: 15,
          heightCm: 5,
        },
      ],
      codAmount: null,
      note: "stray",
    });
    const before = (await ops.api.ops.shipping.problems()).items.length;
    await sim.control.advance(stray.providerShipmentId, "allocated");
    await sim.control.idle();
    // The shop answered 404 (so Biteship tries again) and told the operator.
    const sent = sim.control.webhooks.filter((w) => w.orderId === stray.providerShipmentId);
    expect(sent.at(-1)!.answers.map((a) => a.status)).toEqual([404, 404, 404]);
    await sim.control.resend(stray.providerShipmentId, 3);
    await sim.control.idle();
    const problems = (await ops.api.ops.shipping.problems()).items;
    expect(problems).toHaveLength(before + 1);
    expect(problems.find((p) => p.providerShipmentId === stray.providerShipmentId)).toMatchObject({
      kind: "unknown_shipment",
      provider: "biteship",
      providerStatus: "allocated",
      waybill: stray.waybill,
      orderId: null,
      count: 12,
    });
    // In every language the page shows.
    const english = callerFor(database, { token: ops.token, lang: "en" });
    expect((await english.ops.shipping.problems()).items).toHaveLength(before + 1);

    // A booking whose answer reached the shop after Biteship's first webhook: unknown at first, known at the
    // next try, and its problem closes by itself.
    const { shipment, bookingId } = await shippedOrder();
    const recorded = (providerShipmentId: string | null) =>
      database.db.update(shipments).set({ providerShipmentId }).where(eq(shipments.id, shipment.id));
    await recorded(null);
    await sim.control.advance(bookingId, "allocated");
    await sim.control.idle();
    expect((await ops.api.ops.shipping.problems()).items.map((p) => p.providerShipmentId)).toContain(
      bookingId,
    );
    await recorded(bookingId);
    await sim.control.resend(bookingId);
    await sim.control.idle();
    expect((await ops.api.ops.shipping.problems()).items.map((p) => p.providerShipmentId)).not.toContain(
      bookingId,
    );
    expect(await rowsOf(shipment.id, "allocated")).toHaveLength(1);
  });
});
