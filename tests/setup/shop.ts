import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { courierRates } from "#server/modules/courier/courier.tables.ts";
import { paymentPins, sessions, users } from "#server/modules/auth/auth.tables.ts";
import { move } from "#server/modules/ledger/ledger.service.ts";
import { newId } from "#server/platform/ids.ts";
import { jakartaDay } from "#server/platform/clock.ts";
import { callerFor } from "./caller.ts";
import { saveSupplyVariants } from "#server/flows/supply-variants.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createCategory } from "#server/modules/catalog/categories.service.ts";
import { listInStore } from "#server/modules/catalog/merchant-listings.service.ts";
import { createSupplyProduct } from "#server/modules/catalog/supply.service.ts";
import { createStore } from "#server/modules/stores/stores.service.ts";
import { newKey, pinProof, signedInUser, testPassword, testPinHashed, withTestPin } from "./money.ts";
import { createAccount } from "#server/modules/auth/auth.service.ts";
import type { TestDatabase } from "./test-db.ts";
import type { CourierGateway } from "#server/platform/couriers.ts";
import type { Localized } from "#common/locales.ts";
import type { SupplyOpsItem, SupplyVariantsInputSchema } from "#common/contracts/supply.ts";
import type { z } from "zod";

/** Test databases that have the test category. */
const categoryMade = new WeakSet<TestDatabase>();
let sequence = 0;

/** A delivery address in Kebon Kacang, Tanah Abang, Central Jakarta (real area codes). */
const jakartaAddress = {
  name: "Siti Aminah",
  mobile: "0812-3456-7890",
  provinceCode: "31",
  regencyCode: "31.71",
  districtCode: "31.71.07",
  villageCode: "31.71.07.1006",
  postcode: "10240",
  detail: "Jl. Kebon Kacang Raya No. 12, RT 3/RW 4",
};

/** A supply product in the catalogue (no images), with the given stock and merchant price. */
export async function supplyProduct(
  database: TestDatabase,
  opts: { stock?: number; merchantPrice?: number; name?: string } = {},
) {
  if (!categoryMade.has(database)) {
    await createCategory(database.db, database.storage, {
      id: 9001,
      parentId: null,
      sort: 0,
      name: { ind: "Uji", en: "Test", zh: "测试" },
    });
    categoryMade.add(database);
  }
  sequence += 1;
  const name = opts.name ?? `Barang ${sequence}`;
  return createSupplyProduct(database.db, database.storage, {
    categoryId: 9001,
    name: { ind: name, en: `${name} (en)`, zh: `${name}（中）` },
    description: { ind: "Untuk uji.", en: "For tests.", zh: "测试用。" },
    merchantPrice: opts.merchantPrice ?? 60_000,
    suggestedPrice: (opts.merchantPrice ?? 60_000) * 2,
    stock: opts.stock ?? 10,
    boutique: false,
    images: [],
  });
}

/**
 * A supply product with options (each axis's values named the same in every language, e.g.
 * `[["Hitam", "Putih"], ["41", "42"]]`), a variant for every combination, saved through the operator's flow: each
 * variant's stock is `stock[label]` (label "Hitam/42") or `defaultStock`, its cost `merchantPrice` plus
 * `extra[label]`. Returns the product and each variant's id by its label.
 */
