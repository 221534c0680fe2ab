import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { signedInUser } from "../../../tests/setup/money.ts";
import {
  listing,
  merchantWithStore,
  supplyProduct,
  variantForm,
  variantProduct,
  variantRow,
  variantsOf,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

const same = (text: string) => ({ ind: text, en: text, zh: text });
const colour = { ind: "Warna", en: "Colour", zh: "颜色" };
const size = { ind: "Ukuran", en: "Size", zh: "尺码" };

/** A variant row of the operator's form: its values by place, priced at 60,000, packed 500 g. */
const row = (values: number[], sku: string, over: { stock?: number; merchantPrice?: number } = {}) => ({
  values,
  sku,
  merchantPrice: over.merchantPrice ?? 60_000,
  suggestedPrice: (over.merchantPrice ?? 60_000) * 2,
  stock: over.stock,
  weightGrams: 500,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
});

const view = (id: string) => ops.api.ops.catalog.get({ id });

/** Every variant ever made of a product, archived ones too (rows are never deleted). */
const storedVariants = (supplyProductId: string) =>
  database.db.query.productVariants.findMany({
    where: (v, { eq }) => eq(v.supplyProductId, supplyProductId),
    orderBy: (v, { asc }) => [asc(v.id)],
  });

async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** Sends the operator's form over HTTP as the page does; the answer's status and translated messages. */
async function sendOverHttp(input: unknown, lang = "en") {
  const res = await createTestApp(database).request("/trpc/ops.catalog.saveVariants", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: ops.token, lang },
    body: JSON.stringify({ json: input }),
  });
  const body = (await res.json()) as {
    error?: { json: { message: string; data: { issues?: { path: string; message: string }[] } } };
  };
  return {
    status: res.status,
    message: body.error?.json.message,
    issues: (body.error?.json.data.issues ?? []).map((i) => i.message),
  };
}

