import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
  variantForm,
  variantProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { productVariants } from "../../modules/catalog/catalog.tables.ts";
import { courierRates } from "../../modules/courier/courier.tables.ts";
import { createTableCourier } from "../../modules/courier/courier.service.ts";
import { getWarehouse } from "../../modules/settings/settings.service.ts";
import { shipments } from "../../modules/shipping/shipping.tables.ts";
import { setClock } from "../../platform/clock.ts";
import { placeOf } from "../../read/shipping-options.ts";
import { applySteps } from "./steps/track.ts";

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

const day = 24 * 3_600_000;
function later(ms: number) {
  restore?.();
  const at = new Date(Date.now() + ms);
  restore = setClock(() => at);
}

/** Gurabesi, Jayapura Utara, Kota Jayapura, Papua (real area codes). */
const jayapura = {
  name: "Yohanes Wenda",
  mobile: "0813-4455-6677",
  provinceCode: "91",
  regencyCode: "91.71",
  districtCode: "91.71.01",
  villageCode: "91.71.01.1001",
  postcode: "99111",
  detail: "Jl. Percetakan No. 21",
  isDefault: false,
};

const jakarta = {
  provinceCode: "31",
  regencyCode: "31.71",
  districtCode: "31.71.07",
  villageCode: "31.71.07.1006",
  postcode: "10240",
};
const papua = {
  provinceCode: "91",
  regencyCode: "91.71",
  districtCode: "91.71.01",
  villageCode: "91.71.01.1001",
  postcode: "99111",
};
const parcel = (weightGrams: number, size: [number, number, number] = [20, 15, 5], quantity = 1) => [
  {
    name: "Barang",
    value: 100_000,
    quantity,
    weightGrams,
    lengthCm: size[0],
    widthCm: size[1],
    heightCm: size[2],
  },
];

/** A store selling one product of this weight (merchant price 60,000 at 100,000) with auto-pay and money. */
async function storeSelling(opts: { weightGrams?: number } = {}) {
  const store = await merchantWithStore(database, { autoPay: true });
  await credit(ops, store.email, 1_000_000);
  const supplyId = await supplyProduct(database, { stock: 20 });
  if (opts.weightGrams) {
    await database.db
      .update(productVariants)
      .set({ weightGrams: opts.weightGrams })
      .where(eq(productVariants.supplyProductId, supplyId));
  }
  return { store, listingId: await listing(database, store.storeId, supplyId, 100_000) };
}

describe("the built-in courier's rate card", () => {
  it("prices by destination zone and chargeable weight, the larger of actual and volumetric, cheapest first", async () => {
    const courier = createTableCourier(database.db);
    const toPapua = await courier.quote({ origin: jakarta, destination: papua, items: parcel(500) });
    const toJakarta = await courier.quote({
      origin: jakarta,
      destination: { ...papua, ...jakarta },
      items: parcel(500),
    });
    const reg = (qs: typeof toPapua, courierCode: string) =>
      qs.find((q) => q.courier === courierCode && q.service === "REG")!;
    // JNE Reguler: Rp 95.000 a kilogram to Jayapura, 5 to 9 days; a tenth of that across Jakarta.
    expect(reg(toPapua, "jne")).toMatchObject({
      price: 95_000,
      etaMinDays: 5,
      etaMaxDays: 9,
      cod: true,
      kind: "regular",
      chargeableKg: 1,
    });
    expect(reg(toJakarta, "jne").price).toBeLessThan(15_000);
    expect(toPapua.map((q) => q.price)).toEqual([...toPapua.map((q) => q.price)].sort((a, b) => a - b));
    // 2.3 kg is charged as 3 kg.
    expect(
      reg(await courier.quote({ origin: jakarta, destination: papua, items: parcel(2_300) }), "jne"),
    ).toMatchObject({ price: 3 * 95_000, chargeableKg: 3 });
    // A light pillow of 60 × 40 × 25 cm weighs 10 kg by volume (60,000 cm³ / 6,000).
    expect(
      reg(
        await courier.quote({ origin: jakarta, destination: papua, items: parcel(800, [60, 40, 25]) }),
        "jne",
      ).chargeableKg,
    ).toBe(10);
    // Cargo starts at 10 kg; a province no zone has gets no quote.
    expect(
      (await courier.quote({ origin: jakarta, destination: papua, items: parcel(500) })).find(
        (q) => q.kind === "cargo",
      )!.chargeableKg,
    ).toBe(10);
    expect(
      await courier.quote({
        origin: jakarta,
        destination: { ...papua, provinceCode: "99" },
        items: parcel(500),
      }),
    ).toEqual([]);
  });
});

