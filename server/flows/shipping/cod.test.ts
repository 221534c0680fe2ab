import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatRupiah } from "#common/money.ts";
import { codSettingsDefaults } from "#common/platform.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import {
  codShopper,
  credit,
  listing,
  merchantWithStore,
  shopperWithMoney,
  stockOf as supplyStock,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { courierServices } from "../../modules/courier/courier.tables.ts";
import { checkLedger } from "../../modules/ledger/ledger.service.ts";
import { ledgerAccounts, ledgerTransfers } from "../../modules/ledger/ledger.tables.ts";
import { shipments } from "../../modules/shipping/shipping.tables.ts";
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
  await ops.api.ops.settings.updateCod({ ...codSettingsDefaults });
  await expectLedgerBalanced(database);
});

const day = 24 * 3_600_000;
function later(ms: number) {
  restore?.();
  const at = new Date(Date.now() + ms);
  restore = setClock(() => at);
}

type Api = Awaited<ReturnType<typeof codShopper>>["api"];

/** A store selling one product (merchant price 60,000 at 100,000) with auto-pay and money for goods. */
async function storeSelling(stock = 20) {
  const store = await merchantWithStore(database, { autoPay: true });
  await credit(ops, store.email, 1_000_000);
  const supplyId = await supplyProduct(database, { stock });
  return { store, supplyId, listingId: await listing(database, store.storeId, supplyId, 100_000) };
}

const balanceOf = async (account: string) =>
  (await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account)))[0]?.balance ?? 0;
const stockOf = (id: string) => supplyStock(database, id);

/** The checkout as the page sends it: every store on a courier service that collects cash. */
async function codCheckout(api: Api, addressId: string, lines: { listingId: string; quantity: number }[]) {
  const first = await api.orders.quote({ lines, addressId });
  const shipping = first.stores.map((s) => {
    const o = s.shipping.options.find((x) => x.cod)!;
    return { storeId: s.storeId, courier: o.courier, service: o.service };
  });
  const quote = await api.orders.quote({ lines, addressId, shipping });
  return {
    quote,
    place: (key = newKey()) =>
      api.orders.place({
        proof: pinProof,
        lines,
        addressId,
        shipping: quote.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! })),
        method: "cod",
        fromCart: false,
        idempotencyKey: key,
      }),
  };
}

/** A plain quote (each store's cheapest service). */
const codCheckoutQuote = (api: Api, addressId: string, lines: { listingId: string; quantity: number }[]) =>
  api.orders.quote({ lines, addressId });

const outboundOf = async (orderId: string) =>
  (await database.db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0]!;

