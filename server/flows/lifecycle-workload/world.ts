// The lifecycle workload's world (lifecycle-workload.test.ts): the cast of the whole file, each run's plan
// and what a run made, and the clock the run moves.
import fc from "fast-check";
import { bankCardOfYesterday, newKey, signedInUser } from "../../../tests/setup/money.ts";
import {
  codShopper,
  listing,
  merchantWithStore,
  shopperWithMoney,
  supplyProduct,
  variantProduct,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { codSettingsDefaults } from "#common/platform.ts";
import { eq } from "drizzle-orm";
import { flashSlots } from "../../modules/promotions/flash.tables.ts";
import { vouchers as vouchersTable } from "../../modules/promotions/promotions.tables.ts";
import { setClock } from "../../platform/clock.ts";

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

/** Supply products without options: [merchant price]; listings: [store, supply product, price]. */
const supplyCosts = [50_000, 60_000, 45_000] as const;
const listingPlan = [
  [0, 0, 80_000],
  [1, 0, 95_000],
  [0, 1, 120_000],
  [1, 2, 70_000],
] as const;

/**
 * The product with options: a shoe in two colours and two sizes, each variant its own stock (the plan's) and
 * cost (white costs more). The first store prices each variant (listing 4), the second sells all at one price
 * (listing 5); both sell from the same variants' stock.
 */
const shoe = {
  axes: [
    ["Hitam", "Putih"],
    ["41", "42"],
  ],
  labels: ["Hitam/41", "Hitam/42", "Putih/41", "Putih/42"],
  cost: 40_000,
  extra: { "Putih/41": 5_000, "Putih/42": 5_000 },
  prices: [70_000, 72_000, 80_000, 85_000],
  onePrice: 90_000,
} as const;

type Api = Awaited<ReturnType<typeof signedInUser>>["api"];
/** A signed-in person: `account` is how the operator finds them (an email, or a phone number). */
type Actor = { id: string; account: string; token: string; api: Api };
export type Shopper = Actor & { addressId: string };
type Merchant = Actor & { storeId: string };

/** The people of the whole file: made once (hashing their passwords is most of a run's set-up otherwise). */
export interface Cast {
  database: TestDatabase;
  app: ReturnType<typeof createTestApp>;
  ops: Actor & { email: string };
  /** Two signed up by phone a month ago, the last by email (cash on delivery needs a proved phone). */
  shoppers: Shopper[];
  merchants: Merchant[];
  /** Everyone with a wallet of their own to recharge and withdraw from. */
  people: Actor[];
  byUserId: Map<string, Actor>;
}

/** One run: the cast, this run's listings, and what this run made (the steps pick among these only). */
export interface World extends Cast {
  plan: WorldPlan;
  listingIds: string[];
  /** The variants each listing sells, by listing index (one for a product without options). */
  variantsOf: string[][];
  /** What each of this run's variants was stocked with. */
  supplied: Map<string, number>;
  /** This run's supply products and their variants. */
  products: Map<string, string[]>;
  /** The credits the operator gave in this run's steps, per user. */
  credits: Map<string, number>;
  /** Every ledger balance when this run's steps began: the invariants account for what moved since. */
  baseline: Map<string, number>;
  /** Orders placed in this run. */
  orderIds: Set<string>;
  /** Payment attempts opened at the sandbox (checkouts, switches, later payments, recharges): their `pat_` ids. */
  gatewayPayments: string[];
  withdrawals: string[];
  clockOffset: number;
}

interface WorldPlan {
  stocks: number[];
  /** Each shoe variant's stock, in `shoe.labels` order (0: sold out). */
  shoeStocks: number[];
  shopperMoney: number[];
  merchantMoney: number[];
  autoPay: boolean[];
  /** The operator's cash-on-delivery settings for the run: how long refused parcels count, who pays the way back. */
  cod: { refusalDays: number; returnPostage: "platform" | "store" };
  /**
   * The run's vouchers (issue 42): the platform's, free shipping and each store's own, each with small limits
   * so that they run out within a run (uses in all, per shopper, a budget). Null: no such voucher this run.
   */
  vouchers: {
    platform: VoucherPlan | null;
    shipping: VoucherPlan | null;
    stores: (VoucherPlan | null)[];
  };
  /**
   * The run's flash sale (issue 42): one of the products without options (by listing) in a slot live from the
   * run's start for some hours, with a few units and a small limit per shopper. Null: none this run.
   */
  flash: { listing: number; slotStock: number; limit: number; hours: number } | null;
}

interface VoucherPlan {
  discount: { type: "amount"; amount: number } | { type: "percent"; percentBp: number; cap: number | null };
  minSpend: number;
  usageLimit: number | null;
  perShopperLimit: number;
  budget: number | null;
}

const voucherPlanArb: fc.Arbitrary<VoucherPlan | null> = fc.option(
  fc.record({
    discount: fc.oneof(
      fc.record({
        type: fc.constant("amount" as const),
        amount: fc.integer({ min: 1, max: 40 }).map((n) => n * 1_000),
      }),
      fc.record({
        type: fc.constant("percent" as const),
        percentBp: fc.integer({ min: 1, max: 5_000 }),
        cap: fc.option(
          fc.integer({ min: 1, max: 50 }).map((n) => n * 1_000),
          { nil: null },
        ),
      }),
    ),
    minSpend: fc.constantFrom(0, 0, 50_000, 150_000),
    usageLimit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    perShopperLimit: fc.integer({ min: 1, max: 3 }),
    budget: fc.option(
      fc.integer({ min: 1, max: 12 }).map((n) => n * 10_000),
      { nil: null },
    ),
  }),
  { nil: null, freq: 3 },
);

export const worldArb: fc.Arbitrary<WorldPlan> = fc.record({
  stocks: fc.array(fc.integer({ min: 2, max: 10 }), { minLength: 3, maxLength: 3 }),
  shoeStocks: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
  shopperMoney: fc.array(
    fc.integer({ min: 0, max: 6 }).map((n) => n * 100_000),
    {
      minLength: 3,
      maxLength: 3,
    },
  ),
  // The stores' balances pay the goods cost of what they sell (a broken store's orders are cancelled unpaid):
  // drawn evenly, not biased to empty as fc.integer is.
  merchantMoney: fc.array(
    fc.constantFrom(0, 1, 2, 3, 4, 5).map((n) => n * 100_000),
    {
      minLength: 2,
      maxLength: 2,
    },
  ),
  autoPay: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
  vouchers: fc.record({
    platform: voucherPlanArb,
    shipping: voucherPlanArb,
    stores: fc.array(voucherPlanArb, { minLength: 2, maxLength: 2 }),
  }),
  flash: fc.option(
    fc.record({
      listing: fc.integer({ min: 0, max: listingPlan.length - 1 }),
      slotStock: fc.integer({ min: 1, max: 4 }),
      limit: fc.integer({ min: 1, max: 2 }),
      hours: fc.integer({ min: 1, max: 24 }),
    }),
    { nil: null, freq: 2 },
  ),
  cod: fc.record({
    // Refused parcels count for 60 days by default, and the runs' clocks reach weeks ahead: two refusals bar a
    // phone shopper for the rest of the file, so most runs have the operator count none (a window of 0 days).
    refusalDays: fc.constantFrom(60, 0, 0),
    returnPostage: fc.constantFrom("platform" as const, "store" as const),
  }),
});

const card = { accountName: "Siti Aminah", bankCode: "014", accountNumber: "1234567890" };

export async function makeCast(): Promise<Cast> {
  const database = await createTestDatabase();
  const operator = await signedInUser(database, "operator");
  const ops = { ...operator, account: operator.email };
  const byEmail = await shopperWithMoney(database, operator, 0);
  const byPhone = await Promise.all([1, 2].map(() => codShopper(database)));
  // The email shopper last: fast-check's small numbers come more often, and most checkouts should be able
  // to choose cash on delivery.
  const shoppers: Shopper[] = [
    ...byPhone.map((p) => ({ ...p, account: p.phone })),
    { ...byEmail, account: byEmail.email },
  ];
  const merchants = (await Promise.all([0, 1].map(() => merchantWithStore(database)))).map((m) => ({
    ...m,
    account: m.email,
  }));
  const people: Actor[] = [...shoppers, ...merchants];
  for (const p of people) await bankCardOfYesterday(database, p, card);
  return {
    database,
    app: createTestApp(database),
    ops,
    shoppers,
    merchants,
    people,
    byUserId: new Map(people.map((p) => [p.id, p])),
  };
}

/**
 * A run's world, as the plan says, whatever earlier runs left: the clock at the real time, empty carts, each
 * wallet at the plan's balance (the operator's credit or debit), auto-pay and cash on delivery as planned, and
 * new supply products and listings. Earlier runs' orders stay (the invariants cover them too) but this run's
 * steps never pick them.
 */
export async function makeWorld(cast: Cast, plan: WorldPlan): Promise<World> {
  const w: World = {
    ...cast,
    plan,
    listingIds: [],
    variantsOf: [],
    supplied: new Map(),
    products: new Map(),
    credits: new Map(),
    baseline: new Map(),
    orderIds: new Set(),
    gatewayPayments: [],
    withdrawals: [],
    clockOffset: 0,
  };
  setClockTo(w, 0);
  const targets = [...plan.shopperMoney, ...plan.merchantMoney];
  for (const [i, person] of w.people.entries()) {
    const { balance } = await person.api.wallet.summary();
    const change = targets[i]! - balance;
    if (change !== 0) {
      await w.ops.api.ops.money.adjust({
        account: person.account,
        amount: change,
        reason: "saldo uji",
        idempotencyKey: newKey(),
      });
    }
  }
  for (const s of w.shoppers) await s.api.cart.clear();
  for (const [i, m] of w.merchants.entries()) await setAutoPay(m, plan.autoPay[i]!);
  await w.ops.api.ops.settings.updateCod({ ...codSettingsDefaults, ...plan.cod });
  const supplyIds: string[] = [];
  for (const [i, merchantPrice] of supplyCosts.entries()) {
    const id = await supplyProduct(w.database, { stock: plan.stocks[i], merchantPrice });
    supplyIds.push(id);
    const [variant] = await variantsOf(w.database, id);
    w.products.set(id, [variant!.id]);
    w.supplied.set(variant!.id, plan.stocks[i]!);
  }
  for (const [store, supply, price] of listingPlan) {
    w.listingIds.push(await listing(w.database, w.merchants[store]!.storeId, supplyIds[supply]!, price));
    w.variantsOf.push(w.products.get(supplyIds[supply]!)!);
  }
  const shoes = await variantProduct(w.database, {
    axes: shoe.axes.map((a) => [...a]),
    stock: Object.fromEntries(shoe.labels.map((label, i) => [label, plan.shoeStocks[i]!])),
    merchantPrice: shoe.cost,
    extra: shoe.extra,
  });
  const shoeVariants = shoe.labels.map((label) => shoes.variant(label));
  w.products.set(shoes.supplyId, shoeVariants);
  for (const [i, id] of shoeVariants.entries()) w.supplied.set(id, plan.shoeStocks[i]!);
  // Listed by the stores themselves, as the merchant centre lists: a price per variant, or one for all.
  const [first, second] = w.merchants;
  const perVariant = await first!.api.merchants.list({
    supplyProductId: shoes.supplyId,
    prices: shoeVariants.map((variantId, i) => ({ variantId, price: shoe.prices[i]! })),
  });
  const onePrice = await second!.api.merchants.list({
    supplyProductId: shoes.supplyId,
    price: shoe.onePrice,
  });
  w.listingIds.push(perVariant.id, onePrice.id);
  w.variantsOf.push(shoeVariants, shoeVariants);
  await makeVouchers(w);
  await makeFlashSale(w);
  for (const a of await w.database.db.query.ledgerAccounts.findMany()) w.baseline.set(a.id, a.balance);
  return w;
}

/**
 * The run's vouchers, as the plan says: running from the run's clock for 60 days, without a code, so a checkout
 * may use them (earlier runs' ones are paused: each run's checkouts pick among its own).
 */
async function makeVouchers(w: World) {
  const q = w.database.db.query;
  for (const v of await q.vouchers.findMany({ where: (x, { eq }) => eq(x.paused, false) })) {
    await w.database.db.update(vouchersTable).set({ paused: true }).where(eq(vouchersTable.id, v.id));
  }
  const at = clockNow(w);
  const form = (plan: VoucherPlan) => ({
    ...plan,
    code: null,
    startsAt: new Date(at.getTime() - minute),
    endsAt: new Date(at.getTime() + 60 * day),
  });
  const { platform, shipping, stores } = w.plan.vouchers;
  for (const [kind, plan] of [
    ["platform", platform],
    ["shipping", shipping],
  ] as const) {
    if (plan) await w.ops.api.ops.vouchers.create({ kind, storeIds: null, voucher: form(plan) });
  }
  for (const [i, plan] of stores.entries()) {
    if (plan) await w.merchants[i]!.api.merchantVouchers.create(form(plan));
  }
}

/**
 * The run's flash sale, as the plan says: the operator's event with a slot a minute away, the store's product
 * enrolled at half its margin off, then the clock moved into the slot and its start run as its job.
 */
async function makeFlashSale(w: World) {
  const plan = w.plan.flash;
  if (!plan) return;
  const [store, supply, price] = listingPlan[plan.listing]!;
  const startsAt = new Date(clockNow(w).getTime() + minute);
  const { id } = await w.ops.api.ops.flash.create({
    name: { ind: "Flash uji", en: "Test flash", zh: "测试" },
    slots: [{ startsAt, endsAt: new Date(startsAt.getTime() + plan.hours * hour) }],
  });
  const [slot] = await w.database.db.select().from(flashSlots).where(eq(flashSlots.saleId, id));
  const cost = supplyCosts[supply];
  await w.merchants[store]!.api.merchantFlash.enrol({
    slotId: slot!.id,
    listingId: w.listingIds[plan.listing]!,
    variantId: w.variantsOf[plan.listing]![0]!,
    flashPrice: cost + Math.floor((price - cost) / 2),
    slotStock: Math.min(plan.slotStock, w.plan.stocks[supply]!),
    perShopperLimit: plan.limit,
  });
  setClockTo(w, w.clockOffset + 2 * minute);
  await w.database.jobs.runDue();
}

export async function setAutoPay(merchant: Merchant, on: boolean) {
  const store = await merchant.api.merchants.store();
  await merchant.api.merchants.updateStore({
    name: store.name,
    phone: "081234567890",
    intro: store.intro,
    autoPay: on,
  });
}

export function setClockTo(w: World, offset: number) {
  w.clockOffset = offset;
  // eslint-disable-next-line no-restricted-syntax -- the run's clock: the real one, moved on by the run's offset
  const restore = setClock(() => new Date(Date.now() + offset));
  restores.push(restore);
}
export const restores: (() => void)[] = [];
// eslint-disable-next-line no-restricted-syntax -- the run's clock: the real one, moved on by the run's offset
export const clockNow = (w: World) => new Date(Date.now() + w.clockOffset);
