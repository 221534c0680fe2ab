// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount } from "../../../tests/setup/web.tsx";
import { StockDialog } from "./stock-dialog.tsx";

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

/** Chooses an option as a user does (React reads the choice from a change event). */
function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!.call(select, value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function dialog(stock: number) {
  const onConfirm = vi.fn();
  ui = mount(<StockDialog product="Tas Anyaman Rotan" stock={stock} onConfirm={onConfirm} />);
  const input = ui.get<HTMLInputElement>("input");
  const after = () => ui!.get(`[id="${input.id}-result"]`).textContent;
  const error = () => ui!.container.querySelector(`[id="${input.id}-error"]`)?.textContent;
  const send = () => ui!.submit(ui!.get<HTMLFormElement>("form"));
  return { ui, input, after, error, send, onConfirm };
}

describe("the operator's stock change", () => {
  it("shows the stock the change makes as it is typed, grouped as the language writes numbers", () => {
    const { ui, input, after } = dialog(1_200);
    expect(after()).toBe("Stok setelahnya: 1.200");
    ui.type(input, "35");
    expect(after()).toBe("Stok setelahnya: 1.235");
    ui.type(input, "-200");
    expect(after()).toBe("Stok setelahnya: 1.000");
    ui.type(input, "12a");
    expect(after()).toBe("Stok setelahnya: 1.200");
  });

  it("saves a change that keeps the stock at zero or more", () => {
    const { ui, input, send, onConfirm, error } = dialog(5);
    ui.type(input, " -5 ");
    send();
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(-5);
    expect(error()).toBeUndefined();
  });

  it("refuses a change that is not a whole number, is zero, or takes the stock below zero, saying why", () => {
    const { ui, input, send, onConfirm, error } = dialog(5);
    for (const typed of ["", "0", "1,5", "abc"]) {
      ui.type(input, typed);
      send();
      expect(error(), typed).toBe("Masukkan jumlah barang masuk (angka negatif untuk barang keluar)");
      expect(input.getAttribute("aria-invalid")).toBe("true");
    }
    ui.type(input, "-6");
    send();
    expect(error()).toBe("Stok tidak boleh di bawah nol");
    expect(onConfirm).not.toHaveBeenCalled();
    // Typing again clears the message.
    ui.type(input, "-4");
    expect(error()).toBeUndefined();
  });

  it("asks which variant of a product with several, each with its SKU and stock, and changes that one", () => {
    const onConfirm = vi.fn();
    const variants = [
      { id: "var_a", label: "Hitam / 41", sku: "SEPATU-HITAM-41", stock: 1_200 },
      { id: "var_b", label: "Hitam / 42", sku: "SEPATU-HITAM-42", stock: 3 },
    ];
    ui = mount(<StockDialog product="Sepatu Lari" stock={1_203} variants={variants} onConfirm={onConfirm} />);
    const select = ui.get<HTMLSelectElement>("select");
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Pilih varian",
      "Hitam / 41 · stok 1.200 · SEPATU-HITAM-41",
      "Hitam / 42 · stok 3 · SEPATU-HITAM-42",
    ]);
    const input = ui.get<HTMLInputElement>("input");
    const form = ui.get<HTMLFormElement>("form");
    ui.type(input, "-4");
    ui.submit(form);
    expect(ui.get(`[id="${select.id}-error"]`).textContent).toBe("Pilih varian yang stoknya diubah");
    choose(select, "var_b");
    expect(ui.get(`[id="${input.id}-result"]`).textContent).toBe("Stok setelahnya: -1");
    ui.submit(form);
    expect(ui.get(`[id="${input.id}-error"]`).textContent).toBe("Stok tidak boleh di bawah nol");
    ui.type(input, "-3");
    ui.submit(form);
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(-3, "var_b");
  });
});
