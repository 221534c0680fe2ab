// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount } from "../../../tests/setup/web.tsx";
import { PriceDialog } from "./price-dialog.tsx";

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
