import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerBalanced } from "../../tests/setup/ledger.ts";
import { decideOnSandbox, newKey, notifySandbox, paidNotice, signedInUser } from "../../tests/setup/money.ts";
import {
  credit,
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../tests/setup/shop.ts";
import { createTestApp } from "../../tests/setup/test-app.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
// The one server internal a workload needs: the clock (the sandbox's signing is in tests/setup/money.ts).
import { returnReasons, type ReturnReason } from "#common/order-states.ts";
import { setClock } from "../platform/clock.ts";

/**
 * A randomized workload over the whole order lifecycle (fast-check: seeded, shrinkable). One database and one
 * cast per file (an operator, three shoppers, two merchants); each run resets the wallets, carts and auto-pay to
 * its plan, adds four listings of three new supply products (one listed by both stores, so they share its
 * stock), and plays a random sequence of what those people do,
 * through the app's procedures as users call them: carts, checkouts of one or both stores paid by wallet or by
 * a QRIS attempt the sandbox's signed notification pays (sometimes delivered twice at once), later payments, the merchants'
 * goods payments and auto-pay, cancellations, the operator's shipping, receipts, the clock moving past payment,
 * goods and receipt deadlines, returns and replacements decided by the store or the operator, recharges,
 * withdrawals with the operator's decision, and credits. Some steps run together (Promise.all), some race on
 * one order. Refusals a user can meet (CONFLICT, PRECONDITION_FAILED) are part of the workload; any other error
 * fails the run. After the sequence, and again once every deadline has passed, the invariants below hold.
 *
 * Runs on both projects (PGlite: serial transactions; PostgreSQL: real races between the parallel steps).
 * Replay a failure with LIFECYCLE_SEED and LIFECYCLE_PATH (printed by fast-check, with the shrunk sequence);
 * LIFECYCLE_RUNS sets how many runs, LIFECYCLE_NO_SHRINK=1 stops at the first failure.
 */

const seed = Number(process.env.LIFECYCLE_SEED ?? 20261125);
const path = process.env.LIFECYCLE_PATH;
const numRuns = Number(process.env.LIFECYCLE_RUNS ?? (testDbKind === "postgres" ? 20 : 15));

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

// ------------------------------------------------------------------------------------------- the world

/** Supply products: [merchant price]; listings: [store, supply product, price]. */
const supplyCosts = [50_000, 60_000, 45_000] as const;
const listingPlan = [
  [0, 0, 80_000],
  [1, 0, 95_000],
  [0, 1, 120_000],
  [1, 2, 70_000],
] as const;

type Actor = Awaited<ReturnType<typeof signedInUser>>;
type Shopper = Actor & { addressId: string };
type Merchant = Actor & { storeId: string };

/** The people of the whole file: made once (hashing their passwords is most of a run's set-up otherwise). */
interface Cast {
  database: TestDatabase;
  app: ReturnType<typeof createTestApp>;
  ops: Actor;
  shoppers: Shopper[];
  merchants: Merchant[];
  /** Everyone with a wallet of their own to recharge and withdraw from. */
  people: Actor[];
  byUserId: Map<string, Actor>;
}

/** One run: the cast, this run's listings, and what this run made (the steps pick among these only). */
interface World extends Cast {
  listingIds: string[];
  /** What each of this run's supply products was stocked with. */
  supplied: Map<string, number>;
  /** The credits the operator gave in this run's steps, per user. */
  credits: Map<string, number>;
  /** Every ledger balance when this run's steps began: the invariants account for what moved since. */
  baseline: Map<string, number>;
  /** Orders placed in this run. */
  orderIds: Set<string>;
  /** Payment attempts opened at the sandbox (checkouts, later payments, recharges): their `pat_` ids. */
  gatewayPayments: string[];
  withdrawals: string[];
  clockOffset: number;
}

interface WorldPlan {
  stocks: number[];
  shopperMoney: number[];
  merchantMoney: number[];
  autoPay: boolean[];
}

const worldArb: fc.Arbitrary<WorldPlan> = fc.record({
  stocks: fc.array(fc.integer({ min: 2, max: 10 }), { minLength: 3, maxLength: 3 }),
  shopperMoney: fc.array(
    fc.integer({ min: 0, max: 6 }).map((n) => n * 100_000),
    {
      minLength: 3,
      maxLength: 3,
    },
  ),
  merchantMoney: fc.array(
    fc.integer({ min: 0, max: 3 }).map((n) => n * 100_000),
    {
      minLength: 2,
      maxLength: 2,
    },
  ),
  autoPay: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
});

const card = { accountName: "Siti Aminah", bankCode: "014", accountNumber: "1234567890" };

async function makeCast(): Promise<Cast> {
  const database = await createTestDatabase();
  const ops = await signedInUser(database, "operator");
  const shoppers = await Promise.all([0, 1, 2].map(() => shopperWithMoney(database, ops, 0)));
  const merchants = await Promise.all([0, 1].map(() => merchantWithStore(database)));
  const people: Actor[] = [...shoppers, ...merchants];
  for (const p of people) await p.api.wallet.saveBankCard(card);
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
 * wallet at the plan's balance (the operator's credit or debit), auto-pay as planned, and new supply products
 * and listings. Earlier runs' orders stay (the invariants cover them too) but this run's steps never pick them.
 */
async function makeWorld(cast: Cast, plan: WorldPlan): Promise<World> {
  const w: World = {
    ...cast,
    listingIds: [],
    supplied: new Map(),
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
        account: person.email,
        amount: change,
        reason: "saldo uji",
        idempotencyKey: newKey(),
      });
    }
  }
  for (const s of w.shoppers) await s.api.cart.clear();
  for (const [i, m] of w.merchants.entries()) await setAutoPay(m, plan.autoPay[i]!);
  const supplyIds: string[] = [];
  for (const [i, merchantPrice] of supplyCosts.entries()) {
    const id = await supplyProduct(w.database, { stock: plan.stocks[i], merchantPrice });
    supplyIds.push(id);
    w.supplied.set(id, plan.stocks[i]!);
  }
  for (const [store, supply, price] of listingPlan) {
    w.listingIds.push(await listing(w.database, w.merchants[store]!.storeId, supplyIds[supply]!, price));
  }
  for (const a of await w.database.db.query.ledgerAccounts.findMany()) w.baseline.set(a.id, a.balance);
  return w;
}

