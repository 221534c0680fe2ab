import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, silentLog, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { renditionPath, renditionWidths, type StoredImage } from "#common/images.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import { createSandboxGateway } from "../modules/gateway/gateway.service.ts";
import { callerFor } from "../../tests/setup/caller.ts";
import { checkLedger } from "../modules/ledger/ledger.service.ts";
import { demoPassword, demoPin, seedDemoData } from "./seed.ts";
import { demoPictures, drawDemoPictures } from "./pictures.ts";
import { drawPicturesJob } from "../flows/demo-pictures.ts";

let database: TestDatabase;
/**
 * A seed that leaves its pictures to their job, for the tests that are not about them: drawing them is proven by
 * the first test and the job's, and costs seconds.
 */
const later = { imageSize: 32, pictures: "later" } as const;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.destroy());

async function counts() {
  type Counts = { users: number; stores: number; products: number; faqs: number };
  const result = (await database.db.execute(
    sql`select (select count(*) from users)::int as users, (select count(*) from stores)::int as stores,
               (select count(*) from supply_products)::int as products, (select count(*) from faqs)::int as faqs`,
  )) as unknown as { rows: Counts[] };
  return result.rows[0];
}

/** A payment provider that is down: the demo's last order, the one waiting at the provider, cannot be opened. */
function providerDown(): PaymentGateway {
  const sandbox = createSandboxGateway(database.db, { publicUrl: "http://localhost:3000" });
  return {
    ...sandbox,
    channels: sandbox.channels,
    createPayment: () => Promise.reject(new Error("provider down")),
  };
}

/** The files of the first product's gallery front, as the home page's card loads them. */
async function firstProductPicture() {
  const result = (await database.db.execute(
    sql`select image from product_images order by supply_product_id, sort limit 1`,
  )) as unknown as { rows: { image: StoredImage }[] };
  const image = result.rows[0]!.image;
  return renditionWidths(image).map((w) => renditionPath(image.key, image, w, image.formats[0]!));
}

