// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount } from "../../../tests/setup/web.tsx";
import { PriceDialog, VariantPriceForm } from "./price-dialog.tsx";

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

function dialog(price: number | null = null) {
  const onConfirm = vi.fn();
  ui = mount(
    <PriceDialog
      title="Jual produk"
      product="Tas Anyaman Rotan"
      merchantPrice={100_000}
      suggestedPrice={135_000}
      price={price}
      confirmLabel="Simpan"
      onConfirm={onConfirm}
    />,
  );
  const input = ui.get<HTMLInputElement>('input[name="amount"]');
  const margin = () => ui!.get('[data-testid="margin"]').textContent;
  const error = () =>
    ui!.container.querySelector(`[id="${input.getAttribute("aria-describedby")}"]`)?.textContent;
  const send = () => ui!.submit(ui!.get<HTMLFormElement>("form"));
  return { ui, input, margin, error, send, onConfirm };
}

describe("the merchant's price for a supply product", () => {
  it("shows the merchant and suggested prices, and the store's own price grouped", () => {
    const { ui, input } = dialog(125_000);
    expect(ui.all("dd").map((d) => d.textContent)).toEqual(["Rp 100.000", "Rp 135.000"]);
    expect(input.value).toBe("125.000");
  });

  it("shows the margin over the merchant price as it is typed, and when it is below", () => {
    const { ui, input, margin } = dialog();
    expect(margin()).toBe("\u00a0");
    ui.type(input, "125000");
    expect(margin()).toBe("Margin Rp 25.000 (25%) per barang");
    ui.type(input, "100.000");
    expect(margin()).toBe("Margin Rp 0 (0%) per barang");
    ui.type(input, "99.999");
    expect(margin()).toBe("Di bawah harga modal");
  });

  it("saves a price at or above the merchant price", () => {
    const { ui, input, send, onConfirm } = dialog();
    ui.type(input, "Rp 149.000");
    send();
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(149_000);
  });

  it("refuses no price and a price below the merchant price, naming it", () => {
    const { ui, input, send, onConfirm, error } = dialog();
    send();
    expect(error()).toBe("Masukkan harga dalam rupiah bulat");
    ui.type(input, "90000");
    expect(error()).toBeUndefined();
    send();
    expect(error()).toBe("Harga tidak boleh di bawah harga modal (Rp 100.000)");
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe("the merchant's prices per variant", () => {
  const variant = (id: string, label: string, cost: number, price: number | null, onSale: boolean) => ({
    id,
    label,
    sku: `SPT-${id.toUpperCase()}`,
    merchantPrice: cost,
    suggestedPrice: cost * 2,
    stock: 12,
    price,
    onSale,
  });

  function form(mode: "list" | "reprice", variants: ReturnType<typeof variant>[]) {
    const onConfirm = vi.fn();
    ui = mount(
      <VariantPriceForm
        title="Ubah harga"
        product="Sepatu Lari"
        supplyProductId="sup_x"
        mode={mode}
        confirmLabel="Simpan"
        onConfirm={onConfirm}
        variants={variants}
      />,
    );
    const mounted = ui;
    const all = mounted.get<HTMLInputElement>('input[name="amount"]');
    const prices = () => mounted.all<HTMLInputElement>('[data-testid="variant-rows"] input[name="amount"]');
    const switches = () => mounted.all<HTMLInputElement>('input[role="switch"]');
    const errorOf = (input: HTMLInputElement) =>
      mounted.container.querySelector(`[id="${input.getAttribute("aria-describedby")}"]`)?.textContent;
    const send = () => mounted.submit(mounted.get<HTMLFormElement>("form"));
    return { ui: mounted, all, prices, switches, errorOf, send, onConfirm };
  }

  it("lists every variant at its suggested price; one price for all fills each row, checked against its own cost", () => {
    const f = form("list", [
      variant("a", "Hitam / 41", 60_000, null, false),
      variant("b", "Putih / 42", 65_000, null, false),
    ]);
    expect(f.prices().map((i) => i.value)).toEqual(["120.000", "130.000"]);
    expect(f.switches().map((s) => s.checked)).toEqual([true, true]);
    expect(f.ui.all("legend").map((l) => l.textContent)).toEqual(["Hitam / 41", "Putih / 42"]);
    expect(f.ui.container.textContent).toContain("SPT-B");

    f.ui.type(f.all, "62000");
    expect(f.prices().map((i) => i.value)).toEqual(["62.000", "62.000"]);
    f.send();
    expect(f.errorOf(f.prices()[0]!)).toBeUndefined();
    expect(f.errorOf(f.prices()[1]!)).toBe("Harga Putih / 42 di bawah modal Rp 65.000");
    expect(f.onConfirm).not.toHaveBeenCalled();

    f.ui.type(f.prices()[1]!, "129000");
    expect(f.errorOf(f.prices()[1]!)).toBeUndefined();
    f.send();
    expect(f.onConfirm).toHaveBeenCalledExactlyOnceWith({
      prices: [
        { variantId: "a", price: 62_000 },
        { variantId: "b", price: 129_000 },
      ],
      off: [],
    });
  });

  it("reprices as the store left it: a new variant is empty and off until priced; switching one off sends it off", () => {
    const f = form("reprice", [
      variant("a", "Hitam / 41", 60_000, 99_000, true),
      variant("b", "Hitam / 42", 60_000, null, false),
      variant("c", "Putih / 41", 60_000, 97_000, false),
    ]);
    expect(f.prices().map((i) => i.value)).toEqual(["99.000", "", "97.000"]);
    expect(f.switches().map((s) => s.checked)).toEqual([true, false, false]);
    expect(f.ui.all("legend").map((l) => l.textContent)).toEqual([
      "Hitam / 41",
      "Hitam / 42 Baru",
      "Putih / 41",
    ]);

    // Pricing the new variant puts it on sale; a priced one switched off stays as it is.
    f.ui.type(f.prices()[1]!, "109.000");
    expect(f.switches().map((s) => s.checked)).toEqual([true, true, false]);
    f.ui.click(f.switches()[0]!);
    f.send();
    expect(f.onConfirm).toHaveBeenCalledExactlyOnceWith({
      prices: [{ variantId: "b", price: 109_000 }],
      off: ["a"],
    });
  });

  it("asks for a price on each row on sale, and for at least one row on sale", () => {
    const f = form("reprice", [
      variant("a", "S", 50_000, 80_000, true),
      variant("b", "M", 50_000, null, false),
    ]);
    f.ui.click(f.switches()[1]!);
    f.send();
    expect(f.errorOf(f.prices()[1]!)).toBe("Masukkan harga dalam rupiah bulat");
    f.ui.click(f.switches()[1]!);
    f.ui.click(f.switches()[0]!);
    f.send();
    expect(f.ui.get('[role="alert"]').textContent).toBe("Pilih paling sedikit satu varian untuk dijual");
    expect(f.onConfirm).not.toHaveBeenCalled();
  });
});