export async function variantProduct(
  database: TestDatabase,
  opts: {
    axes: string[][];
    stock?: Record<string, number>;
    defaultStock?: number;
    merchantPrice?: number;
    extra?: Record<string, number>;
    name?: string;
    /** A value's names in every language (`{ Hitam: { ind: "Hitam", en: "Black", zh: "黑色" } }`); else the same. */
    names?: Record<string, Localized>;
  },
) {
  const supplyId = await supplyProduct(database, {
    stock: 0,
    merchantPrice: opts.merchantPrice,
    name: opts.name,
  });
  const same = (text: string) => opts.names?.[text] ?? { ind: text, en: text, zh: text };
  const combos: number[][] = opts.axes.reduce<number[][]>(
    (acc, axis) => acc.flatMap((c) => axis.map((_, i) => [...c, i])),
    [[]],
  );
  const labelOf = (values: number[]) => values.map((n, axis) => opts.axes[axis]![n]!).join("/");
  const cost = opts.merchantPrice ?? 60_000;
  await saveSupplyVariants(
    { db: database.db, storage: database.storage, log: createLogger("silent") },
    (await operatorOf(database)).id,
    {
      id: supplyId,
      axes: opts.axes.map((values, i) => ({
        name:
          i === 0 ? { ind: "Warna", en: "Colour", zh: "颜色" } : { ind: "Ukuran", en: "Size", zh: "尺码" },
        kind: i === 0 ? "colour" : "size",
        values: values.map((v) => ({ name: same(v) })),
      })),
      variants: combos.map((values) => {
        const label = labelOf(values);
        const merchantPrice = cost + (opts.extra?.[label] ?? 0);
        return {
          values,
          sku: `${supplyId}-${label.replace(/[^A-Za-z0-9]+/g, "-")}`.toUpperCase(),
          merchantPrice,
          suggestedPrice: merchantPrice * 2,
          stock: opts.stock?.[label] ?? opts.defaultStock ?? 10,
          weightGrams: 500,
          lengthCm: 20,
          widthCm: 15,
          heightCm: 5,
        };
      }),
    },
  );
  const rows = await variantsOf(database, supplyId);
  const labels = await database.db.query.productOptionValues.findMany();
  const nameOf = (id: string | null) => labels.find((l) => l.id === id)?.name.ind;
  const byLabel = new Map(
    rows.map((v) => [[nameOf(v.option1ValueId), nameOf(v.option2ValueId)].filter(Boolean).join("/"), v.id]),
  );
  return {
    supplyId,
    variant: (label: string) => {
      const id = byLabel.get(label);
      if (!id) throw new Error(`no variant ${label}`);
      return id;
    },
  };
}

/**
 * The operator's variants form as it opens on a product (`ops.catalog.get`): its axes with their values' ids and
 * a row per variant naming its values by place, ready to change and send to `ops.catalog.saveVariants` again.
 */
export function variantForm(view: SupplyOpsItem): z.input<typeof SupplyVariantsInputSchema> {
  return {
    id: view.id,
    axes: view.options.map((o) => ({
      name: o.name,
      kind: o.kind,
      values: o.values.map((v) => ({ id: v.id, name: v.name, swatch: v.swatch })),
    })),
    variants: view.variantRows.map((r) => ({
      values: r.values.map((id, axis) => view.options[axis]!.values.findIndex((v) => v.id === id)),
      sku: r.sku,
      merchantPrice: r.merchantPrice,
      suggestedPrice: r.suggestedPrice,
      weightGrams: r.weightGrams,
      lengthCm: r.lengthCm,
      widthCm: r.widthCm,
      heightCm: r.heightCm,
    })),
  };
}

/** A variant row of the operator's view by its label in Indonesian ("Hitam/42"). */
export function variantRow(view: SupplyOpsItem, label: string) {
  const row = view.variantRows.find(
    (r) =>
      r.values.map((id, axis) => view.options[axis]!.values.find((v) => v.id === id)!.name.ind).join("/") ===
      label,
  );
  if (!row) throw new Error(`no variant ${label}`);
  return row;
}

/** The operator account of a test database (made once). */
async function operatorOf(database: TestDatabase) {
  const found = await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.role, "operator") });
  if (found) return found;
  await signedInUser(database, "operator");
  return (await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.role, "operator") }))!;
}

/** A merchant with an approved store (auto-pay as asked) and a signed-in session. */
export async function merchantWithStore(database: TestDatabase, opts: { autoPay?: boolean } = {}) {
  const merchant = await signedInUser(database, "merchant");
  sequence += 1;
  const storeId = await createStore(database.db, database.storage, {
    ownerId: merchant.id,
    name: `Toko Uji ${sequence}`,
    intro: "Toko untuk uji.",
    autoPay: opts.autoPay ?? false,
  });
  return { ...merchant, storeId };
}

