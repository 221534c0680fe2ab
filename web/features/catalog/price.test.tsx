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
