import { readFileSync } from "node:fs";
import path from "node:path";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "#common/locales.ts";
import { renderHtml, textOf } from "../../../tests/setup/web.tsx";
import { firstUnchosen, readChoice, type ProductOption, type ProductVariant } from "./variant-choice.ts";
import { VariantPicker } from "./variant-picker.tsx";

const photo = { url: "/media/black", width: 800, height: 800, widths: [80, 400], formats: ["webp" as const] };

const options: ProductOption[] = [
  {
    position: 1,
    name: "Warna",
    kind: "colour",
    values: [
      { id: "opv_black", name: "Hitam", swatch: "#000000", image: null },
      { id: "opv_white", name: "Putih", swatch: "#ffffff", image: null },
    ],
  },
  {
    position: 2,
    name: "Ukuran",
    kind: "size",
    values: [
      { id: "opv_41", name: "41", swatch: null, image: null },
      { id: "opv_42", name: "42", swatch: null, image: null },
    ],
  },
];

const variant = (values: string[], stock: number, image: typeof photo | null = null): ProductVariant => ({
  id: `var_${values.join("_")}`,
  values,
  label: null,
  price: 100_000,
  suggestedPrice: 120_000,
  stock,
  image,
});

// Black 42 is sold out; white 41 is not on sale.
const variants = [
  variant(["opv_black", "opv_41"], 3, photo),
  variant(["opv_black", "opv_42"], 0),
  variant(["opv_white", "opv_42"], 2),
];

function render(search: string, extra: { prompt?: boolean; locale?: Locale } = {}) {
  const choice = readChoice(options, new URLSearchParams(search));
  return renderHtml(
    <MemoryRouter initialEntries={[`/h5/products/prd_1${search}`]}>
      <VariantPicker
        options={options}
        variants={variants}
        choice={choice}
        prompt={extra.prompt ? firstUnchosen(options, choice) : null}
      />
    </MemoryRouter>,
    extra.locale,
  );
}

const fieldsets = (html: string) => html.split("</fieldset>").slice(0, -1);

describe("the variant picker", () => {
  it("has a fieldset per axis named by its legend, with the chosen value in it", () => {
    const html = render("?o1=opv_black");
    expect(fieldsets(html)).toHaveLength(2);
    expect(html).toMatch(/<legend[^>]*>Warna: Hitam<\/legend>/);
    expect(html).toMatch(/<legend[^>]*>Ukuran<\/legend>/);
    expect(render("?o1=opv_black", { locale: "zh" })).toMatch(/<legend[^>]*>Warna：Hitam<\/legend>/);
  });

  it("links each value to the address with it chosen, keeping the other axis and other parameters", () => {
    const html = render("?o1=opv_black&ref=wa");
    expect(html).toContain('href="/h5/products/prd_1?o1=opv_white&amp;ref=wa"');
    expect(html).toContain('href="/h5/products/prd_1?o1=opv_black&amp;o2=opv_41&amp;ref=wa"');
  });

  it("marks the chosen value as current", () => {
    const html = render("?o1=opv_white&o2=opv_42");
    expect(html.match(/aria-current="true"/g)).toHaveLength(2);
    expect(html).toMatch(/<a [^>]*aria-current="true"[^>]*>.*?Putih<\/a>/);
    expect(html).toMatch(/<a [^>]*aria-current="true"[^>]*>42<\/a>/);
  });

  it("makes a sold-out or missing combination plain text, struck through and said to be sold out", () => {
    const html = render("?o1=opv_black");
    const sizes = fieldsets(html)[1]!;
    expect(sizes).toMatch(
      /<span aria-disabled="true" class="variant-chip">42 <span class="sr-only">habis<\/span><\/span>/,
    );
    expect(sizes).not.toContain("o2=opv_42");
    expect(sizes).toContain("o2=opv_41");
    // With 42 chosen, black is sold out; with 41 chosen, white is not on sale.
    expect(fieldsets(render("?o2=opv_42"))[0]).toMatch(
      /aria-disabled="true"[^>]*>.*?Hitam <span class="sr-only">habis/,
    );
    expect(fieldsets(render("?o2=opv_41"))[0]).toMatch(
      /aria-disabled="true"[^>]*>.*?Putih <span class="sr-only">habis/,
    );
    expect(textOf(render("?o1=opv_black", { locale: "en" }))).toContain("42 sold out");
  });

  it("shows a colour by its first variant's picture at 40 px, else by its swatch, with its name", () => {
    const colours = fieldsets(render(""))[0]!;
    expect(colours).toMatch(
      /<img [^>]*src="\/media\/black-80\.webp"[^>]*sizes="40px"[^>]*width="40" height="40" alt=""/,
    );
    expect(colours).toContain('style="background-color:#ffffff"');
    expect(textOf(colours)).toBe("Warna Hitam Putih");
    expect(fieldsets(render(""))[1]).not.toContain("<img");
  });

  it("asks for the first unchosen axis when prompted, and only then", () => {
    expect(render("?o1=opv_black")).not.toContain('role="alert"');
    const sizes = fieldsets(render("?o1=opv_black", { prompt: true }))[1]!;
    expect(sizes).toMatch(/<p role="alert"[^>]*>Pilih Ukuran<\/p>/);
    expect(fieldsets(render("", { prompt: true }))[0]).toContain("Pilih Warna");
    expect(render("?o1=opv_black&o2=opv_41", { prompt: true })).not.toContain('role="alert"');
  });

  it("has focusable fieldsets the buy bar can move to", () => {
    const html = render("");
    expect(html).toMatch(/<fieldset id="option-1" tabindex="-1"/);
    expect(html).toMatch(/<fieldset id="option-2" tabindex="-1"/);
  });

  it("draws chips 44 px high, the chosen one marked and a sold-out one struck through (app.css)", () => {
    const css = readFileSync(path.join(import.meta.dirname, "../../app.css"), "utf8");
    const rule = (selector: string) => css.match(new RegExp(`${selector} \\{\\s*@apply ([^;]*);`))?.[1];
    expect(rule("\\.variant-chip")).toContain("min-h-11");
    expect(rule('\\.variant-chip\\[aria-current="true"\\]')).toContain("border-primary-700");
    expect(rule('\\.variant-chip\\[aria-disabled="true"\\]')).toContain("line-through");
  });

  it("shows nothing for a product without options", () => {
    const html = renderHtml(
      <MemoryRouter>
        <VariantPicker options={[]} variants={[variant([], 5)]} choice={[]} />
      </MemoryRouter>,
    );
    expect(html).toBe("");
  });
});
