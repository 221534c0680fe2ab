import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codSettingsDefaults } from "#common/platform.ts";
import { formatRupiah } from "#common/money.ts";
import { noticesFor } from "../../../tests/setup/notices.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { failure } from "../../../tests/setup/failure.ts";
import { newKey, pinProof } from "../../../tests/setup/money.ts";
import {
  codShopper,
  completedOrder,
  credit,
  listing,
  merchantWithStore,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { shipments } from "../shipping/shipping.tables.ts";
import { applySteps } from "../../flows/shipping/steps/track.ts";
import { buy, database, later, ops, runJobs, twoStores, useOrdersShop } from "../orders/orders-test-setup.ts";

// Issue 44: an order on its way (picked up, out for delivery, delivered, about to confirm itself), its return or
// replacement decided, and a cash-on-delivery parcel refused tell the shopper once each.

useOrdersShop();

const noticesOf = (userId: string) => noticesFor(database, userId);
/** The kinds told to a user, sorted: notices of one event are written in one millisecond, in no order. */
const kindsOf = async (userId: string) => (await noticesOf(userId)).map((n) => n.kind).sort();
const outboundOf = async (orderId: string) =>
  (await database.db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0]!;
const day = 24 * 3_600_000;

describe("an order on its way", () => {
  it("tells each milestone once (not every step, not a step heard again), then reminds a day before it confirms itself", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 1_000_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const id = (await buy(shopper, listingA)).orderIds[0]!;
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const parcel = await outboundOf(id);
    const { code } = await shopper.api.orders.get({ id });
    for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const)
      await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
    // The courier says "delivered" again: nothing new.
    await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to: "delivered" }).catch(() => undefined);
    const told = (await noticesOf(shopper.id)).filter((n) => n.category === "orders");
    expect(told.map((n) => n.kind)).toEqual([
      "orderShipped",
      "orderPickedUp",
      "orderOutForDelivery",
      "orderDelivered",
    ]);
    expect(told[3]).toEqual({
      kind: "orderDelivered",
      category: "orders",
      params: { code, count: 7 },
      link: `/h5/order/detail?id=${id}`,
    });
    const en = (await callerFor(database, { token: shopper.token, lang: "en" }).notifications.inbox.list({}))
      .items;
    expect(en[0]!.body).toBe(
      `Order ${code} was delivered to your address. Check it, then confirm receipt within 7 days.`,
    );
    expect(en[1]!.title).toBe("Out for delivery");
    // Six and a half days after delivery the reminder is due (a day before the receipt window ends); once.
    later(6.5 * day);
    await runJobs();
    await runJobs();
    const reminders = (await noticesOf(shopper.id)).filter((n) => n.kind === "orderAutoConfirmSoon");
    expect(reminders).toHaveLength(1);
    const [shown] = (await shopper.api.notifications.inbox.list({})).items;
    expect(shown!.body).toBe(
      `Pesanan ${code} akan selesai otomatis besok. Sudah diterima? Konfirmasi sekarang. Ada masalah? Hubungi penjual sebelum itu.`,
    );
  });

  it("a step applied twice, or a batch that jumps past pick-up, tells no milestone twice", async () => {
    const { a, listingA } = await twoStores({ autoPay: true });
    await credit(ops, a.email, 1_000_000);
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const id = (await buy(shopper, listingA)).orderIds[0]!;
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const parcel = await outboundOf(id);
    const at = Date.now();
    const step = (status: "in_transit" | "out_for_delivery", hours: number) => ({
      status,
      providerStatus: status,
      note: status,
      at: new Date(at + hours * 3_600_000),
    });
    await applySteps(database.db, parcel.id, [step("in_transit", 1)]);
    await applySteps(database.db, parcel.id, [step("in_transit", 1), step("out_for_delivery", 5)]);
    await applySteps(database.db, parcel.id, [step("out_for_delivery", 5)]);
    expect(await kindsOf(shopper.id)).toEqual([
      "orderOutForDelivery",
      "orderPaid",
      "orderPickedUp",
      "orderShipped",
    ]);
  });
});