describe("the first-start seed", () => {
  it("leaves nothing behind when it fails midway, so the next start seeds the whole shop", async () => {
    // Everything is written but the last demo order, which the provider refuses.
    await expect(
      seedDemoData(database.db, database.storage, silentLog, { imageSize: 32, gateway: providerDown() }),
    ).rejects.toThrow("errors.money.paymentFailed");
    expect(await counts()).toEqual({ users: 0, stores: 0, products: 0, faqs: 0 });

    expect(await seedDemoData(database.db, database.storage, silentLog, { imageSize: 32 })).toBe(true);
    expect(await counts()).toMatchObject({ users: 8, stores: 5, products: 88 });
    expect((await counts())?.faqs).toBeGreaterThan(0);
    // Drawn before it answered (the tests' way): every file of a card's picture is there.
    for (const file of await firstProductPicture())
      expect(await database.storage.read(file), file).toBeDefined();
  });

  // What the seed writes is the same on either engine: proven once, on PostgreSQL (its atomicity and its lock,
  // above and below, on both).
  it.runIf(testDbKind === "postgres")(
    "on a first start, writes the shop at once and leaves its pictures to a job, which draws each once",
    async () => {
      expect(await seedDemoData(database.db, database.storage, silentLog, later)).toBe(true);
      const files = await firstProductPicture();
      for (const file of files) expect(await database.storage.read(file), file).toBeUndefined();
      const jobs = (await database.db.execute(
        sql`select name, data->>'subjectId' as size from pgboss.job where name = ${drawPicturesJob}`,
      )) as unknown as { rows: { name: string; size: string }[] };
      expect(jobs.rows).toEqual([{ name: drawPicturesJob, size: "32" }]);

      // What the job's process does: every picture of the shop, then nothing more when run again (a retry).
      const pictures = demoPictures(32);
      const all = new Set(
        [pictures.icons, pictures.products, pictures.logos, pictures.colours].flat(2).map((p) => p.image.key),
      ).size;
      expect(await drawDemoPictures(database.storage, 32)).toBe(all);
      for (const file of files) expect(await database.storage.read(file), file).toBeDefined();
      expect(await drawDemoPictures(database.storage, 32)).toBe(0);
    },
  );

  it("seeds once when two starts race, and never over an existing shop", async () => {
    const results = await Promise.all([
      seedDemoData(database.db, database.storage, silentLog, later),
      seedDemoData(database.db, database.storage, silentLog, later),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await counts()).toMatchObject({ users: 8, stores: 5, products: 88 });
    expect(await seedDemoData(database.db, database.storage, silentLog, later)).toBe(false);
  });
});

describe.runIf(testDbKind === "postgres")("the demo money", () => {
  it("arrives through the ledger: system credits with a reason, a bound card, withdrawals, orders in every tab; the catalogue sells by variant", async () => {
    expect(await seedDemoData(database.db, database.storage, silentLog, later)).toBe(true);
    const check = await checkLedger(database.db);
    expect(check.ok).toBe(true);
    expect(check.total).toBe(0n);
    const shopper = await callerSignedIn("shopper@pasar.test");
    // The demo shopper has the payment PIN the README gives (issue 43).
    expect(await shopper.account.pin.status()).toEqual({ set: true, lockedUntil: null, disabled: false });
    await shopper.account.pin.change({ currentPin: demoPin, pin: demoPin });
    // A conversation to show: the shopper asked the first store about a product, and the store answered.
    const chats = (await shopper.chat.list({})).items;
    expect(chats.map((c) => [c.party.name, c.unread, c.last?.side])).toEqual([
      ["Toko Batik Sari", 1, "store"],
    ]);
    // The opening 500,000, less what the demo orders took (paid ones; the cancelled one came back).
    const orders = (await shopper.orders.list({ tab: "all", limit: 50 })).items;
    const spent = orders
      .filter((o) => o.status !== "cancelled" && o.status !== "pending_payment")
      .reduce((sum, o) => sum + o.total, 0);
    expect((await shopper.wallet.summary()).balance).toBe(500_000 - spent);
    const opening = (await shopper.wallet.history({ kind: "system" })).items;
    expect(opening).toEqual([
      expect.objectContaining({
        kind: "system",
        amount: 500_000,
        state: "completed",
        memo: null,
        memoKey: "demoOpeningBalance",
      }),
    ]);
    for (let i = 1; i <= 5; i++) {
      const merchant = await callerSignedIn(`merchant${i}@pasar.test`);
      expect((await merchant.wallet.history({ kind: "system" })).items[0]?.amount).toBeGreaterThan(0);
    }
    const first = await callerSignedIn("merchant1@pasar.test");
    expect(await first.wallet.bankCard()).toMatchObject({ bankName: "BCA" });
    const withdrawals = (await first.wallet.withdrawals({})).items.map((w) => w.status).sort();
    expect(withdrawals).toEqual(["paid", "pending"]);
    expect(await first.wallet.summary()).toMatchObject({ pendingWithdrawals: 250_000 });

    // The demo shopper has an order in every tab, made by the real flows, and the stores see theirs.
    expect(await shopper.orders.counts()).toEqual({
      pending_payment: 1,
      pending_shipment: 1,
      pending_receipt: 1,
      pending_review: 1,
    });
    expect((await shopper.orders.list({ tab: "cancelled" })).items).toHaveLength(1);
    const unpaid = (await shopper.orders.list({ tab: "pending_payment" })).items[0]!;
    // It waits on a BCA virtual account at the sandbox, payable on its play-money page.
    const { attemptId } = await shopper.orders.get({ id: unpaid.id });
    expect(attemptId).toMatch(/^pat_/);
    expect(await shopper.payments.attempt({ id: attemptId! })).toMatchObject({
      channel: "va_bca",
      status: "pending",
      action: { type: "va", bank: "bca" },
      simulateUrl: expect.stringMatching(/\/gateway\/sandbox\/pay_/),
    });
    const shipped = (await shopper.orders.list({ tab: "pending_receipt" })).items[0]!;
    // Booked with the courier service chosen at checkout, with the waybill it gave, and tracked.
    const detail = await shopper.orders.get({ id: shipped.id });
    expect(detail).toMatchObject({ shipments: [{ kind: "outbound", status: "booked" }] });
    expect(detail.shipments[0]!.waybill).toBe(detail.trackingNumber);
    expect(detail.shipping!.serviceName).toMatch(new RegExp(`^${detail.courier!.split(" ")[0]}`));
    // The third store waits to pay the goods of its paid order; the second earned its profit.
    const third = await callerSignedIn("merchant3@pasar.test");
    expect((await third.merchantOrders.list({ view: "goods_unpaid" })).items).toHaveLength(1);
    const second = await callerSignedIn("merchant2@pasar.test");
    expect((await second.wallet.history({ kind: "profit" })).items).toHaveLength(1);
    expect((await checkLedger(database.db)).ok).toBe(true);

    // A flash sale runs from the first start (issue 42): one product of every store, at its flash price.
    const flash = await callerFor(database).flash.home();
    expect(flash.slot).toMatchObject({ state: "live", saleName: "Flash Sale Harian" });
    expect(flash.items).toHaveLength(5);
    for (const item of flash.items) expect(item.flashPrice).toBeLessThan(item.listedPrice);
    const flashQuote = await shopper.orders.quote({
      lines: [{ listingId: flash.items[0]!.listingId, quantity: 1 }],
    });
    expect(flashQuote.subtotal).toBe(flash.items[0]!.flashPrice);

    // The shipped order bought two variants of one product: each item names its own.
    const bought = (await shopper.orders.get({ id: shipped.id })).items;
    expect(bought).toHaveLength(2);
    expect(new Set(bought.map((i) => i.listingId)).size).toBe(1);
    for (const item of bought) expect(item.variantLabel).toMatch(/ \/ /);

    // The fashion, shoe and cosmetics products sell by variant, a picture per colour, one combination sold out
    // (the same seeded shop: seeding takes most of this test's time).
    const api = callerFor(database, { lang: "en" });
    const find = async (q: string) => (await api.listings.list({ q, limit: 5 })).items[0]!;
    for (const [query, axes] of [
      ["sneakers sol putih", ["Colour", "Size"]],
      ["kaos polos combed", ["Colour", "Size"]],
      ["lipstik matte bata", ["Shade"]],
      ["gamis ceruty babydoll", ["Colour", "Size"]],
    ] as const) {
      const card = await find(query);
      const product = await api.listings.get({ id: card.id });
      expect(
        product.options.map((o) => o.name),
        query,
      ).toEqual(axes);
      // One combination has no stock: its chip is the one the page disables.
      expect(
        product.variants.filter((v) => v.stock === 0),
        query,
      ).toHaveLength(1);
      // Every variant of a colour shows that colour's picture, and the colours' pictures differ.
      const colour = product.options.find((o) => o.kind === "colour")!;
      const pictures = colour.values.map((value) => {
        const of = product.variants.filter((v) => v.values[0] === value.id).map((v) => v.image?.url);
        expect(new Set(of).size, `${query} ${value.name}`).toBe(1);
        return of[0];
      });
      expect(pictures.every(Boolean), query).toBe(true);
      expect(new Set(pictures).size, query).toBe(colour.values.length);
    }
    // XXL costs more: the T-shirt's card shows a range.
    const shirt = await find("kaos polos combed");
    expect(shirt.maxPrice).toBeGreaterThan(shirt.price);
    // A search by a colour finds the products that come in it.
    expect(
      (await api.listings.list({ q: "sandal navy", limit: 10 })).items.map((i) => i.name).join(),
    ).toMatch(/Slide/i);
  });
});

/** A caller signed in with a demo account's password. */
async function callerSignedIn(account: string) {
  const { token } = await callerFor(database).auth.signIn({
    method: "password",
    account,
    password: demoPassword,
  });
  return callerFor(database, { token });
}
