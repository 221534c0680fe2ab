import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { expectLedgerBalanced } from "../../../tests/setup/ledger.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import {
  listingPricesOutOfSync,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
  variantProduct,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";
import { chartDays } from "#common/merchant-states.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
let restore: (() => void) | undefined;
let categoryId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
  // The test category (id 9001) is made with the first supply product.
  await supplyProduct(database);
  categoryId = 9001;
});
afterAll(() => database.destroy());
afterEach(async () => {
  restore?.();
  restore = undefined;
  await expectLedgerBalanced(database);
});

let names = 0;
/** An application form as the page sends it (multipart), with a unique store name unless given. */
async function form(fields: Partial<Record<string, string>> = {}, logo?: Uint8Array<ArrayBuffer>) {
  names += 1;
  const data = new FormData();
  const values = {
    storeName: `Toko Baru ${names}`,
    phone: "0812 3456 7890",
    intro: "Pakaian anak dan dewasa.",
    ownerName: "Budi Santoso",
    categoryId: String(categoryId),
    ...fields,
  };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) data.set(k, v);
  if (logo) data.set("logo", new File([logo], "logo.png", { type: "image/png" }));
  return data;
}

/** The tRPC error a call fails with: its code and translated message. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

/** A shopper who applied, and the operator approved: now a merchant with a store. */
async function approvedMerchant(fields: Partial<Record<string, string>> = {}) {
  const user = await signedInUser(database);
  const application = await user.api.merchants.applyForStore(await form(fields));
  const { storeId } = await ops.api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() });
  // A caller keeps its user for its lifetime, like one HTTP request: the next request sees the new role.
  return { ...user, storeId, api: callerFor(database, { token: user.token }) };
}

describe("applying to be a merchant", () => {
  it("goes from awaiting review to rejected with a reason, then applied again and approved into a store", async () => {
    const user = await signedInUser(database);
    expect(await user.api.merchants.status()).toEqual({ merchant: false, application: null, store: null });

    const first = await user.api.merchants.applyForStore(
      await form({ storeName: "Toko Melati" }, await picture(300, 200)),
    );
    expect(first).toMatchObject({ status: "pending", storeName: "Toko Melati", phone: "+6281234567890" });
    expect(first.logo?.width).toBe(192);
    expect((await user.api.merchants.status()).application?.status).toBe("pending");
    expect(await failure(user.api.merchants.applyForStore(await form()))).toMatchObject({
      code: "CONFLICT",
      message: "Pengajuan Anda sedang menunggu peninjauan.",
    });
    // Someone else cannot ask for the same name, whatever its case.
    const other = await signedInUser(database);
    expect(
      (await failure(other.api.merchants.applyForStore(await form({ storeName: "toko MELATI" })))).code,
    ).toBe("CONFLICT");

    const queue = await ops.api.ops.merchants.list({ view: "pending" });
    expect(queue.items.find((i) => i.id === first.id)).toMatchObject({
      account: user.email,
      ownerName: "Budi Santoso",
    });
    expect(await ops.api.ops.merchants.counts()).toMatchObject({ pending: expect.any(Number) });

    await ops.api.ops.merchants.reject({
      id: first.id,
      reason: "Foto KTP tidak jelas",
      idempotencyKey: newKey(),
    });
    const rejected = await user.api.merchants.status();
    expect(rejected).toMatchObject({
      merchant: false,
      application: { status: "rejected", reason: "Foto KTP tidak jelas" },
    });
    expect(
      await failure(ops.api.ops.merchants.approve({ id: first.id, idempotencyKey: newKey() })),
    ).toMatchObject({ code: "CONFLICT" });

    const second = await user.api.merchants.applyForStore(
      await form({ storeName: "Toko Melati" }, await picture(200, 200)),
    );
    const key = newKey();
    const approved = await ops.api.ops.merchants.approve({ id: second.id, idempotencyKey: key });
    // A repeated tap answers the same and opens no second store.
    expect(await ops.api.ops.merchants.approve({ id: second.id, idempotencyKey: key })).toEqual(approved);

    const merchant = callerFor(database, { token: user.token });
    const status = await merchant.merchants.status();
    expect(status).toMatchObject({
      merchant: true,
      application: { status: "approved" },
      store: { id: approved.storeId, status: "approved" },
    });
    const store = await merchant.merchants.store();
    expect(store).toMatchObject({ name: "Toko Melati", phone: "+6281234567890", autoPay: false });
    expect(store.logo).not.toBeNull();
    // The new store is in the shop street, empty.
    const page = await callerFor(database).stores.get({ storeId: approved.storeId });
    expect(page).toMatchObject({ name: "Toko Melati", products: 0, sales: 0 });

    expect((await failure(merchant.merchants.applyForStore(await form()))).code).toBe("CONFLICT");
    const audit = await ops.api.ops.money.audit({ limit: 50 });
    const actions = audit.items.filter((a) => a.subjectId === first.id || a.subjectId === second.id);
    expect(actions.map((a) => a.action).sort()).toEqual(["merchant.approve", "merchant.reject"]);
  });

  it("refuses a form with bad fields, in the caller's language, and keeps nothing", async () => {
    const user = await signedInUser(database);
    // Over HTTP as the page sends it (multipart) and receives the answer.
    const app = createTestApp(database);
    const submit = async (data: FormData) => {
      const response = await app.request("/trpc/merchants.applyForStore", {
        method: "POST",
        headers: { authorization: user.token, lang: "en" },
        body: data,
      });
      const answer = (await response.json()) as {
        error: { json: { message: string; data: { issues?: { message: string }[] } } };
      };
      return {
        status: response.status,
        messages: [answer.error.json.message, ...(answer.error.json.data.issues ?? []).map((i) => i.message)],
      };
    };
    expect(await submit(await form({ phone: "12", storeName: "x" }))).toEqual({
      status: 400,
      messages: expect.arrayContaining([
        "Enter an Indonesian mobile number, e.g. 0812 3456 7890",
        "Enter a store name of at least 2 characters",
      ]),
    });
    expect((await submit(await form({ categoryId: "424242" }))).messages).toContain(
      "Choose the kind of goods you will sell",
    );
    const notAPicture = await form({}, new TextEncoder().encode("not a picture"));
    expect(await submit(notAPicture)).toEqual({
      status: 400,
      messages: ["Choose a JPEG, PNG or WebP picture"],
    });
    expect(await user.api.merchants.status()).toMatchObject({ application: null });
  });

  it("lets only operators decide, and only signed-in shoppers apply", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const application = await shopper.api.merchants.applyForStore(await form());
    for (const api of [shopper.api, merchant.api]) {
      expect((await failure(api.ops.merchants.list({ view: "pending" }))).code).toBe("FORBIDDEN");
      expect(
        (await failure(api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() }))).code,
      ).toBe("FORBIDDEN");
    }
    expect((await failure(callerFor(database).merchants.applyForStore(await form()))).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await failure(ops.api.merchants.applyForStore(await form()))).code).toBe("FORBIDDEN");
    expect((await failure(merchant.api.merchants.applyForStore(await form()))).code).toBe("CONFLICT");
    // A shopper has no merchant centre.
    expect((await failure(shopper.api.merchants.home())).code).toBe("FORBIDDEN");
    expect((await failure(shopper.api.merchants.supply({}))).code).toBe("FORBIDDEN");
  });
});