describe("checkout with courier choice", () => {
  it("quotes each store to the address, charges the service chosen, and refuses a price changed since the quote", async () => {
    const a = await storeSelling();
    const b = await storeSelling({ weightGrams: 2_500 });
    const shopper = await shopperWithMoney(database, ops, 3_000_000);
    const address = await shopper.api.addresses.save(jayapura);
    const lines = [
      { listingId: a.listingId, quantity: 1 },
      { listingId: b.listingId, quantity: 1 },
    ];
    const quote = await shopper.api.orders.quote({ lines, addressId: address.id });
    const [first, second] = quote.stores;
    // The heavier parcel costs more to Papua; the cheapest service is preselected, and charged.
    expect(second!.shipping.selected!.price).toBeGreaterThan(first!.shipping.selected!.price);
    expect(first!.shipping.selected).toEqual(first!.shipping.options[0]);
    expect(quote.postage).toBe(first!.postage + second!.postage);
    // The shopper picks a dearer service for the first store (no next-day service goes to Papua): its price is
    // the store's postage.
    const dearer = first!.shipping.options.at(-1)!;
    expect(dearer.price).toBeGreaterThan(first!.shipping.selected!.price);
    const chosen = await shopper.api.orders.quote({
      lines,
      addressId: address.id,
      shipping: [{ storeId: first!.storeId, courier: dearer.courier, service: dearer.service }],
    });
    expect(chosen.stores[0]!.postage).toBe(dearer.price);
    const shipping = chosen.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! }));
    const request = { lines, addressId: address.id, method: "wallet" as const, fromCart: false };
    // Meanwhile the operator raises the rate: the price the shopper saw is refused, nothing placed or taken.
    const balance = (await shopper.api.wallet.summary()).balance;
    await database.db
      .update(courierRates)
      .set({ firstKg: dearer.price + 5_000, nextKg: dearer.price + 5_000 })
      .where(eq(courierRates.service, dearer.service));
    await expect(
      shopper.api.orders.place({
        proof: pinProof,
        ...request,
        shipping: shipping.map((s) => ({
          storeId: s.storeId,
          courier: s.courier,
          service: s.service,
          price: s.price,
        })),
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Ongkos kirim untuk .* berubah/),
    });
    expect((await shopper.api.wallet.summary()).balance).toBe(balance);
    // Quoted again, it shows the new price; placed at it, the order keeps the service and its estimate.
    const placed = await placeOrder(shopper.api, { ...request, idempotencyKey: newKey() });
    const order = await shopper.api.orders.get({ id: placed.orderIds[0]! });
    expect(order.postage).toBeGreaterThan(0);
    expect(order.shipping).toMatchObject({ etaMinDays: expect.any(Number), etaMaxDays: expect.any(Number) });
    expect(order.total).toBe(order.subtotal + order.postage + order.serviceFee + order.vat);
  });
});

