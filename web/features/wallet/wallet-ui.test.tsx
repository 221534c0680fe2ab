// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mount, renderHtml, textOf } from "../../../tests/setup/web.tsx";
import { SignedAmount } from "./fund-labels.tsx";
import { AmountField, parseAmount } from "./wallet-ui.tsx";

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

/** A recharge form's amount, as it holds it. */
function Recharge(props: { initial: number | null; seen: (value: number | null) => void }) {
  const [value, setValue] = useState(props.initial);
  return (
    <AmountField
      label="Nominal"
      value={value}
      onChange={(v) => {
        setValue(v);
        props.seen(v);
      }}
    />
  );
}

describe("a typed amount of rupiah", () => {
  it("is its digits, however they are grouped or written", () => {
    expect(parseAmount("1.250.000")).toBe(1_250_000);
    expect(parseAmount("1,250,000")).toBe(1_250_000);
    expect(parseAmount("Rp 50 000")).toBe(50_000);
    expect(parseAmount("007")).toBe(7);
  });

  it("is nothing when it has no digits", () => {
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("Rp ")).toBeNull();
    expect(parseAmount("-")).toBeNull();
  });

  it("keeps at most 12 digits, so it stays an exact number", () => {
    expect(parseAmount("9".repeat(20))).toBe(999_999_999_999);
  });
});

describe("the amount field", () => {
  it("shows the amount grouped as the reader's language writes numbers, after 'Rp'", () => {
    const ind = renderHtml(<AmountField label="Nominal" value={1_250_000} onChange={() => {}} />);
    expect(ind).toMatch(/value="1\.250\.000"/);
    expect(textOf(ind)).toBe("Nominal Rp");
    expect(renderHtml(<AmountField label="Amount" value={1_250_000} onChange={() => {}} />, "en")).toMatch(
      /value="1,250,000"/,
    );
    expect(renderHtml(<AmountField label="Nominal" value={null} onChange={() => {}} />)).toMatch(/value=""/);
  });

  it("regroups the digits as they are typed and hands the form the number", () => {
    const seen: (number | null)[] = [];
    ui = mount(<Recharge initial={null} seen={(v) => seen.push(v)} />);
    const input = ui.get<HTMLInputElement>("input");
    expect(input.inputMode).toBe("numeric");
    ui.type(input, "12500");
    expect(input.value).toBe("12.500");
    ui.type(input, "12.5000");
    expect(input.value).toBe("125.000");
    ui.type(input, "");
    expect(input.value).toBe("");
    expect(seen).toEqual([12_500, 125_000, null]);
  });
});

describe("a signed amount in the wallet's history", () => {
  it("says money in with a plus and money out with a minus, in rupiah", () => {
    expect(textOf(renderHtml(<SignedAmount amount={100_000} />))).toBe("+Rp 100.000");
    expect(textOf(renderHtml(<SignedAmount amount={-52_500} />))).toBe("−Rp 52.500");
  });
});