describe("a merchant's products", () => {
  it("lists supply products at its own price, never below the merchant price; reprices, delists and relists", async () => {
    const merchant = await approvedMerchant();
    const supplyId = await supplyProduct(database, { merchantPrice: 50_000, stock: 7, name: "Kemeja Batik" });
    const supply = await merchant.api.merchants.supply({ q: "batik" });
    expect(supply.items).toHaveLength(1);
    expect(supply.items[0]).toMatchObject({
      id: supplyId,
      merchantPrice: 50_000,
      suggestedPrice: 100_000,
      stock: 7,
      listing: null,
    });

    const en = callerFor(database, { token: merchant.token, lang: "en" });
    expect(await failure(en.merchants.list({ supplyProductId: supplyId, price: 49_999 }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "The price may not be below the merchant price (Rp 50.000)",
    });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 75_000 });
    expect(listed).toMatchObject({
      price: 75_000,
      merchantPrice: 50_000,
      stock: 7,
      sales: 0,
      status: "active",
    });
    expect(
      (await failure(merchant.api.merchants.list({ supplyProductId: supplyId, price: 80_000 }))).code,
    ).toBe("CONFLICT");
    expect((await merchant.api.merchants.supply({ q: "batik" })).items[0]!.listing).toEqual({
      id: listed.id,
      price: 75_000,
      maxPrice: 75_000,
      status: "active",
      variantsOnSale: 1,
      newVariants: 0,
    });
    const shop = callerFor(database);
    expect((await shop.listings.get({ id: listed.id })).price).toBe(75_000);

    expect((await merchant.api.merchants.reprice({ listingId: listed.id, price: 90_000 })).price).toBe(
      90_000,
    );
    expect((await failure(merchant.api.merchants.reprice({ listingId: listed.id, price: 10 }))).code).toBe(
      "BAD_REQUEST",
    );
    expect((await shop.listings.get({ id: listed.id })).price).toBe(90_000);

    await merchant.api.merchants.setListingStatus({ listingId: listed.id, status: "hidden" });
    expect((await failure(shop.listings.get({ id: listed.id }))).code).toBe("NOT_FOUND");
    expect((await merchant.api.merchants.listings({ status: "active" })).items).toEqual([]);
    expect((await merchant.api.merchants.listings({ status: "hidden" })).items.map((l) => l.id)).toEqual([
      listed.id,
    ]);
    await merchant.api.merchants.setListingStatus({ listingId: listed.id, status: "active" });
    expect((await shop.listings.get({ id: listed.id })).price).toBe(90_000);
    expect((await merchant.api.merchants.home()).products).toBe(1);
  });

  it("cannot touch another store's listing", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const supplyId = await supplyProduct(database);
    const listed = await a.api.merchants.list({ supplyProductId: supplyId, price: 70_000 });
    expect((await failure(b.api.merchants.reprice({ listingId: listed.id, price: 99_000 }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(b.api.merchants.setListingStatus({ listingId: listed.id, status: "hidden" }))).code,
    ).toBe("NOT_FOUND");
    const [variant] = await variantsOf(database, supplyId);
    expect(
      (
        await failure(
          b.api.merchants.repriceVariants({
            listingId: listed.id,
            prices: [{ variantId: variant!.id, price: 99_000 }],
          }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect(
      (
        await failure(
          b.api.merchants.setVariantStatus({
            listingId: listed.id,
            variantId: variant!.id,
            status: "hidden",
          }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    // The variants b sees are the catalogue's, with none of a's prices.
    expect((await b.api.merchants.variants({ supplyProductId: supplyId })).variants).toEqual([
      expect.objectContaining({ id: variant!.id, price: null, onSale: false }),
    ]);
    expect((await callerFor(database).listings.get({ id: listed.id })).price).toBe(70_000);
  });
});

describe("a merchant's prices per variant (decision 25)", () => {
  /** The labels of a listing's variants on sale, as the product page offers them. */
  const onSale = async (listingId: string) =>
    (await callerFor(database).listings.get({ id: listingId })).variants.map((v) => [v.label, v.price]);

  /** Every listing's min/max price equals a direct computation from its variants on sale. */
  const expectSynced = async () => expect(await listingPricesOutOfSync(database)).toEqual([]);

  /**
   * The operator saves a one-axis product's sizes, each with its cost: existing sizes keep their variant, new ones
   * are added (stock 10), sizes left out are archived.
   */
  async function saveSizes(supplyId: string, sizes: Record<string, number>) {
    const item = await ops.api.ops.catalog.get({ id: supplyId });
    const axis = item.options[0]!;
    const names = Object.keys(sizes);
    const values: { id?: string; name: { ind: string; en: string; zh: string } }[] = [
      ...axis.values.map((v) => ({ id: v.id, name: v.name })),
      ...names
        .filter((n) => !axis.values.some((v) => v.name.ind === n))
        .map((n) => ({ name: { ind: n, en: n, zh: n } })),
    ];
    return ops.api.ops.catalog.saveVariants({
      id: supplyId,
      axes: [{ name: axis.name, kind: axis.kind, values }],
      variants: names.map((n) => {
        const index = values.findIndex((v) => v.name.ind === n);
        const existing = item.variantRows.find((r) => r.values[0] === values[index]!.id);
        const cost = sizes[n]!;
        return {
          values: [index],
          sku: existing?.sku ?? `${supplyId}-${n}`.toUpperCase(),
          merchantPrice: cost,
          suggestedPrice: cost * 2,
          weightGrams: 500,
          lengthCm: 20,
          widthCm: 15,
          heightCm: 5,
          ...(existing ? {} : { stock: 10 }),
        };
      }),
    });
  }

  it("lists at one price at least the highest cost, or per variant at least each cost, naming the variant", async () => {
    const merchant = await merchantWithStore(database);
    const en = callerFor(database, { token: merchant.token, lang: "en" });
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      merchantPrice: 60_000,
      extra: { "Putih/42": 5_000 },
      name: "Sepatu Lari Varian",
    });
    const supply = await merchant.api.merchants.supply({ q: "sepatu lari varian" });
    expect(supply.items[0]).toMatchObject({
      id: product.supplyId,
      merchantPrice: 60_000,
      maxMerchantPrice: 65_000,
      suggestedPrice: 120_000,
      maxSuggestedPrice: 130_000,
      stock: 40,
      variants: 4,
      listing: null,
    });
    // Before listing, the dialog's rows: the catalogue's figures and no store price.
    const rows = await en.merchants.variants({ supplyProductId: product.supplyId });
    expect(rows.listingId).toBeNull();
    expect(rows.variants.map((v) => [v.label, v.merchantPrice, v.suggestedPrice, v.price, v.onSale])).toEqual(
      [
        ["Hitam / 41", 60_000, 120_000, null, false],
        ["Hitam / 42", 60_000, 120_000, null, false],
        ["Putih / 41", 60_000, 120_000, null, false],
        ["Putih / 42", 65_000, 130_000, null, false],
      ],
    );

    // One price for all must reach the dearest variant's cost.
    expect(await failure(en.merchants.list({ supplyProductId: product.supplyId, price: 64_999 }))).toEqual({
      code: "BAD_REQUEST",
      message: "The price may not be below the merchant price (Rp 65.000)",
    });
    // A price per variant, each at least its own cost: the message names the variant, in the caller's language.
    const prices = (hitam41: number, putih42: number) => [
      { variantId: product.variant("Hitam/41"), price: hitam41 },
      { variantId: product.variant("Putih/42"), price: putih42 },
    ];
    expect(
      await failure(
        merchant.api.merchants.list({ supplyProductId: product.supplyId, prices: prices(99_000, 64_000) }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "Harga Putih / 42 di bawah modal Rp 65.000" });
    expect(
      (
        await failure(
          en.merchants.list({ supplyProductId: product.supplyId, prices: prices(59_000, 129_000) }),
        )
      ).message,
    ).toBe("The price of Hitam / 41 is below its merchant price (Rp 60.000)");
    // A variant of another product, or one twice, is no price list at all.
    const other = await variantProduct(database, { axes: [["S", "M"]] });
    for (const bad of [
      [...prices(99_000, 129_000), { variantId: other.variant("S"), price: 99_000 }],
      [...prices(99_000, 129_000), { variantId: product.variant("Hitam/41"), price: 99_000 }],
    ])
      expect(
        (await failure(merchant.api.merchants.list({ supplyProductId: product.supplyId, prices: bad }))).code,
      ).toBe("BAD_REQUEST");
    expect(await merchant.api.merchants.listings({ status: "active" })).toMatchObject({ items: [] });

    // Two variants priced differently: a range; the two left out wait off sale as new.
    const listed = await merchant.api.merchants.list({
      supplyProductId: product.supplyId,
      prices: prices(99_000, 129_000),
    });
    expect(listed).toMatchObject({
      price: 99_000,
      maxPrice: 129_000,
      merchantPrice: 60_000,
      maxMerchantPrice: 65_000,
      status: "active",
      variants: 4,
      variantsOnSale: 2,
      newVariants: 2,
    });
    await expectSynced();
    expect(await onSale(listed.id)).toEqual([
      ["Hitam / 41", 99_000],
      ["Putih / 42", 129_000],
    ]);
    const card = (await callerFor(database).listings.list({ q: "sepatu lari varian" })).items[0]!;
    expect([card.price, card.maxPrice]).toEqual([99_000, 129_000]);
    expect((await merchant.api.merchants.supply({ q: "sepatu lari varian" })).items[0]!.listing).toEqual({
      id: listed.id,
      price: 99_000,
      maxPrice: 129_000,
      status: "active",
      variantsOnSale: 2,
      newVariants: 2,
    });
    expect(
      (await merchant.api.merchants.variants({ supplyProductId: product.supplyId })).variants.map((v) => [
        v.label,
        v.price,
        v.onSale,
      ]),
    ).toEqual([
      ["Hitam / 41", 99_000, true],
      ["Hitam / 42", null, false],
      ["Putih / 41", null, false],
      ["Putih / 42", 129_000, true],
    ]);

    // One price for every variant (another store): all four on sale at it.
    const other2 = await merchantWithStore(database);
    const single = await other2.api.merchants.list({ supplyProductId: product.supplyId, price: 65_000 });
    expect(single).toMatchObject({ price: 65_000, maxPrice: 65_000, variantsOnSale: 4, newVariants: 0 });
    await expectSynced();
  });

  it("reprices variants, puts one on or off sale, relists; new variants stay off sale until priced", async () => {
    const merchant = await merchantWithStore(database);
    const en = callerFor(database, { token: merchant.token, lang: "en" });
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      merchantPrice: 60_000,
      extra: { "Putih/42": 5_000 },
    });
    const v = product.variant;
    const listing = await merchant.api.merchants.list({
      supplyProductId: product.supplyId,
      prices: [
        { variantId: v("Hitam/41"), price: 99_000 },
        { variantId: v("Putih/42"), price: 129_000 },
      ],
    });
    const listingId = listing.id;
    const view = async () =>
      (await merchant.api.merchants.listings({ status: "active" })).items.find((l) => l.id === listingId) ??
      (await merchant.api.merchants.listings({ status: "hidden" })).items.find((l) => l.id === listingId)!;

    // Each price at least its variant's cost, the variant named.
    expect(
      await failure(
        en.merchants.repriceVariants({ listingId, prices: [{ variantId: v("Hitam/42"), price: 59_000 }] }),
      ),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "The price of Hitam / 42 is below its merchant price (Rp 60.000)",
    });
    // A new variant cannot go on sale at a price the store never chose.
    expect(
      await failure(en.merchants.setVariantStatus({ listingId, variantId: v("Putih/41"), status: "active" })),
    ).toEqual({ code: "BAD_REQUEST", message: "Set a price for Putih / 41 first" });
    expect((await view()).newVariants).toBe(2);

    // Pricing a new variant puts it on sale.
    expect(
      await merchant.api.merchants.repriceVariants({
        listingId,
        prices: [{ variantId: v("Hitam/42"), price: 109_000 }],
      }),
    ).toMatchObject({ price: 99_000, maxPrice: 129_000, variantsOnSale: 3, newVariants: 1 });
    await expectSynced();

    // One variant off sale: the range follows.
    expect(
      await merchant.api.merchants.setVariantStatus({
        listingId,
        variantId: v("Putih/42"),
        status: "hidden",
      }),
    ).toMatchObject({ price: 99_000, maxPrice: 109_000, variantsOnSale: 2, status: "active" });
    await expectSynced();
    expect(await onSale(listingId)).toEqual([
      ["Hitam / 41", 99_000],
      ["Hitam / 42", 109_000],
    ]);

    // The last variant off sale takes the listing off sale, keeping its last prices.
    await merchant.api.merchants.setVariantStatus({ listingId, variantId: v("Hitam/41"), status: "hidden" });
    const hidden = await merchant.api.merchants.setVariantStatus({
      listingId,
      variantId: v("Hitam/42"),
      status: "hidden",
    });
    expect(hidden).toMatchObject({ status: "hidden", variantsOnSale: 0, price: 109_000, maxPrice: 109_000 });
    await expectSynced();
    expect((await failure(callerFor(database).listings.get({ id: listingId }))).code).toBe("NOT_FOUND");

    // One variant back on sale relists the listing.
    expect(
      await merchant.api.merchants.setVariantStatus({
        listingId,
        variantId: v("Hitam/42"),
        status: "active",
      }),
    ).toMatchObject({ status: "active", variantsOnSale: 1, price: 109_000, maxPrice: 109_000 });
    await expectSynced();

    // Delisting and relisting keeps the variants the store had on sale (the others stay off).
    await merchant.api.merchants.setListingStatus({ listingId, status: "hidden" });
    await expectSynced();
    expect(await merchant.api.merchants.setListingStatus({ listingId, status: "active" })).toMatchObject({
      status: "active",
      variantsOnSale: 1,
    });
    await expectSynced();
    expect(await onSale(listingId)).toEqual([["Hitam / 42", 109_000]]);

    // Repricing a delisted listing leaves it delisted (Relist puts it back), with the variants priced on sale.
    await merchant.api.merchants.setListingStatus({ listingId, status: "hidden" });
    expect(
      await merchant.api.merchants.repriceVariants({
        listingId,
        prices: [
          { variantId: v("Hitam/41"), price: 95_000 },
          { variantId: v("Putih/41"), price: 97_000 },
        ],
      }),
    ).toMatchObject({
      status: "hidden",
      price: 95_000,
      maxPrice: 109_000,
      variantsOnSale: 3,
      newVariants: 0,
    });
    await expectSynced();
    await merchant.api.merchants.setListingStatus({ listingId, status: "active" });
    expect(await onSale(listingId)).toEqual([
      ["Hitam / 41", 95_000],
      ["Hitam / 42", 109_000],
      ["Putih / 41", 97_000],
    ]);

    // One price for all: at least the dearest cost; then every variant is on sale at it.
    expect((await failure(en.merchants.reprice({ listingId, price: 64_000 }))).message).toBe(
      "The price may not be below the merchant price (Rp 65.000)",
    );
    expect(await merchant.api.merchants.reprice({ listingId, price: 70_000 })).toMatchObject({
      price: 70_000,
      maxPrice: 70_000,
      variantsOnSale: 4,
      newVariants: 0,
    });
    await expectSynced();

    // A variant of another product is not this listing's.
    const other = await variantProduct(database, { axes: [["S", "M"]] });
    // One call at a time: a call made before the previous one is awaited could fail with nobody listening yet.
    for (const call of [
      () =>
        merchant.api.merchants.setVariantStatus({
          listingId,
          variantId: other.variant("S"),
          status: "hidden",
        }),
      () =>
        merchant.api.merchants.repriceVariants({
          listingId,
          prices: [{ variantId: other.variant("S"), price: 90_000 }],
        }),
    ])
      expect((await failure(call())).code).toBe("BAD_REQUEST");
  });

  it("keeps new sizes off sale until priced, and hides only the rows below a raised cost; relisting follows", async () => {
    const a = await merchantWithStore(database);
    const b = await merchantWithStore(database);
    const product = await variantProduct(database, { axes: [["S", "M"]], merchantPrice: 50_000 });
    const aListing = await a.api.merchants.list({ supplyProductId: product.supplyId, price: 80_000 });
    const bListing = await b.api.merchants.list({
      supplyProductId: product.supplyId,
      prices: [
        { variantId: product.variant("S"), price: 70_000 },
        { variantId: product.variant("M"), price: 90_000 },
      ],
    });

    // The operator adds size L: both stores get it off sale, at a price neither chose.
    await saveSizes(product.supplyId, { S: 50_000, M: 50_000, L: 55_000 });
    await expectSynced();
    const l = (await variantsOf(database, product.supplyId)).find((x) => x.sku.endsWith("-L"))!.id;
    for (const [merchant, listingId] of [
      [a, aListing.id],
      [b, bListing.id],
    ] as const) {
      expect((await merchant.api.merchants.listings({ status: "active" })).items[0]).toMatchObject({
        id: listingId,
        variants: 3,
        variantsOnSale: 2,
        newVariants: 1,
      });
      expect((await onSale(listingId)).map(([label]) => label)).toEqual(["S", "M"]);
    }
    // Neither delisting and relisting nor turning it on puts it on sale; pricing it does.
    await a.api.merchants.setListingStatus({ listingId: aListing.id, status: "hidden" });
    await a.api.merchants.setListingStatus({ listingId: aListing.id, status: "active" });
    expect((await onSale(aListing.id)).map(([label]) => label)).toEqual(["S", "M"]);
    expect(
      (
        await failure(
          a.api.merchants.setVariantStatus({ listingId: aListing.id, variantId: l, status: "active" }),
        )
      ).message,
    ).toBe("Tetapkan harga L dulu");
    expect(
      await a.api.merchants.repriceVariants({
        listingId: aListing.id,
        prices: [{ variantId: l, price: 85_000 }],
      }),
    ).toMatchObject({ price: 80_000, maxPrice: 85_000, variantsOnSale: 3, newVariants: 0 });
    await expectSynced();

    // The cost of M rises above b's price: only that row leaves b's shop; a's 80.000 still covers it.
    await saveSizes(product.supplyId, { S: 50_000, M: 95_000, L: 55_000 });
    await expectSynced();
    expect(await onSale(bListing.id)).toEqual([["S", 70_000]]);
    expect((await onSale(aListing.id)).map(([label]) => label)).toEqual(["S", "L"]);
    // b turns S off: nothing left on sale, the listing leaves the shop.
    await b.api.merchants.setVariantStatus({
      listingId: bListing.id,
      variantId: product.variant("S"),
      status: "hidden",
    });
    await expectSynced();
    expect((await b.api.merchants.listings({ status: "hidden" })).items.map((x) => x.id)).toEqual([
      bListing.id,
    ]);
    // Relisting with nothing on sale puts back what b priced at or above cost (S), never M below it nor L unpriced.
    expect(
      await b.api.merchants.setListingStatus({ listingId: bListing.id, status: "active" }),
    ).toMatchObject({
      status: "active",
      variantsOnSale: 1,
      newVariants: 1,
    });
    expect(await onSale(bListing.id)).toEqual([["S", 70_000]]);
    await expectSynced();
    // S's cost rises too: nothing b priced covers its cost, so relisting is refused until b reprices.
    await saveSizes(product.supplyId, { S: 75_000, M: 95_000, L: 55_000 });
    await expectSynced();
    expect((await b.api.merchants.listings({ status: "hidden" })).items.map((x) => x.id)).toEqual([
      bListing.id,
    ]);
    expect(
      (await failure(b.api.merchants.setListingStatus({ listingId: bListing.id, status: "active" }))).code,
    ).toBe("BAD_REQUEST");
    await b.api.merchants.repriceVariants({
      listingId: bListing.id,
      prices: [{ variantId: product.variant("M"), price: 99_000 }],
    });
    await expectSynced();
    await b.api.merchants.setListingStatus({ listingId: bListing.id, status: "active" });
    expect(await onSale(bListing.id)).toEqual([["M", 99_000]]);

    // M removed (archived) and brought back: a store that listed meanwhile gets it as new, off sale.
    await saveSizes(product.supplyId, { S: 75_000, L: 55_000 });
    await expectSynced();
    expect(await b.api.merchants.listings({ status: "hidden" })).toMatchObject({
      items: [{ id: bListing.id, variantsOnSale: 0 }],
    });
    const c = await merchantWithStore(database);
    const cListing = await c.api.merchants.list({ supplyProductId: product.supplyId, price: 90_000 });
    expect(cListing).toMatchObject({ variants: 2, variantsOnSale: 2 });
    await saveSizes(product.supplyId, { S: 75_000, M: 95_000, L: 55_000 });
    await expectSynced();
    expect((await c.api.merchants.listings({ status: "active" })).items[0]).toMatchObject({
      id: cListing.id,
      variants: 3,
      variantsOnSale: 2,
      newVariants: 1,
    });
    // b's own price for M came back with it, on sale as b left it; b's listing, delisted meanwhile, waits for Relist.
    expect(await b.api.merchants.listings({ status: "hidden" })).toMatchObject({
      items: [{ id: bListing.id, variantsOnSale: 1, newVariants: 1, price: 99_000, maxPrice: 99_000 }],
    });
    await b.api.merchants.setListingStatus({ listingId: bListing.id, status: "active" });
    expect(await onSale(bListing.id)).toEqual([["M", 99_000]]);
    await expectSynced();
  });
});

describe("store management", () => {
  it("changes name, phone, description, auto-pay and logo; the public page follows; names stay unique", async () => {
    const a = await approvedMerchant();
    const b = await approvedMerchant();
    const bName = (await b.api.merchants.store()).name;
    const updated = await a.api.merchants.updateStore({
      name: "Toko Kenanga",
      phone: "+62 811-2000-3000",
      intro: "Batik tulis dari Solo.",
      autoPay: true,
    });
    expect(updated).toMatchObject({ name: "Toko Kenanga", phone: "+6281120003000", autoPay: true });
    const logo = new FormData();
    logo.set("logo", new File([await picture(400, 300, "jpeg")], "logo.jpg", { type: "image/jpeg" }));
    expect((await a.api.merchants.updateLogo(logo)).logo?.width).toBe(192);
    const page = await callerFor(database).stores.get({ storeId: a.storeId });
    expect(page).toMatchObject({ name: "Toko Kenanga", intro: "Batik tulis dari Solo." });
    expect(page.logo).not.toBeNull();
    expect(
      await failure(
        a.api.merchants.updateStore({ name: bName.toUpperCase(), phone: "0811", intro: "", autoPay: true }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      (
        await failure(
          a.api.merchants.updateStore({
            name: bName.toUpperCase(),
            phone: "081120003000",
            intro: "",
            autoPay: true,
          }),
        )
      ).code,
    ).toBe("CONFLICT");
    expect((await a.api.merchants.store()).name).toBe("Toko Kenanga");
  });
});

describe("suspending a store", () => {
  it("hides it from the street, search and lists and stops its sales; open orders still complete; reinstating restores it", async () => {
    const merchant = await approvedMerchant({ storeName: "Toko Cempaka" });
    const supplyId = await supplyProduct(database, { name: "Sarung Cempaka", merchantPrice: 40_000 });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 60_000 });
    const shopper = await shopperWithMoney(database, ops, 500_000);
    const {
      orderIds: [orderId],
    } = await placeOrder(shopper.api, {
      lines: [{ listingId: listed.id, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });

    const shop = callerFor(database);
    const searchFinds = async () =>
      (await shop.listings.list({ q: "cempaka", sort: "newest" })).items.some((i) => i.id === listed.id);
    expect(await searchFinds()).toBe(true);

    const key = newKey();
    await ops.api.ops.merchants.suspend({
      storeId: merchant.storeId,
      reason: "Penipuan dilaporkan",
      idempotencyKey: key,
    });
    expect((await shop.stores.list({ q: "Cempaka" })).items).toEqual([]);
    expect(await searchFinds()).toBe(false);
    expect((await failure(shop.listings.get({ id: listed.id }))).code).toBe("NOT_FOUND");
    expect((await failure(shop.stores.get({ storeId: merchant.storeId }))).code).toBe("NOT_FOUND");
    expect(
      (
        await failure(
          placeOrder(shopper.api, {
            lines: [{ listingId: listed.id, quantity: 1 }],
            addressId: shopper.addressId,
            method: "wallet",
            fromCart: false,
            idempotencyKey: newKey(),
          }),
        )
      ).code,
    ).toBe("PRECONDITION_FAILED");
    // The merchant sees why, and cannot list or change products meanwhile.
    expect(await merchant.api.merchants.status()).toMatchObject({
      merchant: true,
      store: { status: "suspended", reason: "Penipuan dilaporkan" },
    });
    expect((await merchant.api.merchants.home()).store.status).toBe("suspended");
    const other = await supplyProduct(database);
    expect((await failure(merchant.api.merchants.list({ supplyProductId: other, price: 99_000 }))).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await failure(merchant.api.merchants.reprice({ listingId: listed.id, price: 99_000 }))).code,
    ).toBe("FORBIDDEN");
    // The order already paid still runs to completion.
    await ops.api.ops.money.adjust({
      account: merchant.email,
      amount: 40_000,
      reason: "modal",
      idempotencyKey: newKey(),
    });
    await merchant.api.merchantOrders.payGoods({ orderIds: [orderId!], idempotencyKey: newKey() });
    await ops.api.ops.orders.ship({
      id: orderId!,
      idempotencyKey: newKey(),
    });
    await shopper.api.orders.confirm({ id: orderId!, idempotencyKey: newKey() });
    expect((await shopper.api.orders.get({ id: orderId! })).status).toBe("completed");
    const view = await ops.api.ops.merchants.list({ view: "suspended" });
    expect(view.items.map((i) => i.id)).toContain(merchant.storeId);

    await ops.api.ops.merchants.reinstate({ storeId: merchant.storeId, idempotencyKey: newKey() });
    expect(await searchFinds()).toBe(true);
    expect((await shop.stores.list({ q: "Cempaka" })).items.map((s) => s.id)).toEqual([merchant.storeId]);
    const audit = await ops.api.ops.money.audit({ limit: 50 });
    expect(audit.items.filter((a) => a.subjectId === merchant.storeId).map((a) => a.action)).toEqual([
      "store.reinstate",
      "store.suspend",
    ]);
  });
});

describe("merchant home figures", () => {
  it("equal a direct computation from the records, and the chart counts paid orders per WIB day", async () => {
    const merchant = await approvedMerchant();
    await merchant.api.merchants.updateStore({
      ...(await merchant.api.merchants.store()),
      phone: "081234567890",
      autoPay: true,
    });
    const shopper = await shopperWithMoney(database, ops, 5_000_000);
    await ops.api.ops.money.adjust({
      account: merchant.email,
      amount: 1_000_000,
      reason: "modal",
      idempotencyKey: newKey(),
    });
    const supplyId = await supplyProduct(database, { merchantPrice: 60_000, stock: 50 });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 100_000 });

    // Orders paid on three WIB days: 23:30 on the 20th and 00:30 on the 21st fall on different days.
    const buyAt = async (at: string, quantity: number) => {
      restore?.();
      restore = setClock(() => new Date(at));
      const placed = await placeOrder(shopper.api, {
        lines: [{ listingId: listed.id, quantity }],
        addressId: shopper.addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: newKey(),
      });
      return placed.orderIds[0]!;
    };
    const a = await buyAt("2026-11-20T23:30:00+07:00", 1);
    await buyAt("2026-11-21T00:30:00+07:00", 2);
    await buyAt("2026-11-22T10:00:00+07:00", 3);
    const d = await buyAt("2026-11-22T11:00:00+07:00", 1);
    restore?.();
    restore = setClock(() => new Date("2026-11-23T09:00:00+07:00"));
    // a completes, d is cancelled by the shopper, b and c stay open (goods paid by auto-pay).
    await ops.api.ops.orders.ship({
      id: a,
      idempotencyKey: newKey(),
    });
    await shopper.api.orders.confirm({ id: a, idempotencyKey: newKey() });
    await shopper.api.orders.cancel({ id: d, idempotencyKey: newKey() });

    // A visit and a collection, counted the way shoppers make them.
    await shopper.api.stores.visit({ storeId: merchant.storeId });
    await shopper.api.collection.add({ listingId: listed.id });

    const home = await merchant.api.merchants.home();
    const visits = await database.db.query.storeVisits.findMany({
      where: (v, { eq }) => eq(v.storeId, merchant.storeId),
    });
    const collections = await database.db.query.favorites.findMany({
      where: (f, { eq }) => eq(f.listingId, listed.id),
    });
    expect(home.visits).toBe(visits.length);
    expect(home.visits).toBe(1);
    expect(home.collections).toBe(collections.length);
    expect(home.collections).toBe(1);
    const rows = await database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.storeId, merchant.storeId),
    });
    const paid = rows.filter((o) => ["paid", "shipped", "completed"].includes(o.status));
    const completed = rows.filter((o) => o.status === "completed");
    const open = rows.filter((o) => ["paid", "shipped"].includes(o.status) && o.goodsPaidAt);
    const balance = (await merchant.api.wallet.summary()).balance;
    expect(home.turnover).toBe(paid.reduce((s, o) => s + o.subtotal, 0));
    expect(home.turnover).toBe(600_000);
    expect(home.profit).toBe(completed.reduce((s, o) => s + o.subtotal - o.goodsCost, 0));
    expect(home.profit).toBe(40_000);
    expect(home.balance).toBe(balance);
    expect(home.assets).toBe(balance + open.reduce((s, o) => s + o.goodsCost, 0));
    expect(home.products).toBe(1);
    expect(await merchant.api.merchants.money()).toEqual({ turnover: home.turnover, profit: home.profit });
    expect(home.days).toHaveLength(chartDays);
    expect(home.days.at(-1)!.day).toBe("2026-11-23");
    // The completed order's detail shows what it moved in the merchant's wallet: goods cost out, sale in.
    const detail = await merchant.api.merchantOrders.get({ id: a });
    expect(detail.moves.map((x) => [x.kind, x.amount])).toEqual([
      ["mch_order_pay", -60_000],
      ["profit", 100_000],
    ]);
    expect(detail).toMatchObject({ goodsCost: 60_000, profit: 40_000, goodsDueAt: null });
    const byDay = Object.fromEntries(home.days.filter((x) => x.orders > 0).map((x) => [x.day, x]));
    expect(byDay).toEqual({
      "2026-11-20": { day: "2026-11-20", turnover: 100_000, orders: 1 },
      "2026-11-21": { day: "2026-11-21", turnover: 200_000, orders: 1 },
      "2026-11-22": { day: "2026-11-22", turnover: 300_000, orders: 1 },
    });
  });
});