async function setAutoPay(merchant: Merchant, on: boolean) {
  const store = await merchant.api.merchants.store();
  await merchant.api.merchants.updateStore({
    name: store.name,
    phone: "081234567890",
    intro: store.intro,
    autoPay: on,
  });
}

// ------------------------------------------------------------------------------------------ operations

type OrderAction = "cancel" | "opsCancel" | "ship" | "confirm" | "payGoods" | "notify" | "payWallet" | "jobs";

type Op =
  | { t: "cart"; s: number; l: number; q: number }
  | {
      t: "place";
      s: number;
      lines: { l: number; q: number }[];
      method: "wallet" | "qris";
      fromCart: boolean;
    }
  | { t: "payLater"; o: number; method: "wallet" | "qris" }
  | { t: "notify"; p: number; status: "paid" | "cancelled"; twice: boolean }
  | { t: "payGoods"; m: number; one: number | null }
  | { t: "autoPay"; m: number; on: boolean }
  | { t: "cancel"; o: number; byOperator: boolean }
  | { t: "ship"; o: number }
  | { t: "confirm"; o: number }
  | { t: "advance"; by: "payment" | "goods" | "receipt" | "minutes" }
  | { t: "return"; o: number; q: number; kind: "return" | "replacement"; category: ReturnReason }
  | { t: "decideReturn"; r: number; approve: boolean }
  | { t: "escalate"; r: number }
  | { t: "opsDecide"; r: number; approve: boolean }
  | { t: "shipReplacement"; r: number }
  | { t: "returnArrives"; r: number }
  | { t: "refundNow"; r: number }
  | { t: "recharge"; u: number; amount: number }
  | { t: "withdraw"; u: number; amount: number }
  | { t: "decideWithdrawal"; w: number; approve: boolean }
  | { t: "credit"; u: number; amount: number }
  | { t: "race"; o: number; actions: OrderAction[] }
  | { t: "progress"; o: number };

type Step = Op | { t: "together"; ops: Op[] };

const pick = fc.nat({ max: 99 });
const lineArb = fc.record({ l: fc.nat({ max: 3 }), q: fc.integer({ min: 1, max: 3 }) });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("cart" as const),
      s: fc.nat({ max: 2 }),
      l: fc.nat({ max: 3 }),
      q: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant("place" as const),
      s: fc.nat({ max: 2 }),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
      method: fc.constantFrom("wallet" as const, "qris" as const),
      fromCart: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("payLater" as const),
      o: pick,
      method: fc.constantFrom("wallet" as const, "qris" as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("notify" as const),
      p: pick,
      status: fc.constantFrom("paid" as const, "paid" as const, "paid" as const, "cancelled" as const),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("payGoods" as const),
      m: fc.nat({ max: 1 }),
      one: fc.option(pick),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant("autoPay" as const), m: fc.nat({ max: 1 }), on: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant("cancel" as const), o: pick, byOperator: fc.boolean() }),
  },
  { weight: 5, arbitrary: fc.record({ t: fc.constant("ship" as const), o: pick }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("confirm" as const), o: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("advance" as const),
      by: fc.constantFrom("payment" as const, "goods" as const, "receipt" as const, "minutes" as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("return" as const),
      o: pick,
      q: fc.integer({ min: 1, max: 3 }),
      kind: fc.constantFrom("return" as const, "return" as const, "replacement" as const),
      category: fc.constantFrom(...returnReasons),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant("decideReturn" as const), r: pick, approve: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("escalate" as const), r: pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant("opsDecide" as const), r: pick, approve: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("shipReplacement" as const), r: pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("returnArrives" as const), r: pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("refundNow" as const), r: pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("recharge" as const),
      u: fc.nat({ max: 4 }),
      amount: fc.integer({ min: 1, max: 20 }).map((n) => n * 10_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("withdraw" as const),
      u: fc.nat({ max: 4 }),
      amount: fc.integer({ min: 5, max: 30 }).map((n) => n * 10_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant("decideWithdrawal" as const), w: pick, approve: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("credit" as const),
      u: fc.nat({ max: 4 }),
      amount: fc.integer({ min: 1, max: 5 }).map((n) => n * 100_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("race" as const),
      o: pick,
      actions: fc.array(
        fc.constantFrom<OrderAction>(
          "cancel",
          "opsCancel",
          "ship",
          "confirm",
          "payGoods",
          "notify",
          "payWallet",
          "jobs",
        ),
        { minLength: 2, maxLength: 3 },
      ),
    }),
  },
);

/** Moves one of the run's orders its next step along the happy path, so sequences reach the late states. */
const progressArb: fc.Arbitrary<Op> = fc.record({ t: fc.constant("progress" as const), o: pick });

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: opArb },
  { weight: 3, arbitrary: progressArb },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("together" as const),
      ops: fc.array(opArb, { minLength: 2, maxLength: 3 }),
    }),
  },
);

