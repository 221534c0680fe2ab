// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { maxItemQuantity } from "#common/quantities.ts";
import { mount } from "../../../tests/setup/web.tsx";
import { decodeLines } from "./decode-lines.ts";
import { encodeLines, Stepper } from "./lines.tsx";

/** A cart line's quantity, as the cart holds it. */
function Quantity(props: { initial: number; stock: number }) {
  const [value, setValue] = useState(props.initial);
  return <Stepper label="Jumlah" value={value} max={props.stock} onChange={setValue} />;
}

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

function stepper(initial: number, stock: number) {
  ui = mount(<Quantity initial={initial} stock={stock} />);
  const fewer = ui.get<HTMLButtonElement>('button[aria-label="Kurangi satu"]');
  const more = ui.get<HTMLButtonElement>('button[aria-label="Tambah satu"]');
  const shown = () => Number(ui!.get("output").textContent);
  return { ui, fewer, more, shown };
}

describe("the quantity stepper of a cart line", () => {
  it("never goes below 1", () => {
    const { ui, fewer, more, shown } = stepper(2, 10);
    expect(fewer.disabled).toBe(false);
    ui.click(fewer);
    expect(shown()).toBe(1);
    expect(fewer.disabled).toBe(true);
    ui.click(fewer);
    expect(shown()).toBe(1);
    expect(more.disabled).toBe(false);
  });

  it("never goes above the stock", () => {
    const { ui, more, shown } = stepper(1, 3);
    ui.click(more);
    ui.click(more);
    expect(shown()).toBe(3);
    expect(more.disabled).toBe(true);
    ui.click(more);
    expect(shown()).toBe(3);
  });

  it("never goes above the most one line may hold, however large the stock", () => {
    const { ui, more, shown } = stepper(maxItemQuantity - 1, 10_000);
    ui.click(more);
    expect(shown()).toBe(maxItemQuantity);
    expect(more.disabled).toBe(true);
  });

  it("is labelled as a group with the line's name", () => {
    const { ui } = stepper(1, 5);
    expect(ui.get('[role="group"]').getAttribute("aria-label")).toBe("Jumlah");
  });
});

describe("the lines a cart sends to the pay page", () => {
  it("come back as they were sent", () => {
    const lines = [
      { listingId: "prd_a1", quantity: 2 },
      { listingId: "prd_b2", quantity: maxItemQuantity },
    ];
    expect(encodeLines(lines)).toBe("prd_a1*2,prd_b2*99");
    expect(decodeLines(encodeLines(lines))).toEqual(lines);
  });

  it("leave out a malformed line, a quantity of 0 or above the most a line may hold, and keep the others", () => {
    expect(decodeLines("prd_a*0,prd_b*100,prd_c*3,xyz*1,prd_d*,prd_E*1,prd_f*-1")).toEqual([
      { listingId: "prd_c", quantity: 3 },
    ]);
    expect(decodeLines(null)).toEqual([]);
    expect(decodeLines("")).toEqual([]);
  });

  it("read at most 50 lines", () => {
    const many = Array.from({ length: 60 }, (_, i) => `prd_x${i}*1`).join(",");
    expect(decodeLines(many)).toHaveLength(50);
  });
});