describe("after-sales decided", () => {
  async function ask(o: Awaited<ReturnType<typeof completedOrder>>, kind = "return") {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      orderId: o.orderId,
      variantId: o.variantId,
      kind,
      category: "damaged",
      quantity: "1",
      reason: "Rusak.",
      idempotencyKey: newKey(),
    }))
      form.set(k, v);
    return o.shopper.api.orders.requestAfterSales(form);
  }
  const decisions = async (userId: string) =>
    (await noticesOf(userId)).filter(
      (n) => /^(return|replacement)/.test(n.kind) || n.kind === "orderRefunded",
    );

  it("refused by the store, then rejected by Pasar: each told once with its reason; a second decision tells nobody", async () => {
    const o = await completedOrder(database, ops);
    const request = await ask(o);
    const key = newKey();
    const decide = { id: request.id, approve: false, reason: "Barang sudah dipakai", idempotencyKey: key };
    await o.store.api.merchantOrders.decideAfterSales(decide);
    await o.store.api.merchantOrders.decideAfterSales(decide);
    await failure(o.store.api.merchantOrders.decideAfterSales({ ...decide, idempotencyKey: newKey() }));
    await o.shopper.api.orders.escalate({ id: request.id, note: "Tidak dipakai", idempotencyKey: newKey() });
    await ops.api.ops.afterSales.decide({
      id: request.id,
      approve: false,
      reason: "Foto tidak jelas",
      idempotencyKey: newKey(),
    });
    const { code } = await o.shopper.api.orders.get({ id: o.orderId });
    expect(await decisions(o.shopper.id)).toEqual([
      {
        kind: "returnRefused",
        category: "orders",
        params: { code, reason: "Barang sudah dipakai" },
        link: `/h5/order/detail?id=${o.orderId}`,
      },
      {
        kind: "returnRejected",
        category: "orders",
        params: { code, reason: "Foto tidak jelas" },
        link: `/h5/order/detail?id=${o.orderId}`,
      },
    ]);
    const en = await callerFor(database, { token: o.shopper.token, lang: "en" }).notifications.inbox.list({});
    expect(en.items[1]!.body).toBe(
      `The seller refused your request for order ${code}: Barang sudah dipakai. Disagree? Ask Pasar to review it from the order page.`,
    );
  });

  it("a return approved, then refunded when it arrives; a replacement approved", async () => {
    const o = await completedOrder(database, ops, { products: 2 });
    const request = await ask(o);
    await o.store.api.merchantOrders.decideAfterSales({
      id: request.id,
      approve: true,
      reason: "",
      idempotencyKey: newKey(),
    });
    const parcel = (await database.db.select().from(shipments).where(eq(shipments.returnId, request.id)))[0]!;
    for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const)
      await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
    const { code } = await o.shopper.api.orders.get({ id: o.orderId });
    const told = await decisions(o.shopper.id);
    expect(told.map((n) => n.kind)).toEqual(["returnApproved", "orderRefunded"]);
    expect(told[1]).toMatchObject({ category: "payments", params: { code, amount: expect.any(Number) } });
    const [refund] = (await o.shopper.api.notifications.inbox.list({ category: "payments" })).items;
    expect(refund!.body).toBe(
      `Dana ${formatRupiah(told[1]!.params.amount as number)} untuk pesanan ${code} sudah dikembalikan.`,
    );

    const other = await completedOrder(database, ops);
    const replacement = await ask(other, "replacement");
    await other.store.api.merchantOrders.decideAfterSales({
      id: replacement.id,
      approve: true,
      reason: "",
      idempotencyKey: newKey(),
    });
    expect((await decisions(other.shopper.id)).map((n) => n.kind)).toEqual(["replacementApproved"]);
  });
});

describe("cash on delivery", () => {
  it("placed: told what to have ready; refused at the door: told once, with no refund", async () => {
    const store = await merchantWithStore(database, { autoPay: true });
    await credit(ops, store.email, 1_000_000);
    const listingId = await listing(
      database,
      store.storeId,
      await supplyProduct(database, { stock: 20 }),
      100_000,
    );
    await ops.api.ops.settings.updateCod({ ...codSettingsDefaults });
    const shopper = await codShopper(database);
    const lines = [{ listingId, quantity: 1 }];
    const first = await shopper.api.orders.quote({ lines, addressId: shopper.addressId });
    const shipping = first.stores.map((s) => {
      const o = s.shipping.options.find((x) => x.cod)!;
      return { storeId: s.storeId, courier: o.courier, service: o.service };
    });
    const quote = await shopper.api.orders.quote({ lines, addressId: shopper.addressId, shipping });
    const placed = await shopper.api.orders.place({
      proof: pinProof,
      lines,
      addressId: shopper.addressId,
      shipping: quote.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! })),
      method: "cod",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const id = placed.orderIds[0]!;
    const order = await shopper.api.orders.get({ id });
    const [placedNotice] = await noticesOf(shopper.id);
    expect(placedNotice).toEqual({
      kind: "orderPlacedCod",
      category: "orders",
      params: { code: order.code, amount: order.total + order.codFee! },
      link: `/h5/order/detail?id=${id}`,
    });
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const parcel = await outboundOf(id);
    for (const to of ["picked_up", "in_transit", "returning", "returned"] as const)
      await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
    expect(await kindsOf(shopper.id)).toEqual([
      "orderCodRefused",
      "orderPickedUp",
      "orderPlacedCod",
      "orderShipped",
    ]);
    const [refused] = (await shopper.api.notifications.inbox.list({})).items;
    expect(refused!.title).toBe("Paket COD dikembalikan");
    expect(await kindsOf(store.id)).toEqual(["merchantNewOrder", "merchantOrderCancelled"]);
  });
});
