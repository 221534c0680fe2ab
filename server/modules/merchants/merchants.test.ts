import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import {
  listingPricesOutOfSync,
  merchantWithStore,
  supplyProduct,
  variantProduct,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { database, ops, useMerchantsDatabase, failure, approvedMerchant } from "./merchants-test-setup.ts";

// Applying to be a merchant: merchants-applications.test.ts; the stores, their figures and day filters:
// merchants-stores.test.ts.
useMerchantsDatabase();

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