const workloadArb = fc.record({
  world: worldArb,
  steps: fc.array(stepArb, { minLength: 20, maxLength: 70 }),
});

// ------------------------------------------------------------------------------- running the workload

/** What each kind of step came to over all runs: shows the workload reaches the states it is meant to. */
const outcomes = new Map<string, number>();
const count = (label: string) => outcomes.set(label, (outcomes.get(label) ?? 0) + 1);

/** Refusals a user can meet in a race or out of turn; anything else is a failure. */
const refusals = new Set(["CONFLICT", "PRECONDITION_FAILED"]);

async function attempt(label: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    count(`${label}: ok`);
  } catch (error) {
    // A tRPC error as the caller gets it (this file imports no transport): its code and translated message.
    const { name, code, message } = error as { name?: string; code?: string; message?: string };
    if (name === "TRPCError" && code && refusals.has(code)) {
      count(`${label}: ${code} ${message}`);
      return;
    }
    throw error;
  }
}

const nth = <T>(items: readonly T[], i: number): T | undefined =>
  items.length === 0 ? undefined : items[i % items.length];

function orderRows(w: World) {
  return w.database.db.query.orders.findMany({ orderBy: (o, { asc }) => [asc(o.id)] });
}
/** This run's orders. */
async function runOrders(w: World) {
  return (await orderRows(w)).filter((o) => w.orderIds.has(o.id));
}
type OrderRow = Awaited<ReturnType<typeof orderRows>>[number];

async function orderWhere(w: World, i: number, ok: (o: OrderRow) => boolean) {
  return nth((await runOrders(w)).filter(ok), i);
}

async function returnRows(w: World) {
  const all = await w.database.db.query.orderReturns.findMany({ orderBy: (r, { asc }) => [asc(r.id)] });
  return all.filter((r) => w.orderIds.has(r.orderId));
}

const ownerOf = (w: World, o: { userId: string }) => w.byUserId.get(o.userId)! as Shopper;
const merchantOf = (w: World, storeId: string) => w.merchants.find((m) => m.storeId === storeId)!;

function setClockTo(w: World, offset: number) {
  w.clockOffset = offset;
  const restore = setClock(() => new Date(Date.now() + offset));
  restores.push(restore);
}
const restores: (() => void)[] = [];
const clockNow = (w: World) => new Date(Date.now() + w.clockOffset);

/** The sandbox tells the shop an attempt's payment was paid or cancelled, signed, over the real HTTP route. */
async function notify(w: World, attemptId: string, status: "paid" | "cancelled") {
  // The sandbox records it too when it still can (a real provider knows what it was paid): refunds of what
  // was paid go back through it; an attempt it had closed meanwhile is money it took anyway, said late.
  await decideOnSandbox(w.database, attemptId, status, clockNow(w));
  const body = await paidNotice(w.database, attemptId, status);
  const response = await notifySandbox(w.app, w.database, body, { at: clockNow(w) });
  if (response.status !== 200) throw new Error(`notification answered ${response.status}`);
  count(`notify ${status}: ${String(((await response.json()) as { ok: boolean }).ok)}`);
}

const runJobs = (w: World) => w.database.jobs.runDue({ max: 500 });

/** Every deadline passes: payment windows, goods payments, receipts, recharges. */
async function drain(w: World) {
  setClockTo(w, w.clockOffset + 31 * day);
  while ((await runJobs(w)) > 0);
}

async function placeOp(w: World, op: Extract<Op, { t: "place" }>) {
  const shopper = w.shoppers[op.s]!;
  let lines = [...new Map(op.lines.map((x) => [w.listingIds[x.l]!, x.q])).entries()].map(
    ([listingId, quantity]) => ({ listingId, quantity }),
  );
  if (op.fromCart) {
    const cart = await shopper.api.cart.get();
    const fromCart = cart.stores.flatMap((s) =>
      s.items.map((i) => ({ listingId: i.listingId, quantity: i.quantity })),
    );
    if (fromCart.length > 0) lines = fromCart;
  }
  await attempt(`place ${op.method}`, async () => {
    const placed = await placeOrder(shopper.api, {
      lines,
      addressId: shopper.addressId,
      method: op.method,
      fromCart: op.fromCart,
      idempotencyKey: newKey(),
    });
    for (const id of placed.orderIds) w.orderIds.add(id);
    if (placed.attemptId) w.gatewayPayments.push(placed.attemptId);
    count(`place: ${placed.orderIds.length} store(s)`);
  });
}

/** The newest attempt of an order payment that reached the sandbox (none when it was paid from the wallet). */
function attemptOf(w: World, paymentId: string) {
  return w.database.db.query.paymentAttempts.findFirst({
    where: (a, { and, eq, isNotNull }) => and(eq(a.subjectId, paymentId), isNotNull(a.providerPaymentId)),
    orderBy: (a, { desc }) => [desc(a.id)],
  });
}

