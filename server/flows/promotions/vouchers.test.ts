// Issue 42, vouchers: a store's, the platform's and free shipping, through the procedures a merchant, an operator
// and a shopper call; what the shopper pays, what each account holds, and what comes back on a cancel or a return.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import {
  credit,
  listing,
  merchantWithStore,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { platformBalance } from "../../modules/ledger/ledger.service.ts";
import { orderItems, orders } from "../../modules/orders/orders.tables.ts";
import { vouchers } from "../../modules/promotions/promotions.tables.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());
afterEach(() => expectLedgerBalanced(database));

type Shopper = Awaited<ReturnType<typeof shopperWithMoney>>;
type Merchant = Awaited<ReturnType<typeof merchantWithStore>>;

const day = 86_400_000;
const running = () => ({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 7 * day) });
const form = (over: Record<string, unknown> = {}) => ({
  code: null,
  discount: { type: "amount" as const, amount: 10_000 },
  minSpend: 0,
  ...running(),
  usageLimit: null,
  perShopperLimit: 1,
  budget: null,
  ...over,
});

/** A store with auto-pay and money for its goods, selling one product per price given. */
async function storeSelling(prices: number[]): Promise<Merchant & { listingIds: string[] }> {
  const store = await merchantWithStore(database, { autoPay: true });
  await credit(ops, store.email, 2_000_000);
  const listingIds: string[] = [];
  for (const price of prices) {
    const supplyId = await supplyProduct(database, { stock: 20, merchantPrice: Math.floor(price / 2) });
    listingIds.push(await listing(database, store.storeId, supplyId, price));
  }
  return { ...store, listingIds };
}

/** Quotes the lines with the vouchers asked (or the best), then places them as quoted, paid from the wallet. */
async function checkout(
  shopper: Shopper,
  lines: { listingId: string; quantity: number }[],
  vouchersAsked?: string[],
  key = newKey(),
) {
  const quote = await shopper.api.orders.quote({
    lines,
    addressId: shopper.addressId,
    ...(vouchersAsked ? { vouchers: vouchersAsked } : {}),
  });
  const placed = await shopper.api.orders.place({
    proof: pinProof,
    lines,
    addressId: shopper.addressId,
    shipping: quote.stores.map((s) => ({
      storeId: s.storeId,
      courier: s.shipping.selected!.courier,
      service: s.shipping.selected!.service,
      price: s.shipping.selected!.price,
    })),
    method: "wallet",
    fromCart: false,
    vouchers: quote.vouchers.filter((v) => v.chosen).map((v) => v.id),
    idempotencyKey: key,
  });
  return { quote, ...placed };
}

