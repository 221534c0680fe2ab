import { describe, expect, it } from "vitest";
import type { ImageView } from "#common/images.ts";
import {
  choiceSearch,
  chosenVariant,
  firstUnchosen,
  isDisabled,
  offerOf,
  readChoice,
  valuePicture,
  type ProductOption,
  type ProductVariant,
} from "./variant-choice.ts";

const picture = (url: string): ImageView => ({
  url,
  width: 800,
  height: 800,
  widths: [200, 400],
  formats: ["webp"],
});

const colour: ProductOption = {
  position: 1,
  name: "Warna",
  kind: "colour",
  values: [
    { id: "opv_black", name: "Hitam", swatch: "#000000", image: picture("/i/black-value") },
    { id: "opv_white", name: "Putih", swatch: "#ffffff", image: null },
    { id: "opv_red", name: "Merah", swatch: null, image: null },
  ],
};
const size: ProductOption = {
  position: 2,
  name: "Ukuran",
  kind: "size",
  values: [
    { id: "opv_41", name: "41", swatch: null, image: null },
    { id: "opv_42", name: "42", swatch: null, image: null },
    { id: "opv_43", name: "43", swatch: null, image: null },
  ],
};
const options = [colour, size];

function variant(id: string, values: string[], price: number, stock: number, image: ImageView | null = null) {
  return {
    id,
    values,
    label: null,
    price,
    suggestedPrice: price + 20_000,
    stock,
    image,
  } satisfies ProductVariant;
}

// White comes in 41 and 42 only; black 42 is sold out; every red is sold out.
const variants = [
  variant("var_b41", ["opv_black", "opv_41"], 100_000, 3),
  variant("var_b42", ["opv_black", "opv_42"], 100_000, 0, picture("/i/black-42")),
  variant("var_b43", ["opv_black", "opv_43"], 110_000, 5, picture("/i/black-43")),
  variant("var_w41", ["opv_white", "opv_41"], 95_000, 2),
  variant("var_w42", ["opv_white", "opv_42"], 105_000, 4),
  variant("var_r41", ["opv_red", "opv_41"], 100_000, 0),
  variant("var_r42", ["opv_red", "opv_42"], 100_000, 0),
];

const single = [variant("var_only", [], 50_000, 7)];

const params = (search: string) => new URLSearchParams(search);

describe("reading the choice from the address", () => {
  it("takes one value id per axis from o1 and o2", () => {
    expect(readChoice(options, params("?o1=opv_black&o2=opv_42"))).toEqual(["opv_black", "opv_42"]);
    expect(readChoice(options, params("?o2=opv_43"))).toEqual([null, "opv_43"]);
    expect(readChoice(options, params(""))).toEqual([null, null]);
  });

  it("ignores values the product does not have, or that belong to the other axis", () => {
    expect(readChoice(options, params("?o1=opv_gone&o2=opv_41"))).toEqual([null, "opv_41"]);
    expect(readChoice(options, params("?o1=opv_41&o2=opv_black"))).toEqual([null, null]);
    expect(readChoice(options, params("?o1="))).toEqual([null, null]);
  });

  it("is empty for a product without options, whatever the address says", () => {
    expect(readChoice([], params("?o1=opv_black"))).toEqual([]);
  });
});

describe("the chosen variant", () => {
  it("is the one a complete choice names, even when it is sold out", () => {
    expect(chosenVariant(variants, ["opv_black", "opv_43"])?.id).toBe("var_b43");
    expect(chosenVariant(variants, ["opv_black", "opv_42"])?.id).toBe("var_b42");
  });

  it("is none while an axis is unchosen", () => {
    expect(chosenVariant(variants, ["opv_black", null])).toBeNull();
    expect(chosenVariant(variants, [null, "opv_41"])).toBeNull();
    expect(chosenVariant(variants, [null, null])).toBeNull();
  });

  it("is none for a combination not on sale", () => {
    expect(chosenVariant(variants, ["opv_white", "opv_43"])).toBeNull();
  });

  it("is the one variant of a product without options", () => {
    expect(chosenVariant(single, readChoice([], params("")))?.id).toBe("var_only");
  });

  it("works with one axis", () => {
    const shades = [variant("var_s1", ["opv_s1"], 80_000, 1), variant("var_s2", ["opv_s2"], 80_000, 0)];
    expect(chosenVariant(shades, ["opv_s2"])?.id).toBe("var_s2");
    expect(chosenVariant(shades, [null])).toBeNull();
  });
});

