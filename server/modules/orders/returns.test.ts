import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import { completedOrder, variantIn } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";

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

/** Sets the clock to `ms` after a moment (until the test ends). */
function at(from: Date, ms: number) {
  restore?.();
  const moment = new Date(from.getTime() + ms);
  restore = setClock(() => moment);
}

type Shopper = Awaited<ReturnType<typeof completedOrder>>["shopper"];

async function ask(
  shopper: Shopper,
  fields: {
    orderId: string;
    listingId: string;
    /** Which variant of the listing (the order's one item of it when left out). */
    variantId?: string;
    kind?: string;
    quantity?: number;
    reason?: string;
    category?: string;
  },
  photos = 0,
) {
  const form = new FormData();
  form.set("orderId", fields.orderId);
  form.set("variantId", fields.variantId ?? (await variantIn(database, fields.orderId, fields.listingId)));
  form.set("kind", fields.kind ?? "return");
  form.set("category", fields.category ?? "damaged");
  form.set("quantity", String(fields.quantity ?? 1));
  form.set("reason", fields.reason ?? "Barang rusak saat tiba.");
  form.set("idempotencyKey", newKey());
  for (let i = 0; i < photos; i++) {
    form.append("photos", new File([await picture(900, 900, "jpeg")], `p${i}.jpg`, { type: "image/jpeg" }));
  }
  return shopper.api.orders.requestAfterSales(form);
}

const balance = async (user: { api: Shopper["api"] }) => (await user.api.wallet.summary()).balance;
const stockOf = async (listingId: string) =>
  (await callerFor(database).listings.get({ id: listingId })).stock;

/** The courier desk carries a request's parcel (as the view names it) to where it goes. */
async function deliver(request: { shipment: { id: string } | null }) {
  for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const)
    await ops.api.ops.orders.moveParcel({ shipmentId: request.shipment!.id, to });
}

