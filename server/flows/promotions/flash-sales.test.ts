// Issue 42, flash sales: an operator's event and slot, a merchant's enrolment, the slot's start and end as jobs,
// buying at the flash price within the slot's units and the shopper's limit, and what comes back on an expiry
// or a cancel, before and after the slot ended.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, pinProof, signedInUser } from "../../../tests/setup/money.ts";
import { storeWithFlashSlot } from "../../../tests/setup/flash.ts";
import { merchantWithStore, placeOrder, shopperWithMoney } from "../../../tests/setup/shop.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { transact } from "../../db/transaction.ts";
import { productVariants } from "../../modules/catalog/catalog.tables.ts";
import { orderItems } from "../../modules/orders/orders.tables.ts";
import { flashItems, flashQuotas } from "../../modules/promotions/flash.tables.ts";
import { now, setClock } from "../../platform/clock.ts";
import { endFlashSlot } from "./end-flash-slot.ts";
import { startFlashSlot } from "./start-flash-slot.ts";

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

const minute = 60_000;
/** Moves the app's clock to `at` (jobs due by then run with `database.jobs.runDue()`). */
function clockAt(at: Date) {
  restore?.();
  restore = setClock(() => at);
}

const variantStock = async (variantId: string) =>
  (await database.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
const item = async (id: string) =>
  (await database.db.select().from(flashItems).where(eq(flashItems.id, id)))[0]!;
const quotaOf = async (itemId: string, userId: string) =>
  (await database.db.select().from(flashQuotas).where(eq(flashQuotas.itemId, itemId))).find(
    (q) => q.userId === userId,
  )?.used ?? 0;

/** A store selling one product (stock 30, cost Rp 40.000) at Rp 100.000, and a slot of an event a minute away. */
const storeAndSlot = () => storeWithFlashSlot(database, ops, { stock: 30 });

it("a merchant enrols within the rules; the slot carves its units at its start, sells them at the flash price within each shopper's limit, and gives back the rest at its end; jobs run twice change nothing", async () => {
  const { merchant, listingId, variantId, slotId, startsAt, endsAt } = await storeAndSlot();
  const enrol = { slotId, listingId, variantId, flashPrice: 60_000, slotStock: 10, perShopperLimit: 2 };
  // Refused in words, nothing written: not below today's price, below the store's cost, more than its stock,
  // another store's listing.
  await expect(merchant.api.merchantFlash.enrol({ ...enrol, flashPrice: 100_000 })).rejects.toThrow(
    "Harga flash harus di bawah harga jual sekarang (Rp 100.000).",
  );
  await expect(merchant.api.merchantFlash.enrol({ ...enrol, flashPrice: 39_999 })).rejects.toThrow(
    "Harga flash tidak boleh di bawah harga modal toko (Rp 40.000).",
  );
  await expect(merchant.api.merchantFlash.enrol({ ...enrol, slotStock: 31 })).rejects.toThrow(
    "Stok produk ini hanya 30; kurangi stok flash sale.",
  );
  const other = await merchantWithStore(database);
  await expect(other.api.merchantFlash.enrol(enrol)).rejects.toThrow("Produk itu tidak ada di toko Anda.");
  expect(await database.db.select().from(flashItems).where(eq(flashItems.slotId, slotId))).toEqual([]);

  const { id: itemId } = await merchant.api.merchantFlash.enrol(enrol);
  await expect(merchant.api.merchantFlash.enrol(enrol)).rejects.toThrow("Produk ini sudah ikut slot ini.");
  const shopper = await shopperWithMoney(database, ops, 1_000_000);
  const buy = (who: typeof shopper, quantity: number, method: "wallet" | "qris" = "wallet") =>
    placeOrder(who.api, {
      lines: [{ listingId, quantity }],
      addressId: who.addressId,
      method,
      fromCart: false,
      idempotencyKey: newKey(),
    });
  // Before its start: the listed price, the product page tells when.
  expect((await shopper.api.orders.quote({ lines: [{ listingId, quantity: 1 }] })).subtotal).toBe(100_000);
  expect((await callerFor(database).listings.get({ id: listingId })).flash).toMatchObject({
    slot: { id: slotId, state: "scheduled" },
    items: [{ flashPrice: 60_000, listedPrice: 100_000, stock: 10, sold: 0 }],
  });

  // The start: 10 units carved from the 30; run twice, carved once.
  clockAt(new Date(startsAt.getTime() + 1_000));
  await database.jobs.runDue();
  await transact(database.db, (tx) => startFlashSlot(tx, slotId));
  expect(await variantStock(variantId)).toBe(20);
  expect(await item(itemId)).toMatchObject({ carved: 10, sold: 0 });
  await expect(merchant.api.merchantFlash.remove({ id: itemId })).rejects.toThrow(
    "Slot ini sudah dimulai; produknya tidak bisa diubah lagi.",
  );

  // Two at the flash price; a third for the same shopper is over the limit.
  const placed = await buy(shopper, 2);
  const [line] = await database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, placed.orderIds[0]!));
  expect(line).toMatchObject({ price: 60_000, flashItemId: itemId, quantity: 2 });
  await expect(buy(shopper, 1)).rejects.toThrow("Flash sale");
  expect(await item(itemId)).toMatchObject({ sold: 2 });
  expect(await quotaOf(itemId, shopper.id)).toBe(2);

  // Another shopper's unpaid order expires: the slot's units and the quota come back.
  const late = await shopperWithMoney(database, ops, 0);
  const unpaid = await buy(late, 2, "qris");
  expect(await item(itemId)).toMatchObject({ sold: 4 });
  // Past its payment window, inside the slot (whose own end is not due yet).
  const expiry = await late.api.orders.get({ id: unpaid.orderIds[0]! });
  clockAt(new Date(expiry.payDueAt!.getTime() + 1_000));
  expect(now() < endsAt).toBe(true);
  await database.jobs.runDue();
  expect(await late.api.orders.get({ id: unpaid.orderIds[0]! })).toMatchObject({
    status: "cancelled",
    cancelReason: "payment_expired",
  });
  expect(await item(itemId)).toMatchObject({ sold: 2 });
  expect(await quotaOf(itemId, late.id)).toBe(0);

  // The end: the 8 unsold go back to the variant (20 + 8), carved is what sold; run twice, given back once.
  clockAt(new Date(endsAt.getTime() + 1_000));
  await database.jobs.runDue();
  await transact(database.db, (tx) => endFlashSlot(tx, slotId));
  expect(await variantStock(variantId)).toBe(28);
  expect(await item(itemId)).toMatchObject({ carved: 2, sold: 2 });
  // After it: the listed price again.
  expect((await shopper.api.orders.quote({ lines: [{ listingId, quantity: 1 }] })).subtotal).toBe(100_000);

  // The first order cancelled after the slot ended: its two units go to the variant, the quota back.
  await shopper.api.orders.cancel({ id: placed.orderIds[0]!, idempotencyKey: newKey() });
  expect(await variantStock(variantId)).toBe(30);
  expect(await item(itemId)).toMatchObject({ carved: 0, sold: 0 });
  expect(await quotaOf(itemId, shopper.id)).toBe(0);
});