async function orderAction(w: World, action: OrderAction, o: OrderRow) {
  const owner = ownerOf(w, o);
  switch (action) {
    case "cancel":
      return attempt("cancel", () => owner.api.orders.cancel({ id: o.id, idempotencyKey: newKey() }));
    case "opsCancel":
      return attempt("ops cancel", () =>
        w.ops.api.ops.orders.cancel({ id: o.id, note: "stok bermasalah", idempotencyKey: newKey() }),
      );
    case "ship":
      return attempt("ship", () => w.ops.api.ops.orders.ship({ id: o.id, idempotencyKey: newKey() }));
    case "confirm":
      return attempt("confirm", () => owner.api.orders.confirm({ id: o.id, idempotencyKey: newKey() }));
    case "payGoods":
      return attempt("pay goods (one)", () =>
        merchantOf(w, o.storeId).api.merchantOrders.payGoods({ orderIds: [o.id], idempotencyKey: newKey() }),
      );
    case "payWallet":
      return attempt("pay later wallet", () =>
        owner.api.orders.pay({ id: o.id, method: "wallet", idempotencyKey: newKey() }),
      );
    case "notify": {
      const payments = await w.database.db.query.orderPaymentOrders.findMany({
        where: (p, { eq }) => eq(p.orderId, o.id),
      });
      for (const p of payments) {
        const attempt = await attemptOf(w, p.paymentId);
        if (attempt) return notify(w, attempt.id, "paid");
      }
      return;
    }
    case "jobs":
      await runJobs(w);
      return;
  }
}

async function runOp(w: World, op: Op): Promise<void> {
  switch (op.t) {
    case "cart":
      return attempt("cart", () =>
        w.shoppers[op.s]!.api.cart.add({ listingId: w.listingIds[op.l]!, quantity: op.q }),
      );
    case "place":
      return placeOp(w, op);
    case "payLater": {
      const o = await orderWhere(w, op.o, (x) => x.status === "pending_payment");
      if (!o) return;
      return attempt(`pay later ${op.method}`, async () => {
        const paid = await ownerOf(w, o).api.orders.pay({
          id: o.id,
          method: op.method,
          idempotencyKey: newKey(),
        });
        if (paid.attemptId) w.gatewayPayments.push(paid.attemptId);
      });
    }
    case "notify": {
      const paymentId = nth(w.gatewayPayments, op.p);
      if (!paymentId) return;
      if (op.twice) await Promise.all([notify(w, paymentId, op.status), notify(w, paymentId, op.status)]);
      else await notify(w, paymentId, op.status);
      return;
    }
    case "payGoods": {
      const merchant = w.merchants[op.m]!;
      if (op.one === null) {
        return attempt("pay goods (all)", () =>
          merchant.api.merchantOrders.payGoods({ idempotencyKey: newKey() }),
        );
      }
      const o = await orderWhere(w, op.one, (x) => x.status === "paid" && !x.goodsPaidAt);
      if (o) await orderAction(w, "payGoods", o);
      return;
    }
    case "autoPay": {
      await setAutoPay(w.merchants[op.m]!, op.on);
      count(`auto-pay ${op.on ? "on" : "off"}`);
      return;
    }
    case "cancel": {
      const o = await orderWhere(w, op.o, (x) => x.status === "pending_payment" || x.status === "paid");
      if (o) await orderAction(w, op.byOperator ? "opsCancel" : "cancel", o);
      return;
    }
    case "ship": {
      const o = await orderWhere(w, op.o, (x) => x.status === "paid" && !!x.goodsPaidAt);
      if (o) await orderAction(w, "ship", o);
      return;
    }
    case "confirm": {
      const o = await orderWhere(w, op.o, (x) => x.status === "shipped");
      if (o) await orderAction(w, "confirm", o);
      return;
    }
    case "advance": {
      const by = {
        payment: hour + minute,
        goods: day + minute,
        receipt: 7 * day + minute,
        minutes: 10 * minute,
      }[op.by];
      // Sessions last 30 days: the people of this run act within 25 of its start.
      if (w.clockOffset + by > 25 * day) return;
      setClockTo(w, w.clockOffset + by);
      count(`advance ${op.by}: ${await runJobs(w)} job(s)`);
      return;
    }
    case "return": {
      // An item of a completed order of this run that nobody asked about yet.
      const done = (await runOrders(w)).filter((x) => x.status === "completed");
      const asked = new Set((await returnRows(w)).map((r) => `${r.orderId} ${r.listingId}`));
      const items = (
        await w.database.db.query.orderItems.findMany({
          where: (i, { inArray }) =>
            inArray(
              i.orderId,
              done.map((x) => x.id),
            ),
          orderBy: (i, { asc }) => [asc(i.orderId), asc(i.listingId)],
        })
      ).filter((i) => !asked.has(`${i.orderId} ${i.listingId}`));
      const item = nth(items, op.o);
      if (!item) return;
      const o = done.find((x) => x.id === item.orderId)!;
      const form = new FormData();
      form.set("orderId", o.id);
      form.set("variantId", item.variantId);
      form.set("kind", op.kind);
      form.set("category", op.category);
      form.set("quantity", String(Math.min(op.q, item.quantity)));
      form.set("reason", "Barang rusak saat tiba.");
      form.set("idempotencyKey", newKey());
      return attempt(`request ${op.kind}`, () => ownerOf(w, o).api.orders.requestAfterSales(form));
    }
    case "decideReturn": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.status === "requested"),
        op.r,
      );
      if (!r) return;
      return attempt(`store ${op.approve ? "approves" : "refuses"} ${r.kind}`, () =>
        merchantOf(w, r.storeId).api.merchantOrders.decideAfterSales({
          id: r.id,
          approve: op.approve,
          reason: op.approve ? "" : "Barang tidak sesuai syarat.",
          idempotencyKey: newKey(),
        }),
      );
    }
    case "escalate": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.status === "refused"),
        op.r,
      );
      if (!r) return;
      return attempt("escalate", () =>
        ownerOf(w, r).api.orders.escalate({
          id: r.id,
          note: "Mohon ditinjau ulang.",
          idempotencyKey: newKey(),
        }),
      );
    }
    case "opsDecide": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.status === "escalated"),
        op.r,
      );
      if (!r) return;
      return attempt(`operator ${op.approve ? "approves" : "rejects"} ${r.kind}`, () =>
        w.ops.api.ops.afterSales.decide({
          id: r.id,
          approve: op.approve,
          reason: "Keputusan operator.",
          idempotencyKey: newKey(),
        }),
      );
    }
    case "returnArrives": {
      // The return parcel reaches the warehouse (the courier desk moves it the rest of its way).
      const r = nth(
        (await returnRows(w)).filter((x) => x.kind === "return" && x.status === "returning"),
        op.r,
      );
      if (!r) return;
      const parcel = await w.database.db.query.shipments.findFirst({
        where: (x, { and, eq }) => and(eq(x.returnId, r.id), eq(x.kind, "return")),
      });
      if (!parcel?.providerShipmentId) return;
      const path = ["booked", "picked_up", "in_transit", "out_for_delivery", "delivered"] as const;
      return attempt("return arrives", async () => {
        for (const to of path.slice(path.indexOf(parcel.status as (typeof path)[number]) + 1))
          await w.ops.api.ops.orders.moveParcel({ shipmentId: parcel.id, to });
      });
    }
    case "refundNow": {
      const r = nth(
        (await returnRows(w)).filter(
          (x) => x.kind === "return" && (x.status === "returning" || x.status === "received"),
        ),
        op.r,
      );
      if (!r) return;
      return attempt("refund now", () =>
        w.ops.api.ops.afterSales.refundNow({ id: r.id, reason: "Uji", idempotencyKey: newKey() }),
      );
    }
    case "shipReplacement": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.kind === "replacement" && x.status === "approved"),
        op.r,
      );
      if (!r) return;
      return attempt("ship replacement", () =>
        w.ops.api.ops.afterSales.ship({ id: r.id, idempotencyKey: newKey() }),
      );
    }
    case "recharge":
      return attempt("recharge", async () => {
        const started = await w.people[op.u]!.api.wallet.recharge({
          amount: op.amount,
          method: "qris",
          idempotencyKey: newKey(),
        });
        w.gatewayPayments.push(started.attemptId);
      });
    case "withdraw":
      return attempt("withdraw", async () => {
        const held = await w.people[op.u]!.api.wallet.withdraw({
          amount: op.amount,
          idempotencyKey: newKey(),
        });
        w.withdrawals.push(held.id);
      });
    case "decideWithdrawal": {
      const pending = (
        await w.database.db.query.withdrawals.findMany({ orderBy: (x, { asc }) => [asc(x.id)] })
      )
        .filter((x) => x.status === "pending" && w.withdrawals.includes(x.id))
        .map((x) => x.id);
      const id = nth(pending, op.w);
      if (!id) return;
      return attempt(`withdrawal ${op.approve ? "approved" : "rejected"}`, () =>
        op.approve
          ? w.ops.api.ops.money.approveWithdrawal({ id, idempotencyKey: newKey() })
          : w.ops.api.ops.money.rejectWithdrawal({
              id,
              reason: "Rekening tidak cocok.",
              idempotencyKey: newKey(),
            }),
      );
    }
    case "credit": {
      const person = w.people[op.u]!;
      await credit(w.ops, person.email, op.amount);
      w.credits.set(person.id, (w.credits.get(person.id) ?? 0) + op.amount);
      count("credit");
      return;
    }
    case "progress": {
      const o = await orderWhere(w, op.o, (x) => x.status !== "cancelled");
      if (!o) return;
      if (o.status === "pending_payment") {
        const payment = await w.database.db.query.orderPaymentOrders.findFirst({
          where: (p, { eq }) => eq(p.orderId, o.id),
        });
        return orderAction(w, (await attemptOf(w, payment!.paymentId)) ? "notify" : "payWallet", o);
      }
      if (o.status === "paid") return orderAction(w, o.goodsPaidAt ? "ship" : "payGoods", o);
      if (o.status === "shipped") return orderAction(w, "confirm", o);
      const asked = (await returnRows(w)).find((r) => r.orderId === o.id && r.status === "requested");
      if (asked) {
        return attempt(`store approves ${asked.kind}`, () =>
          merchantOf(w, o.storeId).api.merchantOrders.decideAfterSales({
            id: asked.id,
            approve: true,
            reason: "",
            idempotencyKey: newKey(),
          }),
        );
      }
      return runOp(w, {
        t: "return",
        o: op.o,
        q: 1,
        kind: "return",
        category: returnReasons[op.o % returnReasons.length]!,
      });
    }
    case "race": {
      const o = await orderWhere(w, op.o, (x) => x.status !== "completed" && x.status !== "cancelled");
      if (!o) return;
      count(`race: ${op.actions.join(" + ")}`);
      await Promise.all(op.actions.map((a) => orderAction(w, a, o)));
      return;
    }
  }
}

