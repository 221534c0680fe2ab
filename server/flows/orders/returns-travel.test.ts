// Issue 27, "Returns travel": an approved return travels back to the warehouse before money moves; a replacement
// ships with the courier. On PGlite and PostgreSQL (the pglite and postgres projects).
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { completedOrder } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createTableCourier } from "../../modules/courier/courier.service.ts";
import { ledgerTransfers } from "../../modules/ledger/ledger.tables.ts";
import { shipments } from "../../modules/shipping/shipping.tables.ts";
import { CourierError, type CourierGateway } from "../../platform/couriers.ts";
import { merchantDecide } from "./refund.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());
afterEach(() => expectLedgerBalanced(database));

type Received = Awaited<ReturnType<typeof completedOrder>>;

/** The shopper asks to return (or replace) the order's item, for a reason category. */
async function ask(o: Received, category: string, kind = "return") {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    orderId: o.orderId,
    variantId: o.variantId,
    kind,
    category,
    quantity: "1",
    reason: "Tidak sesuai.",
    idempotencyKey: newKey(),
  }))
    form.set(k, v);
  return o.shopper.api.orders.requestAfterSales(form);
}

const balance = async (user: { api: Received["shopper"]["api"] }) =>
  (await user.api.wallet.summary()).balance;

const parcelsOf = (returnId: string) =>
  database.db.select().from(shipments).where(eq(shipments.returnId, returnId));

/** The courier desk carries a parcel to its end. */
async function deliver(shipmentId: string) {
  for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const)
    await ops.api.ops.orders.moveParcel({ shipmentId, to });
}

const transfersOf = (orderId: string, returnId: string) =>
  database.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.subjectId, orderId), like(ledgerTransfers.step, `return:${returnId}:%`)));

/** Which reason categories the shopper, the store and the platform pay for (the defaults, said again). */
const defaults = {
  wrong_item: "platform",
  damaged: "platform",
  not_as_described: "store",
  changed_mind: "shopper",
} as const;