it("a unit cancelled while its slot runs goes back to the slot, and another shopper can buy it at the flash price", async () => {
  const { merchant, listingId, variantId, slotId, startsAt } = await storeAndSlot();
  const { id: itemId } = await merchant.api.merchantFlash.enrol({
    slotId,
    listingId,
    variantId,
    flashPrice: 50_000,
    slotStock: 1,
    perShopperLimit: 1,
  });
  clockAt(new Date(startsAt.getTime() + 1_000));
  await database.jobs.runDue();
  const [first, second] = [
    await shopperWithMoney(database, ops, 500_000),
    await shopperWithMoney(database, ops, 500_000),
  ];
  const buy = (who: typeof first) =>
    placeOrder(who.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: who.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
  // The second shopper's checkout shows the flash price; the first buys the only unit meanwhile.
  const shown = await second.api.orders.quote({
    lines: [{ listingId, quantity: 1 }],
    addressId: second.addressId,
  });
  expect(shown.subtotal).toBe(50_000);
  const placed = await buy(first);
  // Placing what the checkout showed is refused in words, not charged at the listed price unseen.
  await expect(
    second.api.orders.place({
      proof: pinProof,
      lines: [{ listingId, quantity: 1 }],
      addressId: second.addressId,
      shipping: shown.stores.map((s) => ({
        storeId: s.storeId,
        courier: s.shipping.selected!.courier,
        service: s.shipping.selected!.service,
        price: s.shipping.selected!.price,
      })),
      method: "wallet",
      fromCart: false,
      expectedTotal: shown.total,
      idempotencyKey: newKey(),
    }),
  ).rejects.toThrow("Harga pesanan berubah sejak Anda membuka halaman ini");
  expect((await second.api.wallet.summary()).balance).toBe(500_000);
  // Sold out: the checkout now shows the listed price.
  expect((await second.api.orders.quote({ lines: [{ listingId, quantity: 1 }] })).subtotal).toBe(100_000);
  await first.api.orders.cancel({ id: placed.orderIds[0]!, idempotencyKey: newKey() });
  expect(await item(itemId)).toMatchObject({ carved: 1, sold: 0 });
  expect(await variantStock(variantId)).toBe(29);
  expect((await second.api.orders.quote({ lines: [{ listingId, quantity: 1 }] })).subtotal).toBe(50_000);
  await buy(second);
  expect(await item(itemId)).toMatchObject({ sold: 1 });
});

it("bad input changes nothing: a slot in the past, slots that overlap, an end before its start, someone else's slot", async () => {
  const at = now();
  const name = { ind: "Uji", en: "Test", zh: "测试" };
  await expect(
    ops.api.ops.flash.create({
      name,
      slots: [{ startsAt: new Date(at.getTime() - minute), endsAt: new Date(at.getTime() + minute) }],
    }),
  ).rejects.toThrow("Waktu mulai slot sudah lewat. Pilih waktu yang akan datang.");
  await expect(
    ops.api.ops.flash.create({
      name,
      slots: [
        { startsAt: new Date(at.getTime() + minute), endsAt: new Date(at.getTime() + 10 * minute) },
        { startsAt: new Date(at.getTime() + 5 * minute), endsAt: new Date(at.getTime() + 20 * minute) },
      ],
    }),
  ).rejects.toThrow("Slot acara ini tidak boleh bertumpuk waktunya.");
  await expect(
    ops.api.ops.flash.create({
      name,
      slots: [{ startsAt: new Date(at.getTime() + 10 * minute), endsAt: new Date(at.getTime() + minute) }],
    }),
  ).rejects.toThrow("errors.flash.endBeforeStart"); // translated by the HTTP layer
  const merchant = await merchantWithStore(database);
  await expect(merchant.api.merchantFlash.sales()).resolves.toBeDefined();
  // A merchant cannot create events; a shopper cannot see a merchant's slots.
  await expect(
    merchant.api.ops.flash.create({
      name,
      slots: [{ startsAt: new Date(at.getTime() + minute), endsAt: new Date(at.getTime() + 2 * minute) }],
    }),
  ).rejects.toThrow();
  const shopper = await signedInUser(database);
  await expect(shopper.api.merchantFlash.sales()).rejects.toThrow();
  expect((await ops.api.ops.flash.list()).some((s) => s.name === "Uji")).toBe(false);
});