describe("the order centre's day filters", () => {
  it("split today, yesterday and this week at WIB midnights, weeks from Monday", async () => {
    const merchant = await approvedMerchant();
    await merchant.api.merchants.updateStore({
      ...(await merchant.api.merchants.store()),
      phone: "081234567890",
    });
    const shopper = await shopperWithMoney(database, ops, 2_000_000);
    const supplyId = await supplyProduct(database, { merchantPrice: 10_000, stock: 20 });
    const listed = await merchant.api.merchants.list({ supplyProductId: supplyId, price: 20_000 });
    const placeAt = async (at: string) => {
      restore?.();
      restore = setClock(() => new Date(at));
      return (
        await placeOrder(shopper.api, {
          lines: [{ listingId: listed.id, quantity: 1 }],
          addressId: shopper.addressId,
          method: "wallet",
          fromCart: false,
          idempotencyKey: newKey(),
        })
      ).orderIds[0]!;
    };
    const friday = await placeAt("2026-11-20T12:00:00+07:00");
    const sundayLate = await placeAt("2026-11-22T23:59:59+07:00");
    const mondayEarly = await placeAt("2026-11-23T00:00:00+07:00");
    const ids = async (period: "any" | "today" | "yesterday" | "week") =>
      (await merchant.api.merchantOrders.list({ view: "all", period, limit: 50 })).items.map((o) => o.id);

    restore?.();
    restore = setClock(() => new Date("2026-11-23T10:00:00+07:00")); // a Monday
    expect(await ids("any")).toEqual([mondayEarly, sundayLate, friday]);
    expect(await ids("today")).toEqual([mondayEarly]);
    expect(await ids("yesterday")).toEqual([sundayLate]);
    expect(await ids("week")).toEqual([mondayEarly]);

    restore?.();
    restore = setClock(() => new Date("2026-11-25T23:30:00+07:00")); // Wednesday night (16:30 UTC)
    expect(await ids("today")).toEqual([]);
    expect(await ids("yesterday")).toEqual([]);
    expect(await ids("week")).toEqual([mondayEarly]);
  });
});