/** A supply product's variants not archived, in their order (a product made by `supplyProduct` has one). */
export function variantsOf(database: TestDatabase, supplyProductId: string) {
  return database.db.query.productVariants.findMany({
    where: (v, { and, eq }) => and(eq(v.supplyProductId, supplyProductId), eq(v.status, "active")),
    orderBy: (v, { asc }) => [asc(v.sort), asc(v.id)],
  });
}

/** The variant an order bought of a listing (tests' orders buy one variant of each). */
export async function variantIn(database: TestDatabase, orderId: string, listingId: string): Promise<string> {
  const item = await database.db.query.orderItems.findFirst({
    where: (i, { and, eq }) => and(eq(i.orderId, orderId), eq(i.listingId, listingId)),
  });
  return item?.variantId ?? "var_missing";
}

/** The stock of a supply product's variants together. */
export async function stockOf(database: TestDatabase, supplyProductId: string): Promise<number> {
  return (await variantsOf(database, supplyProductId)).reduce((sum, v) => sum + v.stock, 0);
}

/**
 * Listings whose `min_price`/`max_price`/`min_suggested_price` differ from a direct computation (the lowest and
 * highest price, and the lowest suggested price, of their variants on sale: listing row on sale and variant not
 * archived), or that sell no variant and are still on sale.
 * Empty when `syncListingPrices` kept every listing (decision 25).
 */
export async function listingPricesOutOfSync(database: TestDatabase) {
  const result = (await database.db.execute(sql`
    select l.id, l.status, l.min_price::float8 as min_price, l.max_price::float8 as max_price,
      l.min_suggested_price::float8 as min_suggested, p.low, p.high, p.suggested
    from listings l
    left join lateral (
      select min(lv.price)::float8 as low, max(lv.price)::float8 as high, min(v.suggested_price)::float8 as suggested
      from listing_variants lv join product_variants v on v.id = lv.variant_id
      where lv.listing_id = l.id and lv.status = 'active' and v.status = 'active'
    ) p on true`)) as unknown as {
    rows: {
      id: string;
      status: string;
      min_price: number;
      max_price: number;
      min_suggested: number | null;
      low: number | null;
      high: number | null;
      suggested: number | null;
    }[];
  };
  return result.rows.filter((r) =>
    r.low === null
      ? r.status !== "hidden"
      : r.min_price !== r.low || r.max_price !== r.high || r.min_suggested !== r.suggested,
  );
}

/** Lists a supply product in a store at a price. */
export function listing(database: TestDatabase, storeId: string, supplyProductId: string, price: number) {
  return listInStore(database.db, { storeId, supplyProductId, price });
}

type Api = ReturnType<typeof callerFor>;
type PlaceInput = Omit<Parameters<Api["orders"]["place"]>[0], "shipping">;

/**
 * Places orders as the checkout page does: quotes the lines to the address first and sends each store's
 * courier service (the cheapest, preselected) with the postage it was shown, and the test PIN for the wallet.
 */
export async function placeOrder(api: Api, input: PlaceInput) {
  const quote = await api.orders.quote({ lines: input.lines, addressId: input.addressId });
  const shipping = quote.stores.map((s) => ({
    storeId: s.storeId,
    courier: s.shipping.selected!.courier,
    service: s.shipping.selected!.service,
    price: s.shipping.selected!.price,
  }));
  // The checkout asks for the PIN when the wallet pays (issue 43).
  return api.orders.place({ ...(input.method === "wallet" && { proof: pinProof }), ...input, shipping });
}

/**
 * Tests written when postage was a flat Rp 10.000 per store order keep their figures: within Jakarta (the
 * warehouse's zone and the test address's), every service of the rate card costs that per kilogram. Tests of
 * the rates themselves ship elsewhere (server/flows/shipping/shipping.test.ts).
 */