describe("cash on delivery: who may pay on delivery", () => {
  it("offers it only to a phone-verified account old enough, within the cap, on a service that collects cash", async () => {
    const { listingId } = await storeSelling();
    const lines = [{ listingId, quantity: 1 }];
    // An email account has no phone number it proved.
    const byEmail = await shopperWithMoney(database, ops, 0);
    expect((await codCheckout(byEmail.api, byEmail.addressId, lines)).quote.cod.refusal).toBe("phone");
    // A phone account of two days, when a week is asked.
    const young = await codShopper(database, { ageDays: 2 });
    const tooYoung = await codCheckout(young.api, young.addressId, lines);
    expect(tooYoung.quote.cod).toMatchObject({ refusal: "age", minAccountDays: 7 });
    await expect(tooYoung.place()).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Bayar di tempat (COD) tersedia setelah akun berumur 7 hari",
    });
    // A month-old phone account may: the fee is 2 % of the order's total, rounded up.
    const shopper = await codShopper(database);
    const { quote } = await codCheckout(shopper.api, shopper.addressId, lines);
    expect(quote.cod.refusal).toBeNull();
    expect(quote.cod.fee).toBe(Math.ceil((quote.total * 200) / 10_000));
    // A service that does not collect cash, chosen for the store: still offered (choosing cash on delivery
    // moves the checkout to a service that does), but not placed on it.
    const noCod = quote.stores[0]!.shipping.options.find((o) => !o.cod)!;
    const other = await shopper.api.orders.quote({
      lines,
      addressId: shopper.addressId,
      shipping: [{ storeId: quote.stores[0]!.storeId, courier: noCod.courier, service: noCod.service }],
    });
    expect(other.cod.refusal).toBeNull();
    await expect(
      shopper.api.orders.place({
        proof: pinProof,
        lines,
        addressId: shopper.addressId,
        shipping: other.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! })),
        method: "cod",
        fromCart: false,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Kurir yang dipilih tidak/),
    });
    // No service to the address collects cash: not on delivery.
    const codServices = await database.db
      .update(courierServices)
      .set({ cod: false })
      .where(eq(courierServices.cod, true))
      .returning({ courier: courierServices.courier, service: courierServices.service });
    try {
      expect((await codCheckoutQuote(shopper.api, shopper.addressId, lines)).cod.refusal).toBe("service");
    } finally {
      for (const k of codServices) {
        await database.db
          .update(courierServices)
          .set({ cod: true })
          .where(and(eq(courierServices.courier, k.courier), eq(courierServices.service, k.service)));
      }
    }
    // Over the cap the operator set, and switched off.
    await ops.api.ops.settings.updateCod({ ...codSettingsDefaults, maxAmount: 50_000 });
    const capped = await codCheckout(shopper.api, shopper.addressId, lines);
    expect(capped.quote.cod.refusal).toBe("cap");
    await expect(capped.place()).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Bayar di tempat (COD) hanya sampai Rp 50.000 per checkout",
    });
    await ops.api.ops.settings.updateCod({ ...codSettingsDefaults, enabled: false });
    expect((await codCheckout(shopper.api, shopper.addressId, lines)).quote.cod.refusal).toBe("off");
    // Nothing was placed by the refused attempts.
    expect((await shopper.api.orders.list({ tab: "all" })).items).toHaveLength(0);
    expect((await young.api.orders.list({ tab: "all" })).items).toHaveLength(0);
  });

  it("refuses settings out of bounds in the operator's language and keeps the old ones; a shopper cannot change them", async () => {
    await expect(
      ops.api.ops.settings.updateCod({ ...codSettingsDefaults, feeBasisPoints: 5_000 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await ops.api.ops.settings.get()).cod).toEqual(codSettingsDefaults);
    const shopper = await codShopper(database);
    await expect(
      shopper.api.ops.settings.updateCod({ ...codSettingsDefaults, maxAmount: 100_000_000 }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("cash on delivery: one total everywhere", () => {
  it("the order shows as its total what checkout showed and the courier collects, the COD fee a line of its own", async () => {
    const { store, listingId } = await storeSelling();
    const shopper = await codShopper(database);
    const checkout = await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }]);
    const { quote } = checkout;
    // Checkout's figure on delivery: the orders' total with the COD fee, store by store and in all.
    const atCheckout = quote.total + quote.cod.fee;
    expect(quote.cod.fee).toBeGreaterThan(0);
    expect(quote.stores[0]!.codFee).toBe(quote.cod.fee);
    expect(quote.stores[0]!.total + quote.stores[0]!.codFee).toBe(atCheckout);
    const id = (await checkout.place()).orderIds[0]!;
    // The shopper's order, list and page; the store's; the operator's, and the account the operator looks at.
    const order = await shopper.api.orders.get({ id });
    expect(order).toMatchObject({ grandTotal: atCheckout, codFee: quote.cod.fee, total: quote.total });
    expect((await shopper.api.orders.list({ tab: "all" })).items.find((o) => o.id === id)?.grandTotal).toBe(
      atCheckout,
    );
    expect((await store.api.merchantOrders.get({ id })).grandTotal).toBe(atCheckout);
    expect((await ops.api.ops.orders.list({ view: "all" })).items.find((o) => o.id === id)?.grandTotal).toBe(
      atCheckout,
    );
    const account = await ops.api.ops.users.get({ id: shopper.id });
    expect(account.orders.find((o) => o.id === id)?.total).toBe(atCheckout);
    // What the courier collects at the door is that figure too.
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    expect((await outboundOf(id)).codAmount).toBe(atCheckout);
  });
});

describe("cash on delivery: delivered, remitted", () => {
  it("places with stock reserved and no money taken; delivery pays escrow through COD clearing; the remittance settles it", async () => {
    const { store, supplyId, listingId } = await storeSelling();
    const shopper = await codShopper(database);
    const stock = await stockOf(supplyId);
    const clearing = await balanceOf("platform:cod_clearing");
    const escrow = await balanceOf("platform:escrow");
    const checkout = await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 2 }]);
    const key = newKey();
    const placed = await checkout.place(key);
    // A double tap places one order.
    expect(await checkout.place(key)).toEqual(placed);
    const id = placed.orderIds[0]!;
    expect(placed.attemptId).toBeNull();
    let order = await shopper.api.orders.get({ id });
    expect(order).toMatchObject({ status: "paid", paymentMethod: "cod", paidAt: null });
    expect(order.codFee).toBe(checkout.quote.cod.fee);
    expect(await stockOf(supplyId)).toBe(stock - 2);
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    expect(await balanceOf("platform:escrow")).toBe(escrow);
    // It waits for shipment like a paid order; the store paid the goods cost.
    expect((await shopper.api.orders.list({ tab: "pending_shipment" })).items.map((o) => o.id)).toEqual([id]);
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const parcel = await outboundOf(id);
    expect(parcel.codAmount).toBe(order.total + order.codFee!);
    // Delivered: the courier collected; COD clearing shows what it owes, escrow holds the total.
    for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const) {
      await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
    }
    order = await shopper.api.orders.get({ id });
    expect(order.paidAt).not.toBeNull();
    expect(order.events.filter((e) => e.event === "paid")).toMatchObject([
      { amount: order.total + order.codFee! },
    ]);
    expect(await balanceOf("platform:cod_clearing")).toBe(clearing - parcel.codAmount!);
    expect(await balanceOf("platform:escrow")).toBe(escrow + order.total);
    const owed = await ops.api.ops.shipping.cod();
    expect(owed.parcels.find((p) => p.shipmentId === parcel.id)).toMatchObject({
      orderCode: order.code,
      codAmount: parcel.codAmount,
    });
    // The receipt window ends: the store is paid as for any order.
    const storeBefore = (await store.api.wallet.summary()).balance;
    later(8 * day);
    await database.jobs.runDue();
    expect((await shopper.api.orders.get({ id })).status).toBe("completed");
    expect((await store.api.wallet.summary()).balance).toBe(storeBefore + order.subtotal);
    restore?.();
    restore = undefined;
    // The courier's report: a wrong amount is refused, the right one (what was collected, less the fee the
    // courier named at booking) settles COD clearing once.
    const remit = { shipmentIds: [parcel.id], reference: `JNE-COD-${id.slice(-6)}` };
    const fee = parcel.codCourierFee!;
    const net = parcel.codAmount! - fee;
    await expect(
      ops.api.ops.shipping.remitCod({ ...remit, amount: net - 1, fee, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Paket yang dipilih menagih/),
    });
    const remitKey = newKey();
    expect(
      await ops.api.ops.shipping.remitCod({ ...remit, amount: net, fee, idempotencyKey: remitKey }),
    ).toEqual({ parcels: 1, collected: parcel.codAmount, fee, amount: net });
    await ops.api.ops.shipping.remitCod({ ...remit, amount: net, fee, idempotencyKey: remitKey });
    await expect(
      ops.api.ops.shipping.remitCod({
        ...remit,
        reference: "lain",
        amount: net,
        fee,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await balanceOf("platform:cod_clearing")).toBe(clearing);
    const after = await ops.api.ops.shipping.cod();
    expect(after.parcels.find((p) => p.shipmentId === parcel.id)).toBeUndefined();
    expect(after.remittances[0]).toMatchObject({ reference: remit.reference, parcels: 1 });
    // A shopper cannot record remittances or read what couriers owe.
    await expect(shopper.api.ops.shipping.cod()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      store.api.ops.shipping.remitCod({
        ...remit,
        reference: "toko",
        amount: 1,
        fee: 0,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a courier remits net of its fee: the parcel settles, the fee is booked as the platform's cost, COD clearing is even, and only once", async () => {
    const { listingId } = await storeSelling();
    const shopper = await codShopper(database);
    /** A COD parcel placed, shipped and delivered: the courier collected its amount. */
    const delivered = async () => {
      const placed = await (
        await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }])
      ).place();
      const id = placed.orderIds[0]!;
      await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
      const parcel = await outboundOf(id);
      for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const) {
        await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
      }
      return { id, parcel };
    };
    const { id, parcel } = await delivered();
    // The courier collected X; its fee F is what it named when the parcel was booked (the built-in courier: 4 %,
    // at least Rp 2.500). It remits X − F.
    const collected = parcel.codAmount!;
    const fee = Math.max(2_500, Math.ceil((collected * 4) / 100));
    const net = collected - fee;
    const accounts = ["cod_clearing", "cod_courier_fees", "gateway_clearing", "revenue", "escrow"] as const;
    const balances = async () =>
      Object.fromEntries(
        await Promise.all(accounts.map(async (a) => [a, await balanceOf(`platform:${a}`)] as const)),
      ) as Record<(typeof accounts)[number], number>;
    const before = await balances();
    const remit = { shipmentIds: [parcel.id], reference: `SICEPAT-NET-${id.slice(-6)}` };
    const key = newKey();
    expect(await ops.api.ops.shipping.remitCod({ ...remit, amount: net, fee, idempotencyKey: key })).toEqual({
      parcels: 1,
      collected,
      fee,
      amount: net,
    });
    // The net came in from outside, the fee is the platform's cost, and COD clearing got all it was owed.
    const settled = await balances();
    expect(settled).toEqual({
      ...before,
      cod_clearing: before.cod_clearing + collected,
      cod_courier_fees: before.cod_courier_fees - fee,
      gateway_clearing: before.gateway_clearing - net,
    });
    // For this order, COD clearing took in what was collected and was paid it back in full: it is even.
    const moves = await database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.subjectType, "order"), eq(ledgerTransfers.subjectId, id)));
    const clearingOfOrder = moves.reduce(
      (sum, t) =>
        sum +
        (t.creditAccountId === "platform:cod_clearing" ? t.amount : 0) -
        (t.debitAccountId === "platform:cod_clearing" ? t.amount : 0),
      0,
    );
    expect(clearingOfOrder).toBe(0);
    expect(moves.filter((t) => t.step.startsWith("cod_remit"))).toMatchObject([
      { step: "cod_remit", debitAccountId: "platform:gateway_clearing", amount: net },
      { step: "cod_remit_fee", debitAccountId: "platform:cod_courier_fees", amount: fee },
    ]);
    expect((await checkLedger(database.db)).ok).toBe(true);
    // The parcel is settled: no longer owed, and the remittance says what was collected, kept and paid.
    const after = await ops.api.ops.shipping.cod();
    expect(after.parcels.find((p) => p.shipmentId === parcel.id)).toBeUndefined();
    expect(after.remittances.find((r) => r.reference === remit.reference)).toMatchObject({
      parcels: 1,
      collected,
      fee,
      amount: net,
    });
    // The same report again moves nothing: the same tap answers the same, another tap or another reference for
    // the parcel is refused.
    expect(await ops.api.ops.shipping.remitCod({ ...remit, amount: net, fee, idempotencyKey: key })).toEqual({
      parcels: 1,
      collected,
      fee,
      amount: net,
    });
    await expect(
      ops.api.ops.shipping.remitCod({ ...remit, amount: net, fee, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining(remit.reference) });
    await expect(
      ops.api.ops.shipping.remitCod({
        ...remit,
        reference: `${remit.reference}-2`,
        amount: net,
        fee,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/sudah dicatat$/) });
    expect(await balances()).toEqual(settled);

    // Another parcel: the operator sees the fee the courier named, and a report that keeps more, or whose
    // figures do not add up, is refused with the figures and moves nothing.
    const other = await delivered();
    const otherFee = Math.max(2_500, Math.ceil((other.parcel.codAmount! * 4) / 100));
    const otherNet = other.parcel.codAmount! - otherFee;
    expect(
      (await ops.api.ops.shipping.cod()).parcels.find((p) => p.shipmentId === other.parcel.id),
    ).toMatchObject({ codAmount: other.parcel.codAmount, courierFee: otherFee });
    const beforeOther = await balances();
    const otherRemit = { shipmentIds: [other.parcel.id], reference: `SICEPAT-NET-${other.id.slice(-6)}` };
    await expect(
      ops.api.ops.shipping.remitCod({
        ...otherRemit,
        amount: otherNet - 1,
        fee: otherFee + 1,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Biaya COD kurir ${formatRupiah(otherFee + 1)} melebihi biaya yang ditetapkan kurir untuk paket yang dipilih saat pemesanan (${formatRupiah(otherFee)}). Periksa laporan kurir`,
    });
    await expect(
      ops.api.ops.shipping.remitCod({
        ...otherRemit,
        amount: other.parcel.codAmount!,
        fee: otherFee,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        `Paket yang dipilih menagih ${formatRupiah(other.parcel.codAmount!)}; dipotong biaya kurir ` +
        `${formatRupiah(otherFee)}, seharusnya diterima ${formatRupiah(otherNet)}, bukan ` +
        `${formatRupiah(other.parcel.codAmount!)}. Periksa laporan kurir`,
    });
    expect(await balances()).toEqual(beforeOther);
    expect((await ops.api.ops.shipping.cod()).parcels.some((p) => p.shipmentId === other.parcel.id)).toBe(
      true,
    );
  });

  it("a shopper who confirms receipt before the courier reports it paid at the door; no courier report leaves it to the operator", async () => {
    const { listingId } = await storeSelling();
    const shopper = await codShopper(database);
    const first = await (
      await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }])
    ).place();
    const second = await (
      await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }])
    ).place();
    for (const placed of [first, second]) {
      await ops.api.ops.orders.ship({ id: placed.orderIds[0]!, idempotencyKey: newKey() });
    }
    const escrow = await balanceOf("platform:escrow");
    const a = first.orderIds[0]!;
    await shopper.api.orders.confirm({ id: a, idempotencyKey: newKey() });
    const confirmed = await shopper.api.orders.get({ id: a });
    expect(confirmed).toMatchObject({ status: "completed" });
    expect(confirmed.paidAt).not.toBeNull();
    // Escrow got the total and paid it out again: nothing left behind, nothing made up.
    expect(await balanceOf("platform:escrow")).toBe(escrow);
    // The other one's window ends with no word from the courier: nothing was collected, the operator looks.
    const b = second.orderIds[0]!;
    later(30 * day);
    await database.jobs.runDue();
    const stuck = await shopper.api.orders.get({ id: b });
    expect(stuck).toMatchObject({ status: "shipped", paidAt: null });
    expect(stuck.events.at(-1)).toMatchObject({ event: "exception", note: "cod_uncollected" });
    restore?.();
    restore = undefined;
    // The courier's late "delivered" collects and clears it.
    const parcel = await outboundOf(b);
    for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"] as const) {
      await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
    }
    const collected = await shopper.api.orders.get({ id: b });
    expect(collected.paidAt).not.toBeNull();
    const queue = await ops.api.ops.orders.list({ view: "exception" });
    expect(queue.items.find((o) => o.id === b)).toBeUndefined();
  });

  it("the operator cancels a COD parcel no courier ever delivered, as lost: nothing to refund, the goods cost back", async () => {
    const { store, supplyId, listingId } = await storeSelling();
    const shopper = await codShopper(database);
    const placed = await (
      await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }])
    ).place();
    const id = placed.orderIds[0]!;
    await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
    const stock = await stockOf(supplyId);
    const storeBefore = (await store.api.wallet.summary()).balance;
    later(30 * day);
    await database.jobs.runDue();
    restore?.();
    restore = undefined;
    // (Other tests' orders confirmed themselves meanwhile: escrow is read after.)
    const escrow = await balanceOf("platform:escrow");
    expect((await shopper.api.orders.get({ id })).events.at(-1)).toMatchObject({ note: "cod_uncollected" });
    await ops.api.ops.orders.cancel({ id, note: "kurir tidak pernah mengantar", idempotencyKey: newKey() });
    const order = await shopper.api.orders.get({ id });
    expect(order).toMatchObject({ status: "cancelled", cancelReason: "parcel_lost", paidAt: null });
    expect(order.events.some((e) => e.event === "refunded")).toBe(false);
    expect((await shopper.api.wallet.summary()).balance).toBe(0);
    expect(await balanceOf("platform:escrow")).toBe(escrow);
    expect((await store.api.wallet.summary()).balance).toBe(storeBefore + 60_000);
    // The goods are not back: the stock stays out.
    expect(await stockOf(supplyId)).toBe(stock);
  });
});

describe("cash on delivery: refused", () => {
  it("a refused parcel comes back: cancelled, stock back, goods cost back, return postage as set, and it counts", async () => {
    await ops.api.ops.settings.updateCod({ ...codSettingsDefaults, returnPostage: "store" });
    const { store, supplyId, listingId } = await storeSelling();
    const shopper = await codShopper(database);
    const clearing = await balanceOf("platform:cod_clearing");
    for (const round of [1, 2]) {
      const stock = await stockOf(supplyId);
      const placed = await (
        await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }])
      ).place();
      const id = placed.orderIds[0]!;
      const storeAfterGoods = (await store.api.wallet.summary()).balance;
      expect(await stockOf(supplyId)).toBe(stock - 1);
      await ops.api.ops.orders.ship({ id, idempotencyKey: newKey() });
      const parcel = await outboundOf(id);
      for (const to of ["picked_up", "in_transit", "returning", "returned"] as const) {
        await ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
      }
      const order = await shopper.api.orders.get({ id });
      expect(order).toMatchObject({ status: "cancelled", cancelReason: "cod_refused", paidAt: null });
      expect(order.events.some((e) => e.event === "refunded")).toBe(false);
      expect(await stockOf(supplyId)).toBe(stock);
      // The store gets its goods cost back and pays the way back's postage.
      expect((await store.api.wallet.summary()).balance).toBe(storeAfterGoods + 60_000 - parcel.price);
      const history = await store.api.wallet.history({});
      expect(history.items[0]).toMatchObject({ entry: "return_postage", amount: -parcel.price });
      expect(await balanceOf("platform:cod_clearing")).toBe(clearing);
      const next = await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }]);
      // Two refusals in 60 days: no more cash on delivery.
      expect(next.quote.cod.refusal).toBe(round === 1 ? null : "refused");
    }
    // Sixty days on, the refusals no longer count.
    later(61 * day);
    const { quote } = await codCheckout(shopper.api, shopper.addressId, [{ listingId, quantity: 1 }]);
    expect(quote.cod.refusal).toBeNull();
  });
});