describe("shipping and tracking", () => {
  async function paidOrder() {
    const a = await storeSelling();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await placeOrder(shopper.api, {
      lines: [{ listingId: a.listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    return { shopper, store: a.store, id: orderIds[0]! };
  }
  const outbound = async (orderId: string) =>
    await database.db.select().from(shipments).where(eq(shipments.orderId, orderId));

  it("books one parcel however often shipping is asked, and the order shows its waybill", async () => {
    const { shopper, id } = await paidOrder();
    await Promise.all([
      ops.api.ops.orders.ship({ id, idempotencyKey: newKey() }),
      ops.api.ops.orders.ship({ id, idempotencyKey: newKey() }).catch(() => null),
    ]);
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const rows = await outbound(id);
    expect(rows).toHaveLength(1);
    const order = await shopper.api.orders.get({ id });
    expect(order).toMatchObject({ status: "shipped", trackingNumber: rows[0]!.waybill });
    expect(order.shipments).toMatchObject([
      { kind: "outbound", status: "booked", waybill: rows[0]!.waybill },
    ]);
    expect(order.shipments[0]!.steps.map((s) => s.status)).toEqual(["booked"]);
  });

  it("records steps once whatever their order; delivered starts the receipt window; the order confirms itself after it", async () => {
    const { shopper, store, id } = await paidOrder();
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const [shipment] = await outbound(id);
    const t0 = Date.now();
    const step = (status: "picked_up" | "in_transit" | "delivered", hours: number) => ({
      status,
      providerStatus: status,
      note: status,
      at: new Date(t0 + hours * 3_600_000),
    });
    // Delivered arrives before in-transit, and twice: three steps recorded, the parcel delivered.
    await applySteps(database.db, shipment!.id, [step("picked_up", 1), step("delivered", 30)]);
    await applySteps(database.db, shipment!.id, [step("in_transit", 5), step("delivered", 30)]);
    const order = await shopper.api.orders.get({ id });
    expect(order.shipments[0]!.status).toBe("delivered");
    expect(order.shipments[0]!.steps.map((s) => s.status)).toEqual([
      "delivered",
      "in_transit",
      "picked_up",
      "booked",
    ]);
    expect(order.events.filter((e) => e.event === "delivered")).toHaveLength(1);
    // The window runs from delivery (7 days), not from shipping.
    expect(order.autoConfirmAt!.getTime()).toBe(t0 + 30 * 3_600_000 + 7 * day);
    later(7 * day);
    await database.jobs.runDue();
    expect((await shopper.api.orders.get({ id })).status).toBe("shipped");
    const before = (await store.api.wallet.summary()).balance;
    later(8 * day + 31 * 3_600_000);
    await database.jobs.runDue();
    expect((await shopper.api.orders.get({ id })).status).toBe("completed");
    expect((await store.api.wallet.summary()).balance).toBe(before + 100_000);
  });

  it("a parcel the courier loses is marked for the operator and never confirms itself", async () => {
    const { shopper, id } = await paidOrder();
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const [shipment] = await outbound(id);
    // The courier desk of the built-in courier: picked up, then lost.
    await ops.api.ops.orders.moveParcel({ shipmentId: shipment!.id, to: "picked_up" });
    await ops.api.ops.orders.moveParcel({ shipmentId: shipment!.id, to: "lost" });
    await expect(
      ops.api.ops.orders.moveParcel({ shipmentId: shipment!.id, to: "delivered" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const order = await shopper.api.orders.get({ id });
    expect(order.shipments[0]!.status).toBe("lost");
    expect(order.events.at(-1)).toMatchObject({ event: "exception", note: "parcel_lost" });
    const queue = await ops.api.ops.orders.list({ view: "exception" });
    expect(queue.items.find((o) => o.id === id)).toMatchObject({
      exception: "parcel_lost",
      shipment: { status: "lost" },
    });
    later(60 * day);
    await database.jobs.runDue();
    expect((await shopper.api.orders.get({ id })).status).toBe("shipped");
    // A shopper cannot play the courier.
    await expect(
      shopper.api.ops.orders.moveParcel({ shipmentId: shipment!.id, to: "delivered" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("the operator refunds a lost parcel in full (the goods are gone) and a returned one with its stock back", async () => {
    for (const end of ["lost", "returned"] as const) {
      const { shopper, store, id } = await paidOrder();
      const before = (await shopper.api.wallet.summary()).balance;
      const storeBefore = (await store.api.wallet.summary()).balance;
      await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
      const [shipment] = await outbound(id);
      const stockOf = async () =>
        (await database.db.select({ stock: productVariants.stock }).from(productVariants))
          .map((r) => r.stock)
          .reduce((a, b) => a + b, 0);
      // Not refundable while the parcel is on its way.
      await expect(
        ops.api.ops.orders.cancel({ id, note: "paket bermasalah", idempotencyKey: newKey() }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
      const moves =
        end === "lost"
          ? (["picked_up", "lost"] as const)
          : (["picked_up", "in_transit", "returning", "returned"] as const);
      for (const to of moves) await ops.api.ops.orders.moveParcel({ shipmentId: shipment!.id, to });
      const stock = await stockOf();
      const order = await shopper.api.orders.get({ id });
      await ops.api.ops.orders.cancel({ id, note: "paket bermasalah", idempotencyKey: newKey() });
      const after = await shopper.api.orders.get({ id });
      expect(after).toMatchObject({ status: "cancelled", cancelReason: `parcel_${end}` });
      // Every rupiah back to the shopper, the goods cost back to the store.
      expect((await shopper.api.wallet.summary()).balance).toBe(before + order.total);
      expect((await store.api.wallet.summary()).balance).toBe(storeBefore + 60_000);
      // The stock returns only with the goods.
      expect(await stockOf()).toBe(end === "lost" ? stock : stock + 1);
    }
  });
});

describe("variants in parcels", () => {
  /** A store selling a shirt in S (300 g) and XL (2,800 g, a bigger box), auto-pay on, with money for goods. */
  async function shirtStore() {
    const product = await variantProduct(database, { axes: [["S", "XL"]], merchantPrice: 60_000 });
    const view = await ops.api.ops.catalog.get({ id: product.supplyId });
    const form = variantForm(view);
    const sizes = {
      S: { weightGrams: 300, lengthCm: 25, widthCm: 20, heightCm: 3 },
      XL: { weightGrams: 2_800, lengthCm: 35, widthCm: 30, heightCm: 12 },
    };
    await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: form.variants.map((v, i) => ({ ...v, ...sizes[i === 0 ? "S" : "XL"] })),
    });
    const store = await merchantWithStore(database, { autoPay: true });
    await credit(ops, store.email, 1_000_000);
    const listingId = await listing(database, store.storeId, product.supplyId, 100_000);
    return { product, store, listingId, form, sizes };
  }
  /** The cheapest service's price the rate card asks for these packed items between two places. */
  async function cheapest(
    from: Parameters<typeof placeOf>[0],
    to: Parameters<typeof placeOf>[0],
    items: { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number }[],
    kind?: "regular",
  ) {
    const quotes = await createTableCourier(database.db).quote({
      origin: placeOf(from),
      destination: placeOf(to),
      items: items.map((i) => ({ name: "Kemeja", value: 100_000, quantity: 1, ...i })),
    });
    return [...quotes].filter((q) => !kind || q.kind === kind).sort((a, b) => a.price - b.price)[0]!.price;
  }

  it("postage weighs the variant chosen: the big size costs more to send than the small one of the same product", async () => {
    const { product, listingId, sizes } = await shirtStore();
    const shopper = await shopperWithMoney(database, ops, 3_000_000);
    const address = await shopper.api.addresses.save(jayapura);
    const warehouse = await getWarehouse(database.db);
    const postageOf = async (labels: string[]) =>
      (
        await shopper.api.orders.quote({
          lines: labels.map((label) => ({ listingId, variantId: product.variant(label), quantity: 1 })),
          addressId: address.id,
        })
      ).stores[0]!.postage;
    const [small, large, both] = [
      await postageOf(["S"]),
      await postageOf(["XL"]),
      await postageOf(["S", "XL"]),
    ];
    expect(large).toBeGreaterThan(small);
    expect(small).toBe(await cheapest(warehouse, address, [sizes.S]));
    expect(large).toBe(await cheapest(warehouse, address, [sizes.XL]));
    expect(both).toBe(await cheapest(warehouse, address, [sizes.S, sizes.XL]));
    // The order placed is charged the postage of what it holds.
    const { orderIds } = await placeOrder(shopper.api, {
      lines: [{ listingId, variantId: product.variant("XL"), quantity: 1 }],
      addressId: address.id,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    expect((await shopper.api.orders.get({ id: orderIds[0]! })).postage).toBe(large);
  });

  it("a return's parcel is the one sold: its packed size from the order, whatever the catalogue says since", async () => {
    const { product, store, listingId, form, sizes } = await shirtStore();
    const shopper = await shopperWithMoney(database, ops, 3_000_000);
    const address = await shopper.api.addresses.save(jayapura);
    const {
      orderIds: [orderId],
    } = await placeOrder(shopper.api, {
      lines: [{ listingId, variantId: product.variant("XL"), quantity: 1 }],
      addressId: address.id,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    await ops.api.ops.orders.ship({ id: orderId!, idempotencyKey: newKey() });
    await shopper.api.orders.confirm({ id: orderId!, idempotencyKey: newKey() });
    // The operator repacks XL in a light pouch: new orders would ship lighter, this one went out heavy.
    const pouch = { weightGrams: 400, lengthCm: 25, widthCm: 20, heightCm: 3 };
    await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: form.variants.map((v, i) => ({ ...v, ...(i === 0 ? sizes.S : pouch) })),
    });
    const warehouse = await getWarehouse(database.db);
    const asSold = await cheapest(address, warehouse, [sizes.XL], "regular");
    const asNow = await cheapest(address, warehouse, [pouch], "regular");
    expect(asSold).toBeGreaterThan(asNow);

    const request = new FormData();
    for (const [k, v] of Object.entries({
      orderId: orderId!,
      variantId: product.variant("XL"),
      kind: "return",
      category: "damaged",
      quantity: "1",
      reason: "Jahitan lepas.",
      idempotencyKey: newKey(),
    }))
      request.set(k, v);
    const asked = await shopper.api.orders.requestAfterSales(request);
    expect((await store.api.merchantOrders.returnQuote({ id: asked.id })).postage).toBe(asSold);
    await store.api.merchantOrders.decideAfterSales({
      id: asked.id,
      approve: true,
      idempotencyKey: newKey(),
    });
    const [parcel] = await database.db.select().from(shipments).where(eq(shipments.returnId, asked.id));
    expect(parcel).toMatchObject({ kind: "return", price: asSold });
  });
});