async function runStep(w: World, step: Step): Promise<void> {
  if (step.t === "together") await Promise.all(step.ops.map((op) => runOp(w, op)));
  else await runOp(w, step);
}

// ------------------------------------------------------------------------------------------ invariants

const wallet = (userId: string) => `wallet:${userId}`;
const escrow = "platform:escrow";
const revenue = "platform:revenue";
const vatPayable = "platform:vat_payable";
const clearing = "platform:gateway_clearing";
const payoutsPending = "platform:payouts_pending";
const adjustments = "platform:adjustments";

/** Signed amounts per ledger account. */
class Moves {
  readonly by = new Map<string, number>();
  add(account: string, amount: number) {
    this.by.set(account, (this.by.get(account) ?? 0) + amount);
  }
  move(from: string, to: string, amount: number) {
    this.add(from, -amount);
    this.add(to, amount);
  }
  merge(other: Moves) {
    for (const [account, amount] of other.by) this.add(account, amount);
  }
  /** Without the zeros, sorted: comparable with toEqual. */
  get nonZero() {
    return Object.fromEntries([...this.by].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
}

async function snapshot(w: World) {
  const q = w.database.db.query;
  const [orders, items, returns, payments, paymentOrders, stores, recharges, withdrawals, supply, listings] =
    await Promise.all([
      q.orders.findMany(),
      q.orderItems.findMany(),
      q.orderReturns.findMany(),
      q.orderPayments.findMany(),
      q.orderPaymentOrders.findMany(),
      q.stores.findMany(),
      q.recharges.findMany(),
      q.withdrawals.findMany(),
      // This run's products have one variant each: a product's stock is its variant's.
      q.productVariants.findMany().then((rows) => rows.map((v) => ({ ...v, id: v.supplyProductId }))),
      q.listings.findMany(),
    ]);
  const [accounts, transfers, attempts, refunds, jobs, shipments] = await Promise.all([
    q.ledgerAccounts.findMany(),
    q.ledgerTransfers.findMany(),
    q.paymentAttempts.findMany(),
    q.paymentRefunds.findMany(),
    w.database.jobs.failures(),
    q.shipments.findMany(),
  ]);
  return {
    orders,
    items,
    returns,
    payments,
    paymentOrders,
    stores,
    recharges,
    withdrawals,
    supply,
    listings,
    accounts,
    transfers,
    attempts,
    refunds,
    jobs,
    shipments,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/**
 * Where an order's money must be, from its state alone (product.md sections 2-4, money.md "The order's money,
 * as transfers"): paid, its total left the shopper's wallet (or the gateway) for escrow; with the goods cost
 * paid, that left the merchant's wallet for revenue; cancelled after payment, escrow gave the shopper the whole
 * total back (to the wallet) and revenue gave the merchant the goods cost back; completed, escrow paid the
 * merchant the sale subtotal, revenue the postage and service fee, VAT payable the VAT. An approved return gives
 * the shopper the items' price and VAT share (and the fees, once all is returned) from the merchant's sale, VAT
 * payable and revenue, and the merchant its goods cost from revenue. A gateway payment arriving for an order no
 * longer waiting goes to the shopper's wallet. A refund of an order paid by QRIS (or an e-wallet) goes on from
 * the wallet to the provider, and comes back to the wallet if the provider refuses it.
 */
function orderMoney(s: Snapshot, o: Snapshot["orders"][number]): Moves {
  const m = new Moves();
  const merchant = wallet(s.stores.find((x) => x.id === o.storeId)!.ownerId);
  const shopper = wallet(o.userId);
  if (o.paidAt) m.move(o.paymentMethod === "wallet" ? shopper : clearing, escrow, o.total);
  if (o.goodsPaidAt) m.move(merchant, revenue, o.goodsCost);
  if (o.status === "cancelled" && o.paidAt) {
    m.move(escrow, shopper, o.total);
    if (o.goodsPaidAt) m.move(revenue, merchant, o.goodsCost);
  }
  if (o.status === "completed") {
    m.move(escrow, merchant, o.subtotal);
    m.move(escrow, revenue, o.postage + o.serviceFee);
    m.move(escrow, vatPayable, o.vat);
  }
  const items = s.items.filter((i) => i.orderId === o.id);
  const returned = s.returns.filter(
    (r) => r.orderId === o.id && r.kind === "return" && r.status === "approved",
  );
  if (returned.length > 0) {
    let sales = 0;
    let refunds = 0;
    for (const r of returned) {
      const item = items.find((i) => i.listingId === r.listingId)!;
      const sale = item.price * r.quantity;
      const goods = item.merchantPrice * r.quantity;
      m.move(revenue, merchant, goods);
      m.move(merchant, shopper, sale);
      // The return postage (issue 27): the shopper's part is kept from the refund, the store's taken from it.
      const deduction = r.postagePayer === "shopper" ? (r.postageCharged ?? 0) : 0;
      if (deduction > 0) m.move(shopper, revenue, deduction);
      if (r.postagePayer === "store") m.move(merchant, revenue, r.postageCharged ?? 0);
      expect(
        r.refund! + deduction,
        `return ${r.id} refunds at least the items' price`,
      ).toBeGreaterThanOrEqual(sale);
      sales += sale;
      refunds += r.refund! + deduction;
    }
    const all = items.reduce((n, i) => n + i.quantity, 0) === returned.reduce((n, r) => n + r.quantity, 0);
    const fees = all ? o.postage + o.serviceFee : 0;
    const vat = refunds - sales - fees;
    expect(vat, `order ${o.id}: the VAT its returns gave back`).toBeGreaterThanOrEqual(0);
    expect(vat, `order ${o.id}: the VAT its returns gave back`).toBeLessThanOrEqual(o.vat);
    // Everything returned: the shopper got the whole total back.
    if (all) expect(refunds, `order ${o.id} returned in full`).toBe(o.total);
    m.move(revenue, shopper, fees);
    m.move(vatPayable, shopper, vat);
  }
  // Each paid attempt of a payment of the order that did not pay it (the order was paid another way, or was
  // no longer waiting) brought the order's total to the wallet.
  for (const p of s.paymentOrders.filter((x) => x.orderId === o.id)) {
    const payment = s.payments.find((x) => x.id === p.paymentId)!;
    for (const a of s.attempts.filter((x) => x.subjectId === payment.id && x.status === "paid")) {
      if (payment.paidAttemptId !== a.id || o.paidBy !== payment.id) m.move(clearing, shopper, o.total);
    }
  }
  // A refund of an order paid by QRIS goes on from the wallet back to the provider; one the provider refused
  // came back to the wallet.
  for (const r of s.refunds.filter((x) => x.orderId === o.id)) {
    if (r.status !== "failed") m.move(shopper, clearing, r.amount);
  }
  return m;
}

/** Every invariant of the world, read from the database after the workload. */
async function checkWorld(w: World, phase: string) {
  // The operator's conservation check: each stored balance is the sum of its transfers, all sum to zero, no
  // wallet below zero.
  try {
    await expectLedgerBalanced(w.database);
  } catch (error) {
    // Broken for good: later runs (shrinking) need a database of their own.
    ledgerBroken = true;
    throw error;
  }
  const s = await snapshot(w);
  const balances = new Map(s.accounts.map((a) => [a.id, a.balance]));
  const balance = (id: string) => balances.get(id) ?? 0;

  // No negative balance: no wallet, and none of the platform's accounts that hold real money.
  for (const a of s.accounts) {
    if (a.kind === "wallet") expect(a.balance, `${phase}: ${a.id}`).toBeGreaterThanOrEqual(0);
  }
  for (const id of [escrow, revenue, vatPayable, payoutsPending]) {
    expect(balance(id), `${phase}: ${id}`).toBeGreaterThanOrEqual(0);
  }

  // Stock. A supply product's stock is taken when an order is placed (reserved while it waits for payment),
  // counts as sold in its listings' `sales` once paid, and comes back when an order is cancelled or an item
  // returned; an approved replacement takes a new item from stock (it is not a sale). So, for each product:
  //   stock + sum(sales of its listings) + items of its orders awaiting payment + replacement items = supplied.
  // And each listing's sales are its items in paid, shipped or completed orders, less approved returns.
  const status = new Map(s.orders.map((o) => [o.id, o.status]));
  for (const sp of s.supply.filter((x) => w.supplied.has(x.id))) {
    expect(sp.stock, `${phase}: stock of ${sp.id}`).toBeGreaterThanOrEqual(0);
    const listingsOf = s.listings.filter((l) => l.supplyProductId === sp.id);
    const sold = listingsOf.reduce((n, l) => n + l.sales, 0);
    const reserved = s.items
      .filter((i) => i.supplyProductId === sp.id && status.get(i.orderId) === "pending_payment")
      .reduce((n, i) => n + i.quantity, 0);
    const replaced = s.returns
      .filter(
        (r) =>
          r.kind === "replacement" &&
          (r.status === "approved" || r.status === "replaced") &&
          listingsOf.some((l) => l.id === r.listingId),
      )
      .reduce((n, r) => n + r.quantity, 0);
    // A return's goods come back to stock when its parcel arrives; its sale leaves the sales when refunded
    // (issue 27): either may come first (an operator refunds now; a store too short holds the refund).
    const returnsOf = s.returns.filter(
      (r) => r.kind === "return" && listingsOf.some((l) => l.id === r.listingId),
    );
    const arrived = returnsOf
      .filter((r) =>
        s.shipments.some((x) => x.returnId === r.id && x.kind === "return" && x.status === "delivered"),
      )
      .reduce((n, r) => n + r.quantity, 0);
    const refunded = returnsOf.filter((r) => r.status === "approved").reduce((n, r) => n + r.quantity, 0);
    expect(
      {
        stock: sp.stock,
        sold,
        reserved,
        replaced,
        arrived,
        refunded,
        total: sp.stock + sold + reserved + replaced - arrived + refunded,
      },
      `${phase}: stock identity of ${sp.id}`,
    ).toMatchObject({ total: w.supplied.get(sp.id) });
    for (const l of listingsOf) {
      expect(l.sales, `${phase}: sales of ${l.id}`).toBeGreaterThanOrEqual(0);
      const bought = s.items
        .filter(
          (i) => i.listingId === l.id && ["paid", "shipped", "completed"].includes(status.get(i.orderId)!),
        )
        .reduce((n, i) => n + i.quantity, 0);
      const back = s.returns
        .filter((r) => r.listingId === l.id && r.kind === "return" && r.status === "approved")
        .reduce((n, r) => n + r.quantity, 0);
      expect(l.sales, `${phase}: sales of ${l.id}`).toBe(bought - back);
    }
  }

  // Each order: its state is coherent, and the transfers that name it moved exactly its money.
  const byOrder = new Map<string, Moves>();
  for (const t of s.transfers) {
    if (t.subjectType !== "order") continue;
    let m = byOrder.get(t.subjectId);
    if (!m) byOrder.set(t.subjectId, (m = new Moves()));
    m.move(t.debitAccountId, t.creditAccountId, t.amount);
  }
  // This run's orders, recharges and withdrawals (earlier runs' do not move any more: their deadlines passed).
  const orders = s.orders.filter((o) => w.orderIds.has(o.id));
  const runAttempts = s.attempts.filter((a) => w.gatewayPayments.includes(a.id));
  const recharges = s.recharges.filter((r) => runAttempts.some((a) => a.subjectId === r.id));
  const withdrawals = s.withdrawals.filter((x) => w.withdrawals.includes(x.id));
  const expected = new Moves();
  for (const o of orders) {
    if (o.status === "shipped" || o.status === "completed")
      expect(o.goodsPaidAt, `${o.id} shipped unpaid`).toBeTruthy();
    if (o.status !== "pending_payment" && o.status !== "cancelled")
      expect(o.paidAt, `${o.id} paid`).toBeTruthy();
    if (o.status === "pending_payment") expect(o.paidAt).toBeNull();
    const money = orderMoney(s, o);
    expect(byOrder.get(o.id)?.nonZero ?? {}, `${phase}: money of order ${o.id} (${o.status})`).toEqual(
      money.nonZero,
    );
    expected.merge(money);
  }

  // Recharges credit once when completed; withdrawals hold while pending, pay out (less the fee) when approved,
  // return when rejected; the operator's credits come from adjustments.
  for (const r of recharges) {
    // One attempt each here (nobody switches method): completed when it was paid, and credited once.
    const paid = runAttempts.filter((a) => a.subjectId === r.id && a.status === "paid");
    expect(paid.length, `${phase}: paid attempts of ${r.id} (${r.status})`).toBe(
      r.status === "completed" ? 1 : 0,
    );
    if (r.status === "completed") expected.move(clearing, wallet(r.userId), r.amount);
  }
  for (const x of withdrawals) {
    if (x.status === "rejected") continue;
    expected.move(wallet(x.userId), payoutsPending, x.amount);
    if (x.status === "paid") {
      expected.move(payoutsPending, clearing, x.amount - x.fee);
      expected.move(payoutsPending, revenue, x.fee);
    }
  }
  for (const [userId, amount] of w.credits) expected.move(adjustments, wallet(userId), amount);

  // Every account moved in this run exactly what the states of its orders, recharges, withdrawals and credits
  // say.
  const actual = new Moves();
  for (const a of s.accounts) actual.add(a.id, a.balance - (w.baseline.get(a.id) ?? 0));
  expect(actual.nonZero, `${phase}: every balance's change from the states`).toEqual(expected.nonZero);

  // Named, as the product says it: escrow holds the total of every paid order not yet completed or cancelled
  // (earlier runs' open orders were in it already); payouts pending holds the pending withdrawals.
  const since = (id: string) => balance(id) - (w.baseline.get(id) ?? 0);
  const open = orders.filter((o) => o.status === "paid" || o.status === "shipped");
  expect(since(escrow), `${phase}: escrow`).toBe(open.reduce((n, o) => n + o.total, 0));
  const pendingWithdrawals = withdrawals.filter((x) => x.status === "pending");
  expect(since(payoutsPending), `${phase}: payouts pending`).toBe(
    pendingWithdrawals.reduce((n, x) => n + x.amount, 0),
  );

  // No deadline failed.
  expect(s.jobs.map((j) => `${j.kind} ${j.subjectId}: ${j.error}`)).toEqual([]);
  return s;
}

/** Once every deadline passed, nothing waits on one: unpaid orders expired, unpaid goods cancelled, shipped completed. */
function checkSettled(w: World, s: Snapshot) {
  const waiting = s.orders.filter(
    (o) =>
      (w.orderIds.has(o.id) && o.status === "pending_payment") ||
      o.status === "shipped" ||
      (o.status === "paid" && !o.goodsPaidAt),
  );
  expect(
    waiting.map((o) => `${o.id} ${o.status}`),
    "orders still waiting on a deadline",
  ).toEqual([]);
  expect(
    s.recharges.filter((r) => r.status === "pending").map((r) => r.id),
    "recharges still pending",
  ).toEqual([]);
  // Refunds sent back to the provider were answered (the sandbox refunds what it was paid, refuses the rest).
  const refunds = s.refunds.filter((r) => w.orderIds.has(r.orderId));
  expect(
    refunds.filter((r) => r.status === "pending").map((r) => r.id),
    "refunds still pending",
  ).toEqual([]);
  for (const r of refunds) count(`refund to the provider: ${r.status}`);
}

// ------------------------------------------------------------------------------------------------ test

let cast: Cast;
/** The ledger's own books broke: every later run would fail, so shrinking goes on in a new database. */
let ledgerBroken = false;
beforeAll(async () => {
  cast = await makeCast();
});
afterAll(async () => {
  for (const restore of restores.splice(0).reverse()) restore();
  await cast.database.destroy();
});

describe(`the order lifecycle under a random workload (${testDbKind})`, () => {
  it(
    `${numRuns} random sequences of shoppers, merchants and the operator keep money and stock right (seed ${seed})`,
    { timeout: 170_000 },
    async () => {
      const started = Date.now();
      let runsMade = 0;
      await fc.assert(
        fc.asyncProperty(workloadArb, async ({ world: plan, steps }) => {
          runsMade++;
          if (ledgerBroken) {
            await cast.database.destroy();
            cast = await makeCast();
            ledgerBroken = false;
          }
          const w = await makeWorld(cast, plan);
          try {
            for (const step of steps) await runStep(w, step);
            await checkWorld(w, "after the workload");
            await drain(w);
            checkSettled(w, await checkWorld(w, "after every deadline"));
          } catch (error) {
            // A failed run's deadlines still pass, so that they move nothing in the (shrinking) runs after it.
            await drain(w).catch(() => (ledgerBroken = true));
            throw error;
          } finally {
            for (const restore of restores.splice(0).reverse()) restore();
          }
        }),
        {
          seed,
          path,
          numRuns,
          endOnFailure: process.env.LIFECYCLE_NO_SHRINK === "1",
          // Shrinking replays whole workloads; stop it after a while and report the smallest failure found. Running
          // out of time before every run was made fails too: fewer runs prove less than the title says.
          plugins: [fc.interruptAfterTimeLimit(150_000, { failOnInterrupt: true })],
        },
      );
      const seen = [...outcomes].sort(([a], [b]) => (a < b ? -1 : 1));
      console.log(
        `lifecycle workload (${testDbKind}, seed ${seed}): ${runsMade} runs made (${numRuns} asked) in ${Date.now() - started} ms\n` +
          seen.map(([label, n]) => `  ${label}: ${n}`).join("\n"),
      );
    },
  );
});