async function flatJakartaPostage(database: TestDatabase) {
  if (flatPostage.has(database)) return;
  await database.db
    .update(courierRates)
    .set({ firstKg: 10_000, nextKg: 10_000 })
    .where(and(eq(courierRates.originZone, "jakarta"), eq(courierRates.destinationZone, "jakarta")));
  flatPostage.add(database);
}
const flatPostage = new WeakSet<TestDatabase>();

/** A shopper with money in the wallet (an operator's credit) and a default address. */
export async function shopperWithMoney(
  database: TestDatabase,
  operator: Awaited<ReturnType<typeof signedInUser>>,
  balance: number,
) {
  const shopper = await signedInUser(database);
  await flatJakartaPostage(database);
  if (balance > 0) await credit(operator, shopper.email, balance);
  const address = await shopper.api.addresses.save({ ...jakartaAddress, isDefault: true });
  return { ...shopper, addressId: address.id };
}

/** Credits a wallet the way operators do (a `system` transfer with a reason). */
export function credit(operator: Awaited<ReturnType<typeof signedInUser>>, account: string, amount: number) {
  return operator.api.ops.money.adjust({ account, amount, reason: "saldo uji", idempotencyKey: newKey() });
}

/**
 * Many signed-in shoppers at once, each with a session of their own, the test PIN, a wallet balance and a default
 * address:
 * written straight into the tables (hashing a thousand passwords would take the test's whole budget), the
 * balances through the ledger like an operator's credit.
 */
export async function manyShoppers(database: TestDatabase, count: number, balance: number) {
  await flatJakartaPostage(database);
  const at = new Date();
  const people = Array.from({ length: count }, () => ({
    id: newId("usr"),
    token: randomBytes(24).toString("base64url"),
  }));
  const pinHash = await testPinHashed();
  await database.db.transaction(async (tx) => {
    await tx.insert(users).values(
      people.map((p) => ({
        id: p.id,
        email: `${p.id}@example.id`,
        role: "shopper" as const,
        inviteCode: p.id.slice(-10).toUpperCase(),
        createdAt: at,
      })),
    );
    await tx.insert(sessions).values(
      people.map((p) => ({
        id: newId("ses"),
        userId: p.id,
        tokenHash: createHash("sha256").update(p.token).digest("hex"),
        createdAt: at,
        lastUsedAt: at,
        expiresAt: new Date(at.getTime() + 86_400_000),
      })),
    );
    await tx
      .insert(paymentPins)
      .values(people.map((p) => ({ userId: p.id, pinHash, setAt: at, day: jakartaDay(at) })));
    await move(
      tx,
      people.map((p) => ({
        from: { platform: "adjustments" as const },
        to: { wallet: p.id },
        amount: balance,
        kind: "system" as const,
        subject: { type: "adjustment" as const, id: `flash-${p.id}` },
        step: "credit",
      })),
      null,
    );
  });
  return Promise.all(
    people.map(async (p) => {
      const api = callerFor(database, { token: p.token });
      const address = await api.addresses.save({ ...jakartaAddress, isDefault: true });
      return { ...p, api, addressId: address.id };
    }),
  );
}

/**
 * A store selling one product (merchant price 60,000 at `price`, stock 10) with auto-pay and money for the
 * goods, and a shopper who bought `quantity` of it, had it shipped and confirmed receipt: a completed order.
 * With `products`, that many products, one of each; with `variants` (labels of Hitam/Putih × 41/42, such as
 * "Hitam/42"), one product of those colours and sizes (stock 10 each) and one of each variant named.
 */