describe("after-sales windows", () => {
  it("takes a return until 7 days after receipt and a replacement until 15, to the millisecond", async () => {
    const { shopper, orderId, listingIds } = await completedOrder(database, ops, { products: 2 });
    const order = await shopper.api.orders.get({ id: orderId });
    const received = order.completedAt!;
    expect(order.afterSalesUntil).toEqual({
      return: new Date(received.getTime() + 7 * day),
      replacement: new Date(received.getTime() + 15 * day),
    });
    at(received, 7 * day + 1);
    await expect(ask(shopper, { orderId, listingId: listingIds[0]! })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Batas pengembalian 7 hari sejak diterima sudah lewat.",
    });
    at(received, 7 * day);
    const request = await ask(shopper, { orderId, listingId: listingIds[0]! });
    expect(request).toMatchObject({ status: "requested", kind: "return", quantity: 1 });
    at(received, 15 * day + 1);
    await expect(
      ask(shopper, { orderId, listingId: listingIds[1]!, kind: "replacement" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    at(received, 15 * day);
    expect(await ask(shopper, { orderId, listingId: listingIds[1]!, kind: "replacement" })).toMatchObject({
      status: "requested",
      kind: "replacement",
    });
  });

  it("refuses before receipt, another's order, a second request, and more than was bought", async () => {
    const { shopper, orderId, listingId } = await completedOrder(database, ops, { quantity: 2 });
    const stranger = await signedInUser(database);
    await expect(ask(stranger as Shopper, { orderId, listingId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(ask(shopper, { orderId, listingId, quantity: 3 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await ask(shopper, { orderId, listingId, quantity: 2 }, 1);
    await expect(ask(shopper, { orderId, listingId })).rejects.toMatchObject({ code: "CONFLICT" });
    // Over HTTP a missing reason is a translated message.
    const app = createTestApp(database);
    const form = new FormData();
    const fields = { orderId, listingId, kind: "return", category: "damaged", quantity: "1", reason: " " };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("idempotencyKey", newKey());
    const res = await app.request("/trpc/orders.requestAfterSales", {
      method: "POST",
      headers: { authorization: shopper.token, lang: "en" },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Please give a reason.");
  });
});

describe("deciding", () => {
  it("an approved return refunds the item and its VAT, takes back the sale and gives back the goods cost; stock returns", async () => {
    // Two products at 100,000 (merchant price 60,000), 1 each; postage, service fee and 11% VAT per settings.
    const { store, shopper, orderId, listingIds } = await completedOrder(database, ops, { products: 2 });
    const order = await shopper.api.orders.get({ id: orderId });
    const [first, second] = listingIds as [string, string];
    const shopperBefore = await balance(shopper);
    const storeBefore = await balance(store);
    const moneyBefore = await store.api.merchants.money();
    const stockBefore = await stockOf(first);
    const salesBefore = (await callerFor(database).listings.get({ id: first })).sales;

    const request = await ask(shopper, { orderId, listingId: first });
    // Only the store that sold it decides; a shopper cannot.
    const other = await completedOrder(database, ops);
    await expect(
      other.store.api.merchantOrders.decideAfterSales({
        id: request.id,
        approve: true,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      shopper.api.merchantOrders.decideAfterSales({
        id: request.id,
        approve: true,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    const key = newKey();
    const approved = await store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      idempotencyKey: key,
    });
    // A repeated tap moves nothing twice.
    await store.api.merchantOrders.decideAfterSales({ id: request.id, approve: true, idempotencyKey: key });
    const vatShare = Math.round((order.vat * 100_000) / order.subtotal);
    expect(request.refundQuote).toEqual({
      items: 100_000,
      vat: vatShare,
      fees: 0,
      total: 100_000 + vatShare,
    });
    // Approving refunds nothing yet: the item travels back first, by a parcel booked to the warehouse.
    expect(approved).toMatchObject({
      status: "returning",
      refund: null,
      refundQuote: null,
      postagePayer: "platform",
      shipment: { kind: "return", booked: true, status: "booked", to: { name: "Gudang Pasar" } },
    });
    expect(await balance(shopper)).toBe(shopperBefore);
    expect(await stockOf(first)).toBe(stockBefore);
    await deliver(approved);
    expect(await balance(shopper)).toBe(shopperBefore + 100_000 + vatShare);
    // The store gives back its margin: the sale (100,000) out, the goods cost (60,000) back.
    expect(await balance(store)).toBe(storeBefore - 40_000);
    expect(await store.api.merchants.money()).toEqual({
      turnover: moneyBefore.turnover - 100_000,
      profit: moneyBefore.profit - 40_000,
    });
    expect(await stockOf(first)).toBe(stockBefore + 1);
    expect((await callerFor(database).listings.get({ id: first })).sales).toBe(salesBefore - 1);
    // The shopper's fund history names the refund as a refund (its type stays the order payment it reverses).
    const history = await shopper.api.wallet.history({});
    expect(history.items[0]).toMatchObject({
      kind: "prd_order_pay",
      entry: "order_refund",
      amount: 100_000 + vatShare,
    });
    const detail = await shopper.api.orders.get({ id: orderId });
    expect(detail.events.slice(-5).map((e) => e.event)).toEqual([
      "return_requested",
      "return_approved",
      "return_shipped",
      "return_received",
      "refunded",
    ]);
    expect(detail.events.at(-1)).toMatchObject({
      amount: 100_000 + vatShare,
      item: expect.stringContaining("Barang"),
    });
    expect(detail.afterSales[0]).toMatchObject({ status: "approved", refund: 100_000 + vatShare });
    // The store's order page follows the return: the item out of the sale, its goods cost given back, the
    // profit what the store kept (as its balance moved), each movement named as the fund history names it.
    const partly = await store.api.merchantOrders.get({ id: orderId });
    expect(partly).toMatchObject({
      subtotal: 200_000,
      returned: 100_000,
      goodsCost: 60_000,
      returnPostage: 0,
      profit: 40_000,
    });
    expect(partly.moves.reduce((sum, m) => sum + m.amount, 0)).toBe(partly.profit);
    expect(partly.moves.map((m) => m.entry).sort()).toEqual(
      ["goods_payment", "sale", "goods_refund", "sale_returned"].sort(),
    );
    const card = (await store.api.merchantOrders.list({ view: "all", limit: 50 })).items.find(
      (o) => o.id === orderId,
    );
    expect(card).toMatchObject({ subtotal: 100_000, goodsCost: 60_000, profit: 40_000 });
    await expectLedgerBalanced(database);

    // Returning the last item gives back exactly the rest of the order's total, fees included.
    const last = await ask(shopper, { orderId, listingId: second });
    const rest = order.total - (100_000 + vatShare);
    expect(last.refundQuote).toEqual({
      items: 100_000,
      vat: order.vat - vatShare,
      fees: order.postage + order.serviceFee,
      total: rest,
    });
    await deliver(
      await store.api.merchantOrders.decideAfterSales({
        id: last.id,
        approve: true,
        idempotencyKey: newKey(),
      }),
    );
    const lastApproved = (await shopper.api.orders.get({ id: orderId })).afterSales[1]!;
    expect(lastApproved.refund).toBe(rest);
    expect(await balance(shopper)).toBe(shopperBefore + order.total);
    const storeDetail = await store.api.merchantOrders.get({ id: orderId });
    expect(storeDetail.afterSales.map((r) => r.status)).toEqual(["approved", "approved"]);
    // What the store kept of this order: nothing, and its page says so.
    expect(storeDetail.moves.reduce((sum, m) => sum + m.amount, 0)).toBe(0);
    expect(storeDetail).toMatchObject({ returned: 200_000, goodsCost: 0, profit: 0 });
  });

  it("a store that cannot cover the refund is told what is missing, and nothing moves", async () => {
    const { store, shopper, orderId, listingId } = await completedOrder(database, ops);
    // The merchant takes everything out (an operator's correction stands in for a withdrawal).
    const all = await balance(store);
    await ops.api.ops.money.adjust({
      account: store.email,
      amount: -(all - 15_000),
      reason: "uji",
      idempotencyKey: newKey(),
    });
    const request = await ask(shopper, { orderId, listingId });
    const before = await balance(shopper);
    await expect(
      store.api.merchantOrders.decideAfterSales({ id: request.id, approve: true, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/Rp.25\.000/) });
    expect(await balance(shopper)).toBe(before);
    expect((await shopper.api.orders.get({ id: orderId })).afterSales[0]!.status).toBe("requested");
  });

  it("a refused shopper escalates; the operator decides (audited); a replacement is then shipped", async () => {
    const { store, shopper, orderId, listingId } = await completedOrder(database, ops, { quantity: 2 });
    const request = await ask(shopper, { orderId, listingId, kind: "replacement", quantity: 1 });
    await expect(
      store.api.merchantOrders.decideAfterSales({
        id: request.id,
        approve: false,
        reason: "",
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // The operator cannot decide before it is escalated; the shopper cannot escalate before a refusal.
    await expect(
      shopper.api.orders.escalate({ id: request.id, note: "Tolong", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const refused = await store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: false,
      reason: "Foto tidak menunjukkan kerusakan.",
      idempotencyKey: newKey(),
    });
    expect(refused).toMatchObject({ status: "refused", refusal: "Foto tidak menunjukkan kerusakan." });
    await expect(
      ops.api.ops.afterSales.decide({ id: request.id, approve: true, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await shopper.api.orders.escalate({
      id: request.id,
      note: "Jahitan lepas, lihat foto kedua.",
      idempotencyKey: newKey(),
    });
    expect((await ops.api.ops.afterSales.counts()).escalated).toBeGreaterThanOrEqual(1);
    expect((await ops.api.ops.afterSales.list({ view: "escalated" })).items.map((r) => r.id)).toContain(
      request.id,
    );
    await expect(store.api.ops.afterSales.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });

    const stockBefore = await stockOf(listingId);
    const approved = await ops.api.ops.afterSales.decide({
      id: request.id,
      approve: true,
      reason: "Kerusakan terlihat.",
      idempotencyKey: newKey(),
    });
    expect(approved).toMatchObject({ status: "approved", decision: "Kerusakan terlihat.", refund: null });
    // A replacement takes a new item from stock; no money moves.
    expect(await stockOf(listingId)).toBe(stockBefore - 1);
    expect((await ops.api.ops.money.audit({})).items[0]).toMatchObject({ action: "aftersales.approve" });
    expect((await ops.api.ops.afterSales.list({ view: "to_replace" })).items.map((r) => r.id)).toContain(
      request.id,
    );
    const shipped = await ops.api.ops.afterSales.ship({ id: request.id, idempotencyKey: newKey() });
    expect(shipped).toMatchObject({
      status: "replaced",
      courier: null,
      trackingNumber: null,
      shipment: { kind: "replacement", booked: true, waybill: expect.any(String) },
    });
    const events = (await shopper.api.orders.get({ id: orderId })).events.map((e) => e.event);
    expect(events.slice(-5)).toEqual([
      "return_requested",
      "return_refused",
      "return_escalated",
      "return_approved",
      "replacement_shipped",
    ]);
  });

  it("the operator may reject an escalated return for good", async () => {
    const { store, shopper, orderId, listingId } = await completedOrder(database, ops);
    const request = await ask(shopper, { orderId, listingId });
    await store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: false,
      reason: "Sudah dipakai.",
      idempotencyKey: newKey(),
    });
    await shopper.api.orders.escalate({ id: request.id, note: "Belum dipakai.", idempotencyKey: newKey() });
    const before = await balance(shopper);
    const rejected = await ops.api.ops.afterSales.decide({
      id: request.id,
      approve: false,
      reason: "Label sudah dilepas.",
      idempotencyKey: newKey(),
    });
    expect(rejected).toMatchObject({ status: "rejected", decision: "Label sudah dilepas." });
    expect(await balance(shopper)).toBe(before);
    await expect(
      shopper.api.orders.escalate({ id: request.id, note: "lagi", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("two variants of one product in one order", () => {
  it("a return of one variant refunds that item alone and puts back that variant's stock; the other stays returnable", async () => {
    const { store, shopper, orderId, listingId, variantIds } = await completedOrder(database, ops, {
      variants: ["Hitam/42", "Putih/41"],
    });
    const [hitam42, putih41] = variantIds as [string, string];
    const order = await shopper.api.orders.get({ id: orderId });
    // Items come in variant id order, and two variants made in one millisecond have ids in random order.
    const byLabel = (a: (string | null)[], b: (string | null)[]) => String(a[1]).localeCompare(String(b[1]));
    expect(order.items.map((i) => [i.variantId, i.variantLabel]).sort(byLabel)).toEqual([
      [hitam42, "Hitam / 42"],
      [putih41, "Putih / 41"],
    ]);
    const stocks = async () => {
      const page = await callerFor(database).listings.get({ id: listingId });
      return [hitam42, putih41].map((id) => page.variants.find((v) => v.id === id)!.stock);
    };
    expect(await stocks()).toEqual([9, 9]);
    const shopperBefore = await balance(shopper);
    const storeBefore = await balance(store);
    // One of each was bought: two of Hitam / 42 cannot be returned, though the order holds two of the product.
    await expect(ask(shopper, { orderId, listingId, variantId: hitam42, quantity: 2 })).rejects.toMatchObject(
      { code: "BAD_REQUEST" },
    );

    const request = await ask(shopper, { orderId, listingId, variantId: hitam42 });
    const vatShare = Math.round((order.vat * 100_000) / order.subtotal);
    expect(request).toMatchObject({
      listingId,
      variantId: hitam42,
      variantLabel: "Hitam / 42",
      quantity: 1,
      refundQuote: { items: 100_000, vat: vatShare, fees: 0, total: 100_000 + vatShare },
    });
    await expect(ask(shopper, { orderId, listingId, variantId: hitam42 })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const approved = await store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    await deliver(approved);
    expect(await balance(shopper)).toBe(shopperBefore + 100_000 + vatShare);
    expect(await balance(store)).toBe(storeBefore - 40_000);
    // Hitam / 42 is back on the shelf, Putih / 41 was never returned; the listing sold one.
    expect(await stocks()).toEqual([10, 9]);
    expect((await callerFor(database).listings.get({ id: listingId })).sales).toBe(1);
    const detail = await shopper.api.orders.get({ id: orderId });
    expect(detail.afterSales.map((r) => [r.variantId, r.status, r.refund])).toEqual([
      [hitam42, "approved", 100_000 + vatShare],
    ]);
    // The other variant is still the shopper's to return, and as the order's last item it takes the fees too.
    const other = await ask(shopper, { orderId, listingId, variantId: putih41 });
    expect(other).toMatchObject({
      variantId: putih41,
      variantLabel: "Putih / 41",
      status: "requested",
      refundQuote: { items: 100_000, vat: order.vat - vatShare, fees: order.postage + order.serviceFee },
    });
  });
});