describe("disabled values", () => {
  const disabled = (choice: (string | null)[], axis: number, ids: string[]) =>
    ids.filter((id) => isDisabled(variants, choice, axis, id));
  const colours = colour.values.map((v) => v.id);
  const sizes = size.values.map((v) => v.id);

  it("with nothing chosen: the values none of whose variants has stock", () => {
    expect(disabled([null, null], 0, colours)).toEqual(["opv_red"]);
    expect(disabled([null, null], 1, sizes)).toEqual([]);
  });

  it("with the other axis chosen: the values whose combination with it is sold out or not on sale", () => {
    expect(disabled(["opv_black", null], 1, sizes)).toEqual(["opv_42"]);
    expect(disabled(["opv_white", null], 1, sizes)).toEqual(["opv_43"]);
    expect(disabled(["opv_red", null], 1, sizes)).toEqual(sizes);
    expect(disabled([null, "opv_42"], 0, colours)).toEqual(["opv_black", "opv_red"]);
    expect(disabled([null, "opv_43"], 0, colours)).toEqual(["opv_white", "opv_red"]);
  });

  it("does not depend on the axis's own choice", () => {
    expect(disabled(["opv_white", "opv_41"], 1, sizes)).toEqual(disabled(["opv_white", null], 1, sizes));
    expect(disabled(["opv_black", "opv_42"], 0, colours)).toEqual(disabled([null, "opv_42"], 0, colours));
  });

  it("with one axis: the values whose variant has no stock", () => {
    const shades = [variant("var_s1", ["opv_s1"], 80_000, 1), variant("var_s2", ["opv_s2"], 80_000, 0)];
    expect(isDisabled(shades, [null], 0, "opv_s1")).toBe(false);
    expect(isDisabled(shades, [null], 0, "opv_s2")).toBe(true);
    expect(isDisabled(shades, ["opv_s1"], 0, "opv_s2")).toBe(true);
  });

  it("a value no variant on sale has is disabled", () => {
    expect(isDisabled(variants, [null, null], 1, "opv_44")).toBe(true);
  });
});

describe("the first axis still to choose", () => {
  it("is the first unchosen one, or none", () => {
    expect(firstUnchosen(options, [null, null])).toBe(colour);
    expect(firstUnchosen(options, ["opv_black", null])).toBe(size);
    expect(firstUnchosen(options, [null, "opv_42"])).toBe(colour);
    expect(firstUnchosen(options, ["opv_black", "opv_42"])).toBeNull();
    expect(firstUnchosen([], [])).toBeNull();
  });
});

describe("the address of a choice", () => {
  it("sets its own axis and keeps the other", () => {
    expect(choiceSearch(params(""), 0, "opv_black")).toBe("?o1=opv_black");
    expect(choiceSearch(params("?o2=opv_42"), 0, "opv_black")).toBe("?o1=opv_black&o2=opv_42");
    expect(choiceSearch(params("?o1=opv_black&o2=opv_42"), 1, "opv_41")).toBe("?o1=opv_black&o2=opv_41");
    expect(choiceSearch(params("?o1=opv_black&o2=opv_42"), 0, "opv_white")).toBe("?o1=opv_white&o2=opv_42");
  });

  it("keeps unrelated parameters, and gives one address whatever the order it came in", () => {
    expect(choiceSearch(params("?utm_source=wa&o2=opv_42"), 0, "opv_black")).toBe(
      "?o1=opv_black&o2=opv_42&utm_source=wa",
    );
    expect(choiceSearch(params("?o2=opv_42&o1=opv_white"), 0, "opv_black")).toBe(
      choiceSearch(params("?o1=opv_white&o2=opv_42"), 0, "opv_black"),
    );
  });

  it("does not change the parameters it was given", () => {
    const current = params("?o1=opv_black");
    choiceSearch(current, 0, "opv_white");
    expect(current.toString()).toBe("o1=opv_black");
  });
});

describe("a colour's picture", () => {
  it("is the first variant of that colour with a picture", () => {
    expect(valuePicture(variants, 0, colour.values[0]!)?.url).toBe("/i/black-42");
  });

  it("is the value's own picture when none of its variants has one, else none", () => {
    const noVariantPictures = variants.map((v) => ({ ...v, image: null }));
    expect(valuePicture(noVariantPictures, 0, colour.values[0]!)?.url).toBe("/i/black-value");
    expect(valuePicture(variants, 0, colour.values[1]!)).toBeNull();
  });
});

describe("what the page shows for the choice so far", () => {
  it("before any choice: the price range and the stock of every variant", () => {
    expect(offerOf(variants, [null, null])).toEqual({
      price: 95_000,
      maxPrice: 110_000,
      suggestedPrice: 115_000,
      stock: 14,
    });
  });

  it("for a half-made choice: those of the variants it leaves", () => {
    expect(offerOf(variants, ["opv_black", null])).toEqual({
      price: 100_000,
      maxPrice: 110_000,
      suggestedPrice: 120_000,
      stock: 8,
    });
    expect(offerOf(variants, [null, "opv_42"])).toEqual({
      price: 100_000,
      maxPrice: 105_000,
      suggestedPrice: 120_000,
      stock: 4,
    });
    expect(offerOf(variants, ["opv_red", null])?.stock).toBe(0);
  });

  it("for a complete choice: the chosen variant's, sold out or not", () => {
    expect(offerOf(variants, ["opv_white", "opv_42"])).toEqual({
      price: 105_000,
      maxPrice: 105_000,
      suggestedPrice: 125_000,
      stock: 4,
    });
    expect(offerOf(variants, ["opv_black", "opv_42"])?.stock).toBe(0);
  });

  it("nothing for a combination not on sale", () => {
    expect(offerOf(variants, ["opv_white", "opv_43"])).toBeNull();
  });

  it("for a product without options: its one variant's", () => {
    expect(offerOf(single, [])).toEqual({
      price: 50_000,
      maxPrice: 50_000,
      suggestedPrice: 70_000,
      stock: 7,
    });
  });
});
