import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { placeOrder, shopperWithMoney } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { getMoneySettings } from "../settings/settings.service.ts";
import { buy, database, ops, stockOf, twoStores, useOrdersShop } from "./orders-test-setup.ts";

/**
 * Addresses, the cart, checkout and payment from the wallet, and who sees which order. The shop's makings:
 * orders-test-setup.ts.
 */

useOrdersShop();

describe("delivery addresses", () => {
  it("has all 38 provinces, and each level inside the one above it", async () => {
    const api = callerFor(database);
    const provinces = await api.addresses.areas({ level: "province" });
    expect(provinces).toHaveLength(38);
    expect(provinces.map((p) => p.name)).toContain("Daerah Khusus Ibukota Jakarta");
    const villages = await api.addresses.areas({ level: "village", parent: "31.71.07" });
    expect(villages.map((v) => v.name)).toContain("Kebon Kacang");
    expect(await api.addresses.areas({ level: "district", parent: "99.99" })).toEqual([]);
  });

  it("saves an address with its area's names, keeps one default, and refuses a mixed-up area", async () => {
    const user = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    const first = await en.addresses.save({
      name: "Siti",
      mobile: "0812 3456 7890",
      provinceCode: "31",
      regencyCode: "31.71",
      districtCode: "31.71.07",
      villageCode: "31.71.07.1006",
      postcode: "10240",
      detail: "Jl. Kebon Kacang Raya 12",
    });
    // The first address is the default; the number is stored in E.164.
    expect(first).toMatchObject({
      isDefault: true,
      mobile: "+6281234567890",
      area: "Kebon Kacang, Tanah Abang, Kota Administrasi Jakarta Pusat, Daerah Khusus Ibukota Jakarta",
    });
    const second = await en.addresses.save({
      name: "Budi",
      mobile: "81298765432",
      provinceCode: "31",
      regencyCode: "31.71",
      districtCode: "31.71.01",
      villageCode: "31.71.01.1002",
      postcode: "10150",
      detail: "Jl. Cideng Barat 5",
      isDefault: true,
    });
    let list = await en.addresses.list();
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // A village of another district: "Complete the address", nothing saved.
    await expect(
      en.addresses.save({ ...first, id: first.id, villageCode: "31.71.01.1002" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Complete the address" });
    // The seed's messages for empty fields, translated, over HTTP as the page receives them.
    const response = await createTestApp(database).request("/trpc/addresses.save", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: user.token, lang: "en" },
      body: JSON.stringify({ json: { ...first, id: undefined, name: " ", mobile: "", detail: "" } }),
    });
    const answer = (await response.json()) as {
      error: { json: { data: { issues: { message: string }[] } } };
    };
    expect(response.status).toBe(400);
    expect(answer.error.json.data.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Enter name", "Enter phone number", "Enter detailed address"]),
    );
    // Deleting the default makes the newest remaining one the default.
    await en.addresses.remove({ id: second.id });
    list = await en.addresses.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, isDefault: true });
    // Another user cannot see, change or delete it.
    const other = await signedInUser(database);
    await expect(other.api.addresses.remove({ id: first.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(other.api.addresses.save({ ...first, id: first.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await other.api.addresses.list()).toEqual([]);
  });
});

describe("the cart", () => {
  it("adds never above the stock, groups by store, changes quantities and clears", async () => {
    const { listingA, listingB } = await twoStores({ stock: 3 });
    const user = await signedInUser(database);
    const en = callerFor(database, { token: user.token, lang: "en" });
    expect(await en.cart.add({ listingId: listingA, quantity: 2 })).toEqual({ quantity: 2, count: 1 });
    // Adding more than is left stops at the stock.
    expect(await en.cart.add({ listingId: listingA, quantity: 5 })).toEqual({ quantity: 3, count: 1 });
    await en.cart.add({ listingId: listingB, quantity: 1 });
    const cart = await en.cart.get();
    expect(cart.count).toBe(2);
    expect(cart.stores.map((s) => s.items.map((i) => [i.listingId, i.quantity]))).toEqual([
      [[listingA, 3]],
      [[listingB, 1]],
    ]);
    await expect(en.cart.setQuantity({ listingId: listingB, quantity: 4 })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "Only 3 left",
    });
    await en.cart.setQuantity({ listingId: listingB, quantity: 2 });
    const lineA = (await en.cart.get()).stores.flatMap((s) => s.items).find((i) => i.listingId === listingA)!;
    await en.cart.remove({ lines: [{ listingId: listingA, variantId: lineA.variantId }] });
    expect((await en.cart.get()).stores.flatMap((s) => s.items.map((i) => i.quantity))).toEqual([2]);
    await en.cart.clear();
    expect(await en.cart.count()).toEqual({ count: 0 });
    // Visitors have no cart (the badge says 0); operators do not shop.
    await expect(callerFor(database).cart.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await callerFor(database).cart.count()).toEqual({ count: 0 });
    await expect(ops.api.cart.add({ listingId: listingA, quantity: 1 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("checkout and payment from the wallet", () => {
  it("quotes each store's postage, service fee and VAT from settings before paying", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const settings = await getMoneySettings(database.db);
    const lines = [
      { listingId: listingA, quantity: 2 },
      { listingId: listingB, quantity: 1 },
    ];
    // Before an address is known, no courier is quoted: no postage yet.
    const unaddressed = await shopper.api.orders.quote({ lines });
    expect(unaddressed.stores.map((s) => [s.postage, s.shipping.selected])).toEqual([
      [0, null],
      [0, null],
    ]);
    const quote = await shopper.api.orders.quote({ lines, addressId: shopper.addressId });
    // Within Jakarta the test rate card asks Rp 10.000 a kilogram (tests/setup/shop.ts).
    const postage = 10_000;
    const vatA = Math.round((200_000 * settings.vatBasisPoints) / 10_000);
    expect(quote.stores.map((s) => [s.subtotal, s.postage, s.serviceFee, s.vat])).toEqual([
      [200_000, postage, settings.serviceFee, vatA],
      [150_000, postage, settings.serviceFee, Math.round((150_000 * settings.vatBasisPoints) / 10_000)],
    ]);
    expect(quote.total).toBe(quote.stores.reduce((s, x) => s + x.total, 0));
    expect(quote.total).toBe(350_000 + 2 * postage + 2 * settings.serviceFee + quote.vat);
    expect(quote.balance).toBe(1_000_000);
  });

  it("one payment makes one order per store, takes the money once however often it is sent, and reserves stock", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    await shopper.api.cart.add({ listingId: listingA, quantity: 2 });
    await shopper.api.cart.add({ listingId: listingB, quantity: 1 });
    const lines = [
      { listingId: listingA, quantity: 2 },
      { listingId: listingB, quantity: 1 },
    ];
    const { total } = await shopper.api.orders.quote({ lines, addressId: shopper.addressId });
    const request = {
      lines,
      addressId: shopper.addressId,
      method: "wallet" as const,
      idempotencyKey: newKey(),
    };
    const [first, again] = await Promise.all([
      placeOrder(shopper.api, request),
      placeOrder(shopper.api, request).catch(() => null),
    ]);
    const third = await placeOrder(shopper.api, request);
    expect(first.orderIds).toHaveLength(2);
    expect(first.attemptId).toBeNull();
    expect(third).toEqual(first);
    if (again) expect(again).toEqual(first);
    expect((await shopper.api.wallet.summary()).balance).toBe(1_000_000 - total);
    expect(await stockOf(listingA)).toBe(8);
    expect(await stockOf(listingB)).toBe(9);
    // Ordered lines leave the cart.
    expect(await shopper.api.cart.count()).toEqual({ count: 0 });
    const orders = await shopper.api.orders.list({ tab: "pending_shipment" });
    expect(orders.items.map((o) => o.id).sort()).toEqual([...first.orderIds].sort());
    // Fund history: one payment per order, each linked to its order.
    const funds = await shopper.api.wallet.history({ kind: "prd_order_pay" });
    expect(funds.items.map((f) => f.subjectId).sort()).toEqual([...first.orderIds].sort());
    // The same key for another request is refused.
    await expect(
      placeOrder(shopper.api, { ...request, lines: [{ listingId: listingA, quantity: 1 }] }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("keeps the note the shopper wrote to each store; the store and the operator read it; a bad note changes nothing", async () => {
    const { a, b, listingA, listingB } = await twoStores({ autoPay: true });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const lines = [
      { listingId: listingA, quantity: 1 },
      { listingId: listingB, quantity: 1 },
    ];
    const request = { lines, addressId: shopper.addressId, method: "wallet" as const, fromCart: false };
    // Too long, or with control characters: refused with a translated message, nothing placed.
    await expect(
      placeOrder(shopper.api, {
        ...request,
        notes: [{ storeId: a.storeId, note: "x".repeat(201) }],
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      placeOrder(shopper.api, {
        ...request,
        notes: [{ storeId: a.storeId, note: "warna\u0000merah" }],
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await shopper.api.orders.list({ tab: "all" })).items).toEqual([]);

    const { orderIds } = await placeOrder(shopper.api, {
      ...request,
      notes: [
        { storeId: a.storeId, note: "  Kalau merah habis, kirim yang biru ya  " },
        { storeId: b.storeId, note: "   " },
      ],
      idempotencyKey: newKey(),
    });
    const placed = await Promise.all(orderIds.map((id) => shopper.api.orders.get({ id })));
    const noteOf = (storeId: string) => placed.find((o) => o.storeId === storeId)!.note;
    // Trimmed; a blank note is no note.
    expect(noteOf(a.storeId)).toBe("Kalau merah habis, kirim yang biru ya");
    expect(noteOf(b.storeId)).toBeNull();
    const forStore = placed.find((o) => o.storeId === a.storeId)!;
    expect((await a.api.merchantOrders.get({ id: forStore.id })).note).toBe(
      "Kalau merah habis, kirim yang biru ya",
    );
    const desk = await ops.api.ops.orders.list({ view: "all", limit: 50 });
    expect(desk.items.find((o) => o.id === forStore.id)?.note).toBe("Kalau merah habis, kirim yang biru ya");
  });

  it("short balance: Insufficient balance, and no order, no stock taken, nothing moved", async () => {
    const { listingA } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 50_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    await expect(
      placeOrder(en, {
        lines: [{ listingId: listingA, quantity: 1 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: "Insufficient balance" });
    expect((await en.orders.list({ tab: "all" })).items).toEqual([]);
    expect(await stockOf(listingA)).toBe(10);
    expect((await en.wallet.summary()).balance).toBe(50_000);
  });

  it("more than the stock: refused with the product's name, nothing reserved", async () => {
    const { listingA } = await twoStores({ stock: 2 });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const en = callerFor(database, { token: shopper.token, lang: "en" });
    await expect(
      placeOrder(en, {
        lines: [{ listingId: listingA, quantity: 3 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/not enough/i) });
    expect(await stockOf(listingA)).toBe(2);
  });
});

describe("who sees what", () => {
  it("no one sees or acts on another shopper's order; tabs and counts follow the states", async () => {
    const { listingA, listingB } = await twoStores();
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { orderIds } = await buy(shopper, listingA);
    await buy(shopper, listingB, 1, "qris");
    expect(await shopper.api.orders.counts()).toEqual({
      pending_payment: 1,
      pending_shipment: 1,
      pending_receipt: 0,
      pending_review: 0,
    });
    const other = await signedInUser(database);
    await expect(other.api.orders.get({ id: orderIds[0]! })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      other.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await other.api.orders.list({ tab: "all" })).items).toEqual([]);
    // Someone else's address cannot be used for a checkout.
    await expect(
      placeOrder(other.api, {
        lines: [{ listingId: listingA, quantity: 1 }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(database).orders.list({ tab: "all" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