describe("who pays return postage", () => {
  it("defaults by reason; an operator changes it (audited) and a bad payer is refused, translated", async () => {
    expect((await ops.api.ops.settings.get()).returnPostage).toEqual(defaults);
    const changed = await ops.api.ops.settings.updateReturnPostage({ ...defaults, damaged: "store" });
    expect(changed.returnPostage.damaged).toBe("store");
    expect((await ops.api.ops.money.audit({})).items[0]).toMatchObject({
      action: "settings.returnPostage",
      before: { damaged: "platform" },
      after: { damaged: "store" },
    });
    // Over HTTP, as the settings page sends it: the field's translated message, and nothing stored.
    const response = await createTestApp(database).request("/trpc/ops.settings.updateReturnPostage", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: ops.token, lang: "en" },
      body: JSON.stringify({ json: { ...defaults, damaged: "courier" } }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(
      "Choose who pays: Pasar, the store or the shopper",
    );
    expect((await ops.api.ops.settings.get()).returnPostage.damaged).toBe("store");
    const shopper = await signedInUser(database);
    await expect(shopper.api.ops.settings.updateReturnPostage(defaults)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await ops.api.ops.settings.updateReturnPostage(defaults);
  });
});

describe("a return travels back before money moves", () => {
  it("approval books one return parcel; delivered to the warehouse, the refund is paid once, less the shopper's postage", async () => {
    const o = await completedOrder(database, ops);
    const order = await o.shopper.api.orders.get({ id: o.orderId });
    const request = await ask(o, "changed_mind");
    // The approval dialog's figure, from the server: the shopper pays the return postage for this reason.
    const quote = await o.store.api.merchantOrders.returnQuote({ id: request.id });
    expect(quote).toMatchObject({ payer: "shopper", items: 100_000, fees: order.postage + order.serviceFee });
    expect(quote.postage).toBeGreaterThan(0);
    expect(quote.deduction).toBe(quote.postage);
    expect(quote.total).toBe(order.total - quote.postage);
    // Another store cannot read it.
    const other = await completedOrder(database, ops);
    await expect(other.store.api.merchantOrders.returnQuote({ id: request.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const before = await balance(o.shopper);
    const key = newKey();
    const approved = await o.store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      idempotencyKey: key,
    });
    // A repeated tap, and booking again, book nothing twice.
    await o.store.api.merchantOrders.decideAfterSales({ id: request.id, approve: true, idempotencyKey: key });
    await o.store.api.merchantOrders.bookReturn({ id: request.id });
    const parcels = await parcelsOf(request.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ kind: "return", orderId: o.orderId, price: quote.postage });
    expect(approved).toMatchObject({
      status: "returning",
      refund: null,
      postagePayer: "shopper",
      shipment: {
        kind: "return",
        booked: true,
        waybill: parcels[0]!.waybill,
        serviceName: quote.serviceName,
        to: { name: "Gudang Pasar", address: expect.stringContaining("Pulogadung") },
      },
    });
    expect(await balance(o.shopper)).toBe(before);
    // Only the operator's list offers the courier desk's next moves.
    expect(approved.shipment!.moves).toEqual([]);
    const listed = (await ops.api.ops.afterSales.list({ view: "returns" })).items.find(
      (r) => r.id === request.id,
    );
    expect(listed!.shipment!.moves).toEqual(["picked_up"]);
    // The shopper sees the parcel and its tracking on the order.
    const seen = await o.shopper.api.orders.get({ id: o.orderId });
    expect(seen.shipments.find((s) => s.kind === "return")).toMatchObject({ status: "booked" });
    expect(seen.afterSales[0]).toMatchObject({ status: "returning", shipment: { booked: true } });

    await deliver(parcels[0]!.id);
    // A late duplicate of the courier's news moves nothing again.
    await ops.api.ops.orders.moveParcel({ shipmentId: parcels[0]!.id, to: "delivered" }).catch(() => null);
    const after = await o.shopper.api.orders.get({ id: o.orderId });
    expect(after.afterSales[0]).toMatchObject({
      status: "approved",
      refund: quote.total,
      postageCharged: quote.postage,
    });
    expect(await balance(o.shopper)).toBe(before + quote.total);
    expect(after.events.filter((e) => e.event === "refunded")).toHaveLength(1);
    expect(after.shipments.find((s) => s.kind === "return")!.steps[0]!.status).toBe("delivered");
    // The shopper's part of the postage went from escrow to revenue.
    const moved = await transfersOf(o.orderId, request.id);
    expect(moved.find((t) => t.step.endsWith(":postage"))).toMatchObject({ amount: quote.postage });
    expect(moved.filter((t) => t.step.endsWith(":refund"))).toHaveLength(1);
  });

  it("the store pays the postage from its balance when the reason says so; short at arrival, the refund waits for the operator", async () => {
    const o = await completedOrder(database, ops);
    const request = await ask(o, "not_as_described");
    const quote = await o.store.api.merchantOrders.returnQuote({ id: request.id });
    expect(quote).toMatchObject({ payer: "store", deduction: 0 });
    const approved = await o.store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    // Meanwhile the store takes its money out (an operator's correction stands in for a withdrawal).
    const all = await balance(o.store);
    await ops.api.ops.money.adjust({
      account: o.store.email,
      amount: -(all - 10_000),
      reason: "uji",
      idempotencyKey: newKey(),
    });
    const before = await balance(o.shopper);
    await deliver(approved.shipment!.id);
    const held = (await o.shopper.api.orders.get({ id: o.orderId })).afterSales[0]!;
    expect(held).toMatchObject({ status: "received", refund: null });
    expect(await balance(o.shopper)).toBe(before);
    expect((await ops.api.ops.afterSales.counts()).toRefund).toBeGreaterThanOrEqual(1);
    expect((await ops.api.ops.afterSales.list({ view: "returns" })).items.map((r) => r.id)).toContain(
      request.id,
    );
    // The operator cannot refund it either while the store is short: told what is missing.
    await expect(
      ops.api.ops.afterSales.refundNow({
        id: request.id,
        reason: "Paket sudah kembali",
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/Rp/) });
    await ops.api.ops.money.adjust({
      account: o.store.email,
      amount: 100_000,
      reason: "uji",
      idempotencyKey: newKey(),
    });
    const storeBefore = await balance(o.store);
    const refunded = await ops.api.ops.afterSales.refundNow({
      id: request.id,
      reason: "Saldo toko sudah cukup",
      idempotencyKey: newKey(),
    });
    expect(refunded).toMatchObject({
      status: "approved",
      refund: quote.total,
      postageCharged: quote.postage,
    });
    expect(await balance(o.shopper)).toBe(before + quote.total);
    // The store gave back its margin (40,000) and paid the return postage.
    expect(await balance(o.store)).toBe(storeBefore - 40_000 - quote.postage);
    const history = await o.store.api.wallet.history({});
    expect(history.items.map((i) => i.entry)).toContain("return_postage");
  });

  it("the operator refunds now without waiting (audited); the parcel's arrival later returns the stock and moves no money", async () => {
    const o = await completedOrder(database, ops);
    const request = await ask(o, "damaged");
    const approved = await o.store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    const before = await balance(o.shopper);
    await expect(
      o.store.api.ops.afterSales.refundNow({ id: request.id, reason: "x", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const key = newKey();
    const refunded = await ops.api.ops.afterSales.refundNow({
      id: request.id,
      reason: "Kurir terlambat, pembeli menunggu.",
      idempotencyKey: key,
    });
    await ops.api.ops.afterSales.refundNow({
      id: request.id,
      reason: "Kurir terlambat, pembeli menunggu.",
      idempotencyKey: key,
    });
    expect(refunded).toMatchObject({ status: "approved", postagePayer: "platform", postageCharged: null });
    expect(await balance(o.shopper)).toBe(before + refunded.refund!);
    expect((await ops.api.ops.money.audit({})).items[0]).toMatchObject({
      action: "aftersales.refundNow",
      after: { reason: "Kurir terlambat, pembeli menunggu." },
    });
    await expect(
      ops.api.ops.afterSales.refundNow({ id: request.id, reason: "lagi", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await deliver(approved.shipment!.id);
    expect(await balance(o.shopper)).toBe(before + refunded.refund!);
    const events = (await o.shopper.api.orders.get({ id: o.orderId })).events.map((e) => e.event);
    expect(events.filter((e) => e === "refunded")).toHaveLength(1);
    expect(events.at(-1)).toBe("return_received");
  });

  it("a courier that cannot be reached: nothing is decided at the quote; a failed booking is booked once on retry", async () => {
    const o = await completedOrder(database, ops);
    const request = await ask(o, "wrong_item");
    const table = createTableCourier(database.db);
    const down = (what: "quote" | "book"): CourierGateway => ({
      ...table,
      async quote(input) {
        if (what === "quote") throw new CourierError("timeout", true);
        return table.quote(input);
      },
      async createShipment(input) {
        if (what === "book") throw new CourierError("503", true, 503);
        return table.createShipment(input);
      },
    });
    const deps = (courier: CourierGateway) => ({
      db: database.db,
      storage: database.storage,
      lang: "en" as const,
      courier,
    });
    const decide = (courier: CourierGateway) =>
      merchantDecide(deps(courier), o.store.id, {
        id: request.id,
        approve: true,
        reason: "",
        idempotencyKey: newKey(),
      });
    await expect(decide(down("quote"))).rejects.toMatchObject({ key: "errors.shipping.courierAway" });
    expect((await o.shopper.api.orders.get({ id: o.orderId })).afterSales[0]!.status).toBe("requested");
    expect(await parcelsOf(request.id)).toHaveLength(0);

    await expect(decide(down("book"))).rejects.toMatchObject({ key: "errors.returns.bookingFailed" });
    const waiting = (await o.store.api.merchantOrders.get({ id: o.orderId })).afterSales[0]!;
    expect(waiting).toMatchObject({ status: "returning", shipment: { booked: false, waybill: null } });
    // Booking again, twice (with the courier back): one parcel, booked.
    await o.store.api.merchantOrders.bookReturn({ id: request.id });
    await o.store.api.merchantOrders.bookReturn({ id: request.id });
    const parcels = await parcelsOf(request.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]!.waybill).toBeTruthy();
    expect((await o.shopper.api.orders.get({ id: o.orderId })).afterSales[0]!.shipment).toMatchObject({
      booked: true,
    });
  });
});

describe("a replacement ships with the courier", () => {
  it("the operator's ship books a replacement parcel to the shopper (once), tracked on the order", async () => {
    const o = await completedOrder(database, ops, { quantity: 2 });
    const request = await ask(o, "damaged", "replacement");
    await o.store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    const options = await ops.api.ops.afterSales.services({ id: request.id });
    expect(options.length).toBeGreaterThan(0);
    const pick = options.at(-1)!;
    const key = newKey();
    const shipped = await ops.api.ops.afterSales.ship({
      id: request.id,
      service: { courier: pick.courier, service: pick.service },
      idempotencyKey: key,
    });
    await ops.api.ops.afterSales.ship({
      id: request.id,
      service: { courier: pick.courier, service: pick.service },
      idempotencyKey: key,
    });
    const parcels = await parcelsOf(request.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ kind: "replacement", service: pick.service, price: pick.price });
    expect(shipped).toMatchObject({
      status: "replaced",
      shipment: {
        kind: "replacement",
        booked: true,
        waybill: parcels[0]!.waybill,
        to: { name: expect.any(String) },
      },
    });
    expect((await ops.api.ops.money.audit({})).items[0]).toMatchObject({
      action: "aftersales.ship",
      after: { waybill: parcels[0]!.waybill },
    });
    await deliver(parcels[0]!.id);
    const order = await o.shopper.api.orders.get({ id: o.orderId });
    const parcel = order.shipments.find((s) => s.kind === "replacement")!;
    expect(parcel.status).toBe("delivered");
    expect(parcel.steps.map((s) => s.status)).toEqual([
      "delivered",
      "out_for_delivery",
      "in_transit",
      "picked_up",
      "booked",
    ]);
    // The order itself is completed already: a replacement's delivery changes nothing about its money.
    expect(order.status).toBe("completed");
  });
});