describe("a product's options and variants", () => {
  it("makes a variant per combination, each with its stock, and the product page offers them", async () => {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      stock: { "Hitam/42": 3 },
      extra: { "Putih/42": 5_000 },
    });
    const rows = await variantsOf(database, product.supplyId);
    expect(rows).toHaveLength(4);
    expect(rows.find((v) => v.id === product.variant("Hitam/42"))!.stock).toBe(3);
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, product.supplyId, 130_000);
    const page = await signedInUser(database, "shopper");
    const detail = await page.api.listings.get({ id: listingId });
    expect(detail.options.map((o) => [o.name, o.values.map((v) => v.name)])).toEqual([
      ["Warna", ["Hitam", "Putih"]],
      ["Ukuran", ["41", "42"]],
    ]);
    expect(detail.variants.map((v) => v.label)).toEqual([
      "Hitam / 41",
      "Hitam / 42",
      "Putih / 41",
      "Putih / 42",
    ]);
    expect(detail.stock).toBe(33);
  });

  it("the operator's view holds the axes in every language, their values and a row per variant", async () => {
    const supplyId = await supplyProduct(database);
    const saved = await ops.api.ops.catalog.saveVariants({
      id: supplyId,
      axes: [
        {
          name: colour,
          kind: "colour",
          values: [
            { name: { ind: "Hitam", en: "Black", zh: "黑色" }, swatch: "#111111" },
            { name: { ind: "Merah", en: "Red", zh: "红色" }, swatch: "#c0392b" },
          ],
        },
        { name: size, kind: "size", values: [{ name: same("S") }, { name: same("M") }] },
      ],
      variants: [
        row([0, 0], "KAUS-HTM-S", { stock: 4 }),
        row([0, 1], "KAUS-HTM-M", { stock: 5 }),
        { ...row([1, 1], "KAUS-MRH-M", { stock: 6, merchantPrice: 65_000 }), weightGrams: 650 },
      ],
    });
    expect(saved).toMatchObject({ delisted: 0, removedFromCarts: 0 });
    const got = await view(supplyId);
    expect(got.options).toEqual([
      {
        position: 1,
        name: colour,
        kind: "colour",
        values: [
          {
            id: expect.stringMatching(/^opv_/),
            name: { ind: "Hitam", en: "Black", zh: "黑色" },
            swatch: "#111111",
          },
          {
            id: expect.stringMatching(/^opv_/),
            name: { ind: "Merah", en: "Red", zh: "红色" },
            swatch: "#c0392b",
          },
        ],
      },
      {
        position: 2,
        name: size,
        kind: "size",
        values: [
          { id: expect.stringMatching(/^opv_/), name: same("S"), swatch: null },
          { id: expect.stringMatching(/^opv_/), name: same("M"), swatch: null },
        ],
      },
    ]);
    const [hitam, merah] = got.options[0]!.values;
    const [s, m] = got.options[1]!.values;
    expect(
      got.variantRows.map((r) => [
        r.values,
        r.sku,
        r.merchantPrice,
        r.suggestedPrice,
        r.stock,
        r.weightGrams,
      ]),
    ).toEqual([
      [[hitam!.id, s!.id], "KAUS-HTM-S", 60_000, 120_000, 4, 500],
      [[hitam!.id, m!.id], "KAUS-HTM-M", 60_000, 120_000, 5, 500],
      [[merah!.id, m!.id], "KAUS-MRH-M", 65_000, 130_000, 6, 650],
    ]);
    expect(got.variantRows.every((r) => r.id.startsWith("var_"))).toBe(true);
    // The product's line in the operator's list: three variants, their stock together, the cheapest cost.
    expect(got).toMatchObject({ variants: 3, stock: 15, merchantPrice: 60_000 });
    // The one variant the product was made with is archived: it is none of these.
    expect((await storedVariants(supplyId)).filter((v) => v.status === "archived")).toHaveLength(1);
  });

  it("saving again keeps every variant with its id, SKU and stock, and adds the new combinations", async () => {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      stock: { "Hitam/42": 3 },
    });
    const before = await view(product.supplyId);
    const form = variantForm(before);
    form.axes[1]!.values.push({ name: same("43") });
    const saved = await ops.api.ops.catalog.saveVariants({
      ...form,
      // Stock is given for new rows only: an existing variant's stock changes through its own audited call.
      variants: [
        ...form.variants.map((v) => ({ ...v, stock: 99, merchantPrice: 61_000 })),
        row([0, 2], `${product.supplyId}-HITAM-43`, { stock: 7 }),
        row([1, 2], `${product.supplyId}-PUTIH-43`),
      ],
    });
    expect(saved.variantRows).toHaveLength(6);
    for (const label of ["Hitam/41", "Hitam/42", "Putih/41", "Putih/42"]) {
      const kept = variantRow(saved, label);
      expect(kept.id).toBe(product.variant(label));
      expect(kept.sku).toBe(variantRow(before, label).sku);
      expect(kept.merchantPrice).toBe(61_000);
    }
    expect(variantRow(saved, "Hitam/42").stock).toBe(3);
    expect(variantRow(saved, "Hitam/41").stock).toBe(10);
    expect(variantRow(saved, "Hitam/43").stock).toBe(7);
    expect(variantRow(saved, "Putih/43").stock).toBe(0);
    // The values already there kept their ids too; the new one was added after them.
    expect(saved.options[1]!.values.map((v) => v.id).slice(0, 2)).toEqual(
      before.options[1]!.values.map((v) => v.id),
    );
    expect(saved.options[1]!.values.map((v) => v.name.ind)).toEqual(["41", "42", "43"]);
    // Nothing archived: six variants in all (and the first one made with the product, archived before).
    const stored = await storedVariants(product.supplyId);
    expect(stored.filter((v) => v.status === "active")).toHaveLength(6);
  });

  it("an SKU belongs to one variant: another product's is refused with a translated message, a repeat within one save too", async () => {
    const first = await variantProduct(database, { axes: [["Hitam", "Putih"]] });
    const second = await variantProduct(database, { axes: [["Merah", "Biru"]] });
    const taken = variantRow(await view(first.supplyId), "Hitam").sku;
    const before = await view(second.supplyId);
    const form = variantForm(before);
    const clash = { ...form, variants: [{ ...form.variants[0]!, sku: taken }, form.variants[1]!] };
    for (const [lang, message] of [
      ["en", "This SKU is already used by another variant"],
      ["ind", "SKU ini sudah dipakai varian lain"],
      ["zh", "该 SKU 已被其他规格使用"],
    ] as const) {
      const api = callerFor(database, { token: ops.token, lang });
      await expect(api.ops.catalog.saveVariants(clash)).rejects.toMatchObject({ code: "CONFLICT", message });
    }
    // Nothing of the refused save stayed.
    expect((await view(second.supplyId)).variantRows).toEqual(before.variantRows);
    // The same SKU twice in one save (letters' case aside) is refused before anything is written.
    const twice = {
      ...form,
      variants: [form.variants[0]!, { ...form.variants[1]!, sku: form.variants[0]!.sku.toLowerCase() }],
    };
    expect((await failure(ops.api.ops.catalog.saveVariants(twice))).code).toBe("BAD_REQUEST");
    expect(await sendOverHttp(twice)).toEqual({
      status: 400,
      message: "Some of the information is not valid.",
      issues: ["This SKU is already used by another variant"],
    });
    expect((await view(second.supplyId)).variantRows).toEqual(before.variantRows);
    // A variant keeps its own SKU when saved again, and may take a new one nobody has.
    const renamed = await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: [form.variants[0]!, { ...form.variants[1]!, sku: "BIRU-BARU" }],
    });
    expect(renamed.variantRows.map((r) => r.sku)).toEqual([form.variants[0]!.sku, "BIRU-BARU"]);
    // Two of its variants may swap SKUs in one save: each SKU still belongs to one variant after it.
    const swapped = await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: [
        { ...form.variants[0]!, sku: "BIRU-BARU" },
        { ...form.variants[1]!, sku: form.variants[0]!.sku },
      ],
    });
    expect(swapped.variantRows.map((r) => [r.id, r.sku])).toEqual([
      [second.variant("Merah"), "BIRU-BARU"],
      [second.variant("Biru"), form.variants[0]!.sku],
    ]);
  });

  it("each row must be a combination of the axes' values, each combination once", async () => {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
    });
    const before = await view(product.supplyId);
    const form = variantForm(before);
    const combination = "Each variant must be a different combination of values";
    const [first, second] = form.variants as [(typeof form.variants)[number], (typeof form.variants)[number]];
    for (const variants of [
      // One value for two axes.
      [{ ...first, values: [0] }],
      // A third value of an axis that has two.
      [{ ...first, values: [0, 2] }],
      // The same combination twice.
      [first, { ...second, values: first.values }],
    ]) {
      const answer = await sendOverHttp({ ...form, variants });
      expect(answer.status).toBe(400);
      expect(answer.issues).toContain(combination);
    }
    // A value of another product's axis is not this product's.
    const other = await view((await variantProduct(database, { axes: [["Merah"]] })).supplyId);
    const foreign = structuredClone(form);
    foreign.axes[0]!.values[0]!.id = other.options[0]!.values[0]!.id;
    await expect(
      callerFor(database, { token: ops.token, lang: "en" }).ops.catalog.saveVariants(foreign),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: combination });
    expect((await view(product.supplyId)).variantRows).toEqual(before.variantRows);
    expect((await view(other.id)).options).toEqual(other.options);
  });

  it("a row left out is archived, never deleted; asked for again, the same variant comes back with its stock", async () => {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
      stock: { "Putih/41": 4 },
    });
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, product.supplyId, 130_000);
    const shop = callerFor(database);
    const labels = async () => (await shop.listings.get({ id: listingId })).variants.map((v) => v.label);
    const before = await view(product.supplyId);
    const form = variantForm(before);
    const putih41 = product.variant("Putih/41");
    const at = before.variantRows.findIndex((r) => r.id === putih41);
    const archived = await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: form.variants.filter((_, i) => i !== at),
    });
    expect(archived.variantRows.map((r) => r.id)).not.toContain(putih41);
    expect(archived.variantRows).toHaveLength(3);
    expect(await labels()).toEqual(["Hitam / 41", "Hitam / 42", "Putih / 42"]);
    // Still there, archived, with its SKU and the stock on the shelf.
    const kept = (await storedVariants(product.supplyId)).find((v) => v.id === putih41)!;
    expect(kept).toMatchObject({ status: "archived", stock: 4, sku: form.variants[at]!.sku });
    // The combination asked for again: the same variant, its SKU and stock, on sale again where it was.
    const back = await ops.api.ops.catalog.saveVariants({
      ...form,
      variants: form.variants.map((v) => ({ ...v, stock: 50 })),
    });
    expect(variantRow(back, "Putih/41")).toMatchObject({
      id: putih41,
      sku: form.variants[at]!.sku,
      stock: 4,
    });
    expect(await labels()).toEqual(["Hitam / 41", "Hitam / 42", "Putih / 41", "Putih / 42"]);
    const stored = await storedVariants(product.supplyId);
    expect(
      stored
        .filter((v) => v.status === "active")
        .map((v) => v.id)
        .sort(),
    ).toEqual(back.variantRows.map((r) => r.id).sort());
    // Both saves audited: what was archived, what was added.
    const audit = (await ops.api.ops.money.audit({ action: "supply.variants", limit: 100 })).items.filter(
      (a) => a.subjectId === product.supplyId,
    );
    expect(audit.slice(0, 2).map((a) => a.after)).toMatchObject([
      { archived: [], added: [] },
      { archived: [putih41], added: [] },
    ]);
  });

  it("an axis taken away leaves the operator's view, which saves again as it opens", async () => {
    const product = await variantProduct(database, {
      axes: [
        ["Hitam", "Putih"],
        ["41", "42"],
      ],
    });
    const form = variantForm(await view(product.supplyId));
    // Colours only now: new variants (new combinations, new SKUs); the sized ones are archived.
    const saved = await ops.api.ops.catalog.saveVariants({
      ...form,
      axes: [form.axes[0]!],
      variants: [
        row([0], `${product.supplyId}-HITAM`, { stock: 3 }),
        row([1], `${product.supplyId}-PUTIH`, { stock: 4 }),
      ],
    });
    expect(saved.options.map((o) => o.name.ind)).toEqual(["Warna"]);
    expect(saved.variantRows.map((r) => r.values.length)).toEqual([1, 1]);
    expect((await view(product.supplyId)).options).toEqual(saved.options);
    const again = await ops.api.ops.catalog.saveVariants(variantForm(saved));
    expect(again.variantRows.map((r) => r.id)).toEqual(saved.variantRows.map((r) => r.id));
  });

  it("at most 2 axes, 20 values an axis and 100 variants; more is refused with a translated message", async () => {
    const supplyId = await supplyProduct(database);
    const before = await view(supplyId);
    const values = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ name: same(`${prefix}${i + 1}`) }));
    const grid = (a: number, b: number, count = a * b) =>
      Array.from({ length: count }, (_, i) => row([Math.floor(i / b), i % b], `GRID-${supplyId}-${i}`));
    const refusals = [
      {
        input: {
          id: supplyId,
          axes: [
            { name: colour, kind: "colour", values: values(2, "W") },
            { name: size, kind: "size", values: values(2, "U") },
            { name: same("Bahan"), kind: "other", values: values(2, "B") },
          ],
          variants: [row([0, 0], `AXES-${supplyId}`)],
        },
        message: "At most 2 options (for example Colour and Size)",
      },
      {
        input: {
          id: supplyId,
          axes: [{ name: size, kind: "size", values: values(21, "U") }],
          variants: [row([0], `VALUES-${supplyId}`)],
        },
        message: "Each option needs 1 to 20 values",
      },
      {
        input: {
          id: supplyId,
          axes: [
            { name: colour, kind: "colour", values: values(20, "W") },
            { name: size, kind: "size", values: values(6, "U") },
          ],
          variants: grid(20, 6, 101),
        },
        message: "At most 100 variants per product",
      },
    ];
    for (const { input, message } of refusals) {
      const answer = await sendOverHttp(input);
      expect(answer.status).toBe(400);
      expect(answer.issues).toContain(message);
    }
    expect((await view(supplyId)).variantRows).toEqual(before.variantRows);
    // Exactly at the limits: 2 axes, 20 values and 100 variants are saved.
    const full = await ops.api.ops.catalog.saveVariants({
      id: supplyId,
      axes: [
        { name: colour, kind: "colour", values: values(20, "W") },
        { name: size, kind: "size", values: values(5, "U") },
      ],
      variants: grid(20, 5),
    });
    expect(full.variantRows).toHaveLength(100);
    expect(full.options.map((o) => o.values.length)).toEqual([20, 5]);
  });

  it("a variant's stock changes on its own through the operator, never below zero, audited with its SKU", async () => {
    const product = await variantProduct(database, {
      axes: [["Hitam", "Putih"]],
      stock: { Hitam: 3, Putih: 10 },
    });
    const hitam = product.variant("Hitam");
    const sku = variantRow(await view(product.supplyId), "Hitam").sku;
    const en = callerFor(database, { token: ops.token, lang: "en" });
    const stocks = async () =>
      (await view(product.supplyId)).variantRows.map((r) => [r.id, r.stock] as [string, number]);

    const added = await ops.api.ops.catalog.stock({ id: product.supplyId, variantId: hitam, change: 5 });
    expect(variantRow(added, "Hitam").stock).toBe(8);
    expect(variantRow(added, "Putih").stock).toBe(10);
    await expect(
      en.ops.catalog.stock({ id: product.supplyId, variantId: hitam, change: -9 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The stock cannot go below zero" });
    // Two corrections at once that together would go below zero: one is taken, the other refused.
    const both = await Promise.allSettled([
      ops.api.ops.catalog.stock({ id: product.supplyId, variantId: hitam, change: -5 }),
      ops.api.ops.catalog.stock({ id: product.supplyId, variantId: hitam, change: -5 }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await stocks()).toEqual([
      [hitam, 3],
      [product.variant("Putih"), 10],
    ]);
    // With several variants the operator must say which; another product's variant is not found.
    await expect(en.ops.catalog.stock({ id: product.supplyId, change: 1 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This product has several variants: set prices, packed size and stock per variant",
    });
    const other = await variantProduct(database, { axes: [["Merah"]] });
    await expect(
      en.ops.catalog.stock({ id: product.supplyId, variantId: other.variant("Merah"), change: 1 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await stocks()).toEqual([
      [hitam, 3],
      [product.variant("Putih"), 10],
    ]);
    // Each change taken is in the audit log with the variant and its SKU; the refused ones are not.
    const audit = (await ops.api.ops.money.audit({ action: "supply.stock", limit: 100 })).items.filter(
      (a) => a.subjectId === product.supplyId,
    );
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { variantId: hitam, sku, stock: 8 },
        { variantId: hitam, sku, stock: 3, change: -5 },
      ],
      [
        { variantId: hitam, sku, stock: 3 },
        { variantId: hitam, sku, stock: 8, change: 5 },
      ],
    ]);
    expect(audit.every((a) => (a.actor ?? "").length > 0)).toBe(true);
  });

  it("search finds a product by its option values' names in every language", async () => {
    const merchant = await merchantWithStore(database);
    const supplyId = await supplyProduct(database, { name: "Kaus Polos" });
    const axis = (values: { ind: string; en: string; zh: string }[]) => [
      { name: colour, kind: "colour" as const, values: values.map((name) => ({ name })) },
    ];
    const red = { ind: "Merah", en: "Red", zh: "红色" };
    const black = { ind: "Hitam", en: "Black", zh: "黑色" };
    await ops.api.ops.catalog.saveVariants({
      id: supplyId,
      axes: axis([red]),
      variants: [row([0], `${supplyId}-MERAH`, { stock: 5 })],
    });
    const listingId = await listing(database, merchant.storeId, supplyId, 100_000);
    const found = async (q: string, lang: "ind" | "en" | "zh") =>
      (await callerFor(database, { lang }).listings.list({ q, storeId: merchant.storeId })).items.map(
        (i) => i.id,
      );
    const words = [
      ["hitam", "ind"],
      ["black", "en"],
      ["黑色", "zh"],
    ] as const;
    // Its name and description say no colour; only Merah is an option so far.
    for (const [q, lang] of words) expect(await found(q, lang)).toEqual([]);
    expect(await found("merah", "ind")).toEqual([listingId]);
    // The operator adds Hitam: every language's name of it finds the product.
    const form = variantForm(await view(supplyId));
    await ops.api.ops.catalog.saveVariants({
      ...form,
      axes: axis([red, black]).map((a, i) => ({
        ...a,
        values: a.values.map((v, j) => ({ ...v, id: form.axes[i]!.values[j]?.id })),
      })),
      variants: [...form.variants, row([1], `${supplyId}-HITAM`, { stock: 5 })],
    });
    for (const [q, lang] of words) expect(await found(q, lang)).toEqual([listingId]);
    expect(await found("HITAM", "en")).toEqual([listingId]);
  });

  it("is the operator's alone", async () => {
    const product = await variantProduct(database, { axes: [["Hitam"]] });
    const form = variantForm(await view(product.supplyId));
    const merchant = await merchantWithStore(database);
    const shopper = await signedInUser(database);
    for (const api of [merchant.api, shopper.api]) {
      expect((await failure(api.ops.catalog.saveVariants(form))).code).toBe("FORBIDDEN");
      expect((await failure(api.ops.catalog.get({ id: product.supplyId }))).code).toBe("FORBIDDEN");
    }
    expect((await failure(callerFor(database).ops.catalog.saveVariants(form))).code).toBe("UNAUTHORIZED");
    expect(
      (
        await failure(
          callerFor(database).ops.catalog.stock({
            id: product.supplyId,
            variantId: product.variant("Hitam"),
            change: 1,
          }),
        )
      ).code,
    ).toBe("UNAUTHORIZED");
  });
});
