import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../../tests/setup/money.ts";
import { variantProduct, variantsOf } from "../../../tests/setup/shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const same = (text: string) => ({ ind: text, en: text, zh: text });
const row = (values: number[], sku: string) => ({
  values,
  sku,
  merchantPrice: 50_000,
  suggestedPrice: 80_000,
  weightGrams: 300,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
  stock: 4,
});

describe("an option value removed and typed again", () => {
  it("is the same value: its archived variant comes back with its id and SKU, not a clashing new one", async () => {
    const ops = await signedInUser(database, "operator");
    const product = await variantProduct(database, { axes: [["Hitam", "Putih"]] });
    const white = product.variant("Putih");
    const [axis] = (await ops.api.ops.catalog.get({ id: product.supplyId })).options;
    const black = axis!.values.find((v) => v.name.ind === "Hitam")!;
    const sku = (await variantsOf(database, product.supplyId)).find((v) => v.id === white)!.sku;
    const colour = { name: { ind: "Warna", en: "Colour", zh: "颜色" }, kind: "colour" as const };

    // Putih removed: its variant is archived.
    await ops.api.ops.catalog.saveVariants({
      id: product.supplyId,
      axes: [{ ...colour, values: [{ id: black.id, name: black.name }] }],
      variants: [row([0], `${sku}-B`)],
    });
    expect((await variantsOf(database, product.supplyId)).map((v) => v.id)).not.toContain(white);

    // Typed again, without its id (the form no longer had it): the same variant, with its SKU.
    await ops.api.ops.catalog.saveVariants({
      id: product.supplyId,
      axes: [{ ...colour, values: [{ id: black.id, name: black.name }, { name: same("putih") }] }],
      variants: [row([0], `${sku}-B`), row([1], sku)],
    });
    const back = (await variantsOf(database, product.supplyId)).find((v) => v.sku === sku);
    expect(back?.id).toBe(white);

    // Two values named alike in one axis are refused, with the reason.
    await expect(
      ops.api.ops.catalog.saveVariants({
        id: product.supplyId,
        axes: [{ ...colour, values: [{ name: same("Merah") }, { name: same("merah ") }] }],
        variants: [row([0], `${sku}-R1`), row([1], `${sku}-R2`)],
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("errors.supply.valueTwice"),
    });
  });
});
