import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../../tests/setup/web.tsx";
import { Price } from "./price.tsx";

const saving = (percent: number) => `Hemat ${percent}%`;

describe("a product's price", () => {
  it("is shown in rupiah with dots between thousands", () => {
    expect(textOf(renderHtml(<Price price={1_250_000} />))).toBe("Rp 1.250.000");
    // The same in every language: rupiah are always written the Indonesian way.
    expect(textOf(renderHtml(<Price price={1_250_000} />, "en"))).toBe("Rp 1.250.000");
  });

  it("has the usual price struck through beside it, and the saving, when it is lower", () => {
    const html = renderHtml(<Price price={1_000_000} usual={1_250_000} discountLabel={saving} />);
    expect(html).toMatch(/<s[\s>]/);
    expect(textOf(html)).toBe("Rp 1.000.000 Rp 1.250.000 Hemat 20%");
  });

  it("shows neither when the usual price is not higher", () => {
    for (const usual of [1_000_000, 900_000, 0]) {
      const html = renderHtml(<Price price={1_000_000} usual={usual} discountLabel={saving} />);
      expect(html).not.toMatch(/<s[\s>]/);
      expect(textOf(html)).toBe("Rp 1.000.000");
    }
  });
});

describe("the price of a product with variants", () => {
  it("is a range from the lowest to the highest, with no usual price or saving", () => {
    const html = renderHtml(<Price price={99_000} max={129_000} usual={150_000} discountLabel={saving} />);
    expect(html).not.toMatch(/<s[\s>]/);
    expect(textOf(html)).toBe("Rp 99.000 – Rp 129.000");
  });

  it("breaks between the two amounts only, never inside one", () => {
    expect(renderHtml(<Price price={99_000} max={129_000} />)).toContain(
      "Rp\u00a099.000\u00a0– Rp\u00a0129.000",
    );
  });

  it("is one price, with the usual one struck through, when every variant costs the same", () => {
    for (const max of [99_000, 90_000, undefined]) {
      const html = renderHtml(<Price price={99_000} max={max} usual={110_000} discountLabel={saving} />);
      expect(html).toMatch(/<s[\s>]/);
      expect(textOf(html)).toBe("Rp 99.000 Rp 110.000 Hemat 10%");
    }
  });
});