export async function completedOrder(
  database: TestDatabase,
  operator: Awaited<ReturnType<typeof signedInUser>>,
  opts: { price?: number; quantity?: number; products?: number; variants?: string[] } = {},
) {
  const store = await merchantWithStore(database, { autoPay: true });
  await credit(operator, store.email, 1_000_000);
  const listingIds: string[] = [];
  const lines: { listingId: string; variantId?: string; quantity: number }[] = [];
  const quantity = opts.quantity ?? 1;
  if (opts.variants) {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      merchantPrice: 60_000,
    });
    const listingId = await listing(database, store.storeId, product.supplyId, opts.price ?? 100_000);
    listingIds.push(listingId);
    for (const label of opts.variants) lines.push({ listingId, variantId: product.variant(label), quantity });
  } else {
    for (let i = 0; i < (opts.products ?? 1); i++) {
      const supplyId = await supplyProduct(database, { stock: 10, merchantPrice: 60_000 });
      const listingId = await listing(database, store.storeId, supplyId, opts.price ?? 100_000);
      listingIds.push(listingId);
      lines.push({ listingId, quantity });
    }
  }
  const shopper = await shopperWithMoney(database, operator, 2_000_000);
  const { orderIds } = await placeOrder(shopper.api, {
    lines,
    addressId: shopper.addressId,
    method: "wallet",
    fromCart: false,
    idempotencyKey: newKey(),
  });
  const orderId = orderIds[0]!;
  await operator.api.ops.orders.ship({
    id: orderId,
    idempotencyKey: newKey(),
  });
  await shopper.api.orders.confirm({ id: orderId, idempotencyKey: newKey() });
  const variantIds = await Promise.all(
    lines.map(async (l) => l.variantId ?? (await variantIn(database, orderId, l.listingId))),
  );
  return {
    store,
    shopper,
    orderId,
    listingIds,
    listingId: listingIds[0]!,
    variantIds,
    variantId: variantIds[0]!,
  };
}

/**
 * An order paid from the wallet, of one product of a store with auto-pay (its goods paid at once, so it is ready to
 * ship), quoted and placed through `courier` (the built-in table's, Biteship's simulator): the shopper's API as it
 * reaches that courier, the wallet before paying, and the order's id.
 */
export async function paidOrderVia(
  database: TestDatabase,
  operator: Awaited<ReturnType<typeof signedInUser>>,
  courier: CourierGateway,
) {
  const store = await merchantWithStore(database, { autoPay: true });
  await credit(operator, store.email, 1_000_000);
  const listingId = await listing(
    database,
    store.storeId,
    await supplyProduct(database, { stock: 5 }),
    100_000,
  );
  const shopper = await shopperWithMoney(database, operator, 1_000_000);
  const api = callerFor(database, { token: shopper.token, courier });
  const before = (await api.wallet.summary()).balance;
  const { orderIds } = await placeOrder(api, {
    lines: [{ listingId, quantity: 1 }],
    addressId: shopper.addressId,
    method: "wallet",
    fromCart: false,
    idempotencyKey: newKey(),
  });
  return { api, before, id: orderIds[0]! };
}

let phoneSequence = 0;

/**
 * A shopper who may pay on delivery: an account made with a phone number (phone accounts prove theirs by
 * code), `ageDays` old (30 unless told), signed in, with a default address in Jakarta.
 */
export async function codShopper(database: TestDatabase, opts: { ageDays?: number } = {}) {
  await flatJakartaPostage(database);
  phoneSequence += 1;
  const phone = `0857${String(process.pid % 10_000).padStart(4, "0")}${String(phoneSequence).padStart(4, "0")}`;
  const id = await createAccount(database.db, {
    phone: `+62${phone.slice(1)}`,
    password: testPassword,
    role: "shopper",
  });
  await database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - (opts.ageDays ?? 30) * 86_400_000) })
    .where(eq(users.id, id));
  await withTestPin(database.db, id);
  const { token } = await callerFor(database).auth.signIn({
    method: "password",
    account: phone,
    password: testPassword,
  });
  const api = callerFor(database, { token });
  const address = await api.addresses.save({ ...jakartaAddress, isDefault: true });
  return { id, phone, token, api, addressId: address.id };
}