const balance = async (user: { api: Shopper["api"] }) => (await user.api.wallet.summary()).balance;
const voucherRow = async (id: string) =>
  (await database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;
const platformVoucher = async (kind: "platform" | "shipping", over: Record<string, unknown> = {}) =>
  (await ops.api.ops.vouchers.create({ kind, storeIds: null, voucher: form(over) })).id;

describe("vouchers at checkout", () => {
  it("a store voucher, a platform voucher and free shipping: exact shares, the platform's part paid into escrow, the store paid its sale less its own voucher", async () => {
    const a = await storeSelling([33_333, 66_667]);
    const b = await storeSelling([50_000]);
    const ownId = (
      await a.api.merchantVouchers.create(
        form({ discount: { type: "percent", percentBp: 1_000, cap: 8_000 }, minSpend: 50_000 }),
      )
    ).id;
    const platformId = await platformVoucher("platform", {
      discount: { type: "amount", amount: 15_000 },
      minSpend: 100_000,
    });
    const shippingId = await platformVoucher("shipping", { discount: { type: "amount", amount: 20_000 } });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const promotionsBefore = await platformBalance(database.db, "promotions");
    const subsidyBefore = await platformBalance(database.db, "shipping_subsidy");

    const lines = [
      { listingId: a.listingIds[0]!, quantity: 1 },
      { listingId: a.listingIds[1]!, quantity: 1 },
      { listingId: b.listingIds[0]!, quantity: 1 },
    ];
    const { quote, orderIds } = await checkout(shopper, lines);
    // The checkout picked all three, in the stacking order's figures.
    expect(quote.vouchers.filter((v) => v.chosen).map((v) => [v.id, v.discount])).toEqual(
      expect.arrayContaining([
        [ownId, 8_000],
        [platformId, 15_000],
        [shippingId, quote.postage <= 20_000 ? quote.postage : 20_000],
      ]),
    );
    expect(quote).toMatchObject({ storeDiscount: 8_000, platformDiscount: 15_000 });
    expect(quote.total).toBe(
      quote.subtotal - 8_000 - 15_000 + quote.postage - quote.shippingDiscount + quote.serviceFee + quote.vat,
    );

    const placed = await database.db.select().from(orders).where(eq(orders.userId, shopper.id));
    const items = await database.db.select().from(orderItems);
    const ofA = placed.find((o) => o.storeId === a.storeId)!;
    expect(ofA).toMatchObject({ storeDiscount: 8_000 });
    // The store's 10 % (capped at 8.000) spread by price: 2.667 and 5.333.
    expect(
      items
        .filter((i) => i.orderId === ofA.id)
        .map((i) => i.storeDiscount)
        .toSorted((x, y) => x - y),
    ).toEqual([2_667, 5_333]);
    // The platform's 15.000 spread over what the store's voucher left: 3.239, 6.479 and 5.282.
    expect(
      items
        .filter((i) => orderIds.includes(i.orderId))
        .map((i) => i.platformDiscount)
        .toSorted((x, y) => x - y),
    ).toEqual([3_239, 5_282, 6_479]);
    expect(placed.reduce((s, o) => s + o.total, 0)).toBe(quote.total);
    expect(await balance(shopper)).toBe(1_000_000 - quote.total);
    expect(await platformBalance(database.db, "promotions")).toBe(promotionsBefore - 15_000);
    expect(await platformBalance(database.db, "shipping_subsidy")).toBe(
      subsidyBefore - quote.shippingDiscount,
    );
    expect(await voucherRow(platformId)).toMatchObject({ used: 1, spent: 15_000 });

    // Shipped and received: store A is paid its prices less its own voucher, never the platform's part.
    const storeBefore = await balance(a);
    await ops.api.ops.orders.ship({ id: ofA.id, idempotencyKey: newKey() });
    await shopper.api.orders.confirm({ id: ofA.id, idempotencyKey: newKey() });
    expect(await balance(a)).toBe(storeBefore + 100_000 - 8_000);
    // Its order centre says the same: the prices, its own voucher, and what it keeps.
    expect(await a.api.merchantOrders.get({ id: ofA.id })).toMatchObject({
      subtotal: 100_000,
      storeDiscount: 8_000,
      profit: 92_000 - ofA.goodsCost,
    });
    expect((await a.api.merchantOrders.list({ view: "completed", limit: 10 })).items[0]).toMatchObject({
      subtotal: 92_000,
      profit: 92_000 - ofA.goodsCost,
    });
    // Its order page tells the shopper what the vouchers took off.
    expect(await shopper.api.orders.get({ id: ofA.id })).toMatchObject({
      storeDiscount: 8_000,
      total: ofA.total,
    });
  });

  it("a cancelled checkout gives the use back once every one of its orders ended, and the platform its money", async () => {
    const a = await storeSelling([80_000]);
    const b = await storeSelling([90_000]);
    const platformId = await platformVoucher("platform", {
      discount: { type: "amount", amount: 30_000 },
      usageLimit: 5,
    });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const promotionsBefore = await platformBalance(database.db, "promotions");
    const { orderIds } = await checkout(shopper, [
      { listingId: a.listingIds[0]!, quantity: 1 },
      { listingId: b.listingIds[0]!, quantity: 1 },
    ]);
    expect(await voucherRow(platformId)).toMatchObject({ used: 1, spent: 30_000 });
    // The operator sees the voucher's orders: the two of this checkout.
    const listed = await ops.api.ops.orders.list({ view: "all", voucherId: platformId, limit: 20 });
    expect(listed.items.map((o) => o.id).toSorted()).toEqual([...orderIds].toSorted());
    expect((await ops.api.ops.vouchers.list()).find((v) => v.id === platformId)).toMatchObject({ orders: 2 });

    await shopper.api.orders.cancel({ id: orderIds[0]!, idempotencyKey: newKey() });
    // One order of the two still lives: the use stays reserved.
    expect(await voucherRow(platformId)).toMatchObject({ used: 1, spent: 30_000 });
    await shopper.api.orders.cancel({ id: orderIds[1]!, idempotencyKey: newKey() });
    expect(await voucherRow(platformId)).toMatchObject({ used: 0, spent: 0 });
    expect(await balance(shopper)).toBe(1_000_000);
    expect(await platformBalance(database.db, "promotions")).toBe(promotionsBefore);
    // Used again afterwards: the shopper's own count was given back too.
    await checkout(shopper, [{ listingId: a.listingIds[0]!, quantity: 1 }], [platformId]);
    expect(await voucherRow(platformId)).toMatchObject({ used: 1 });
  });

  it("returned units give back exactly what was paid for them, and the platform's share goes back to promotions", async () => {
    const a = await storeSelling([33_333, 20_000]);
    const platformId = await platformVoucher("platform", {
      discount: { type: "amount", amount: 10_000 },
      perShopperLimit: 3,
    });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const promotionsBefore = await platformBalance(database.db, "promotions");

    // Two of three units back: cumulative floors of what was paid for the line (its price less the voucher).
    const partial = await received(
      shopper,
      [
        { listingId: a.listingIds[0]!, quantity: 3 },
        { listingId: a.listingIds[1]!, quantity: 1 },
      ],
      [platformId],
    );
    // 10.000 over 99.999 and 20.000: 8.333 and 1.667.
    expect(partial.items.map((i) => i.platformDiscount)).toEqual([8_333, 1_667]);
    const line = partial.items[0]!;
    const quote = await returnQuote(a, shopper, partial.order.id, line.variantId, 2);
    expect(quote.items).toBe(Math.floor(((99_999 - 8_333) * 2) / 3));

    // A whole order back, line by line: every rupiah paid, and the platform's 10.000 back to promotions.
    const whole = await received(
      shopper,
      [
        { listingId: a.listingIds[0]!, quantity: 1 },
        { listingId: a.listingIds[1]!, quantity: 2 },
      ],
      [platformId],
    );
    const paidBefore = await balance(shopper);
    let refunded = 0;
    for (const item of whole.items)
      refunded += await returnAndRefund(a, shopper, whole.order.id, item.variantId, item.quantity);
    expect(refunded).toBe(whole.order.total);
    expect(await balance(shopper)).toBe(paidBefore + whole.order.total);
    expect(await platformBalance(database.db, "promotions")).toBe(promotionsBefore - 10_000);
    // The partial order keeps its use; the whole one gave its use back.
    expect(await voucherRow(platformId)).toMatchObject({ used: 1, spent: 10_000 });
  });
});

/** A checkout of these lines with these vouchers, shipped and received: its order and items. */
async function received(shopper: Shopper, lines: { listingId: string; quantity: number }[], used: string[]) {
  const { orderIds } = await checkout(shopper, lines, used);
  const orderId = orderIds[0]!;
  await ops.api.ops.orders.ship({ id: orderId, idempotencyKey: newKey() });
  await shopper.api.orders.confirm({ id: orderId, idempotencyKey: newKey() });
  const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  const items = (await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toSorted(
    (x, y) => y.price - x.price,
  );
  return { order: order!, items };
}

/** What the store's approval dialog says returning these units would refund. */
async function returnQuote(
  store: Merchant,
  shopper: Shopper,
  orderId: string,
  variantId: string,
  quantity: number,
) {
  const request = await ask(shopper, orderId, variantId, quantity);
  return store.api.merchantOrders.returnQuote({ id: request.id });
}

/** Returns units, approved by the store and refunded by the operator at once: what the shopper got back. */
async function returnAndRefund(
  store: Merchant,
  shopper: Shopper,
  orderId: string,
  variantId: string,
  quantity: number,
) {
  const request = await ask(shopper, orderId, variantId, quantity);
  await store.api.merchantOrders.decideAfterSales({
    id: request.id,
    approve: true,
    idempotencyKey: newKey(),
  });
  const done = await ops.api.ops.afterSales.refundNow({
    id: request.id,
    reason: "Paket kembali",
    idempotencyKey: newKey(),
  });
  return done.refund!;
}

describe("found in review", () => {
  it("a line its store's voucher paid whole is returned and refunded, and the store is asked for nothing of it", async () => {
    const a = await storeSelling([10_000]);
    const own = (await a.api.merchantVouchers.create(form({ discount: { type: "amount", amount: 20_000 } })))
      .id;
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const { order, items } = await received(shopper, [{ listingId: a.listingIds[0]!, quantity: 1 }], [own]);
    expect(order.storeDiscount).toBe(10_000);
    const before = await balance(shopper);
    const refunded = await returnAndRefund(a, shopper, order.id, items[0]!.variantId, 1);
    expect(refunded).toBe(order.total);
    expect(await balance(shopper)).toBe(before + order.total);
    expect(await voucherRow(own)).toMatchObject({ used: 0, spent: 0 });
  });

  it("an order placed with a voucher for some ways of paying is not paid later another way", async () => {
    const a = await storeSelling([100_000]);
    const qrisOnly = await platformVoucher("platform", { methods: ["qris"], perShopperLimit: 3 });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const quote = await shopper.api.orders.quote({
      lines: [{ listingId: a.listingIds[0]!, quantity: 1 }],
      addressId: shopper.addressId,
      vouchers: [qrisOnly],
    });
    const placed = await shopper.api.orders.place({
      proof: pinProof,
      lines: [{ listingId: a.listingIds[0]!, quantity: 1 }],
      addressId: shopper.addressId,
      shipping: quote.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! })),
      method: "qris",
      fromCart: false,
      vouchers: [qrisOnly],
      idempotencyKey: newKey(),
    });
    await expect(
      shopper.api.orders.pay({
        proof: pinProof,
        id: placed.orderIds[0]!,
        method: "wallet",
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Voucher ini tidak berlaku untuk metode pembayaran yang dipilih.",
    });
    await expect(
      shopper.api.payments.switch({ id: placed.attemptId!, channel: "va_bca", idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await balance(shopper)).toBe(1_000_000);
  });
});

describe("limits hold, and bad input changes nothing", () => {
  it("a voucher used up, at the shopper's limit or out of budget refuses the whole checkout in words", async () => {
    const a = await storeSelling([100_000]);
    const once = await platformVoucher("platform", { usageLimit: 1 });
    const first = await shopperWithMoney(database, ops, 1_000_000);
    const second = await shopperWithMoney(database, ops, 1_000_000);
    await checkout(first, [{ listingId: a.listingIds[0]!, quantity: 1 }], [once]);
    const quote = await second.api.orders.quote({
      lines: [{ listingId: a.listingIds[0]!, quantity: 1 }],
      addressId: second.addressId,
      vouchers: [once],
    });
    expect(quote.vouchers.find((v) => v.id === once)).toMatchObject({ chosen: false, refusal: "usedUp" });
    await expect(placeWith(second, a.listingIds[0]!, [once], quote.stores[0]!)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Kuota voucher ini sudah habis.",
    });
    expect(await balance(second)).toBe(1_000_000);
    expect(await database.db.select().from(orders).where(eq(orders.userId, second.id))).toEqual([]);

    const perShopper = await platformVoucher("platform", { perShopperLimit: 1 });
    await checkout(second, [{ listingId: a.listingIds[0]!, quantity: 1 }], [perShopper]);
    await expect(placeWith(second, a.listingIds[0]!, [perShopper], quote.stores[0]!)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Anda sudah memakai voucher ini sebanyak batas per pembeli.",
    });

    const budget = await platformVoucher("platform", {
      discount: { type: "amount", amount: 30_000 },
      budget: 50_000,
      perShopperLimit: 5,
    });
    await checkout(second, [{ listingId: a.listingIds[0]!, quantity: 1 }], [budget]);
    await expect(placeWith(second, a.listingIds[0]!, [budget], quote.stores[0]!)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Anggaran voucher ini tidak cukup untuk pesanan ini.",
    });
    expect(await voucherRow(budget)).toMatchObject({ used: 1, spent: 30_000 });
  });

  it("a double tap places once and reserves once", async () => {
    const a = await storeSelling([100_000]);
    const id = await platformVoucher("platform", { perShopperLimit: 5 });
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const key = newKey();
    const lines = [{ listingId: a.listingIds[0]!, quantity: 1 }];
    const [one, two] = await Promise.all([
      checkout(shopper, lines, [id], key),
      checkout(shopper, lines, [id], key),
    ]);
    expect(one.orderIds).toEqual(two.orderIds);
    expect(await voucherRow(id)).toMatchObject({ used: 1, spent: 10_000 });
  });

  it("refuses bad vouchers in the shopper's language, and a voucher that is not theirs to change", async () => {
    const a = await storeSelling([100_000]);
    const b = await storeSelling([100_000]);
    // Each refused with the message of the field at fault (translated for the caller by the error formatter).
    type Issues = { code?: string; cause?: { issues?: { message: string }[] } };
    const bad: [Record<string, unknown>, string][] = [
      [{ discount: { type: "percent", percentBp: 10_001, cap: null } }, "errors.vouchers.percentRange"],
      [{ discount: { type: "percent", percentBp: 1_000, cap: -1 } }, "errors.vouchers.capPositive"],
      [{ discount: { type: "amount", amount: 0 } }, "errors.vouchers.amountPositive"],
      [{ endsAt: new Date(Date.now() - 2 * day) }, "errors.vouchers.endBeforeStart"],
      [{ usageLimit: 0 }, "errors.vouchers.limitPositive"],
      [{ budget: -5 }, "errors.vouchers.budgetPositive"],
      [{ code: "A!" }, "errors.vouchers.codeFormat"],
    ];
    for (const [over, key] of bad) {
      const error = (await a.api.merchantVouchers.create(form(over)).catch((e: Issues) => e)) as Issues;
      expect(error.code, key).toBe("BAD_REQUEST");
      expect(error.cause?.issues?.map((i) => i.message)).toContain(key);
    }
    // Running now but ended already: refused in words.
    await expect(
      a.api.merchantVouchers.create(
        form({ startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - day) }),
      ),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Waktu berakhir voucher sudah lewat." });
    expect(await a.api.merchantVouchers.list()).toEqual([]);
    // Another store's voucher is not found, for pausing as for anything else.
    const theirs = (await b.api.merchantVouchers.create(form())).id;
    await expect(a.api.merchantVouchers.pause({ id: theirs, paused: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(ops.api.ops.vouchers.pause({ id: theirs, paused: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await voucherRow(theirs)).toMatchObject({ paused: false });
    // A shopper cannot create one at all.
    const shopper = await shopperWithMoney(database, ops, 0);
    await expect(shopper.api.merchantVouchers.create(form())).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Nor a merchant the platform's, and a visitor claims nothing.
    await expect(
      a.api.ops.vouchers.create({ kind: "platform", storeIds: null, voucher: form() }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(shopper.api.ops.vouchers.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(database).vouchers.claim({ id: theirs })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(callerFor(database).vouchers.mine()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // A code is claimed by typing it; a wrong one says so; it is taken once.
    const coded = (await b.api.merchantVouchers.create(form({ code: "hemat10" }))).id;
    await expect(b.api.merchantVouchers.create(form({ code: "HEMAT10" }))).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(shopper.api.vouchers.claimCode({ code: "HEMAT11" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Kode voucher tidak ditemukan. Periksa kembali kodenya.",
    });
    expect(await shopper.api.vouchers.claimCode({ code: " hemat10 " })).toEqual({ id: coded });
    expect((await shopper.api.vouchers.mine()).map((v) => v.id)).toContain(coded);
    // The store's page and its products' say how many anyone can claim: a voucher with a code is not among them.
    expect((await shopper.api.stores.get({ storeId: b.storeId })).vouchers).toBe(1);
    expect((await shopper.api.listings.get({ id: b.listingIds[0]! })).store.vouchers).toBe(1);
    await b.api.merchantVouchers.pause({ id: theirs, paused: true });
    expect((await shopper.api.stores.get({ storeId: b.storeId })).vouchers).toBe(0);
  });

  it("an ended or paused voucher at checkout is refused and changes nothing", async () => {
    const a = await storeSelling([100_000]);
    const id = await platformVoucher("platform");
    const shopper = await shopperWithMoney(database, ops, 1_000_000);
    const quote = await shopper.api.orders.quote({
      lines: [{ listingId: a.listingIds[0]!, quantity: 1 }],
      addressId: shopper.addressId,
      vouchers: [id],
    });
    await ops.api.ops.vouchers.pause({ id, paused: true });
    await expect(placeWith(shopper, a.listingIds[0]!, [id], quote.stores[0]!)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Voucher ini sedang tidak tersedia.",
    });
    await database.db
      .update(vouchers)
      .set({ paused: false, startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - day) })
      .where(eq(vouchers.id, id));
    await expect(placeWith(shopper, a.listingIds[0]!, [id], quote.stores[0]!)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Voucher ini sudah berakhir.",
    });
    expect(await balance(shopper)).toBe(1_000_000);
  });
});

/** Places one unit of a listing with exactly these vouchers, at the postage quoted before. */
function placeWith(
  shopper: Shopper,
  listingId: string,
  vouchersUsed: string[],
  quoted: Awaited<ReturnType<Shopper["api"]["orders"]["quote"]>>["stores"][number],
) {
  const selected = quoted.shipping.selected!;
  return shopper.api.orders.place({
    proof: pinProof,
    lines: [{ listingId, quantity: 1 }],
    addressId: shopper.addressId,
    shipping: [
      {
        storeId: quoted.storeId,
        courier: selected.courier,
        service: selected.service,
        price: selected.price,
      },
    ],
    method: "wallet",
    fromCart: false,
    vouchers: vouchersUsed,
    idempotencyKey: newKey(),
  });
}

/** The shopper asks to return some units of an order's item. */
function ask(shopper: Shopper, orderId: string, variantId: string, quantity: number) {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    orderId,
    variantId,
    kind: "return",
    category: "damaged",
    quantity: String(quantity),
    reason: "Rusak.",
    idempotencyKey: newKey(),
  }))
    body.set(k, v);
  return shopper.api.orders.requestAfterSales(body);
}
