// @vitest-environment happy-dom
import { act, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChannelOffer } from "#common/contracts/payments.ts";
import type { PaymentChannel } from "#common/payment-channels.ts";
import { mount, renderHtml, textOf } from "../../../tests/setup/web.tsx";
import { ChannelPicker } from "./channel-picker.tsx";

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

// Fees for Rp 100.000: QRIS 0,7 %, the others fixed.
const offers: ChannelOffer[] = [
  {
    channel: "va_bca",
    fee: 4_000,
    feeRule: { fixed: 4_000, basisPoints: 0 },
    refundable: false,
    windowMinutes: 1440,
  },
  { channel: "ovo", fee: 0, feeRule: { fixed: 0, basisPoints: 0 }, refundable: true, windowMinutes: 15 },
  { channel: "gopay", fee: 0, feeRule: { fixed: 0, basisPoints: 0 }, refundable: true, windowMinutes: 15 },
  { channel: "qris", fee: 700, feeRule: { fixed: 0, basisPoints: 70 }, refundable: true, windowMinutes: 15 },
  {
    channel: "indomaret",
    fee: 5_000,
    feeRule: { fixed: 5_000, basisPoints: 0 },
    refundable: false,
    windowMinutes: 1440,
  },
  {
    channel: "va_bri",
    fee: 0,
    feeRule: { fixed: 0, basisPoints: 0 },
    refundable: false,
    windowMinutes: 1440,
  },
];

/** The picker as a page holds it. */
function Picker(props: { suggest?: () => Promise<string>; seen?: (channel: PaymentChannel) => void }) {
  const [value, setValue] = useState<PaymentChannel | null>(null);
  const [phone, setPhone] = useState("");
  return (
    <ChannelPicker
      name="method"
      offers={offers}
      value={value}
      onChange={(c) => {
        setValue(c);
        props.seen?.(c);
      }}
      phone={phone}
      onPhoneChange={setPhone}
      phoneError={phone === "bad" ? "Nomor salah" : undefined}
      suggestPhone={props.suggest}
    />
  );
}

describe("the channel picker", () => {
  it("groups the channels under their kind, in the order shoppers know, brand and fee on each", () => {
    ui = mount(<Picker />);
    const legends = ui.all("legend").map((l) => l.textContent);
    expect(legends).toEqual(["QRIS", "Virtual Account", "E-wallet", "Gerai retail"]);
    const rows = ui
      .all("fieldset")
      .map((f) => [...f.querySelectorAll("label")].map((l) => textOf(l.innerHTML)));
    expect(rows).toEqual([
      ["QRIS + Rp 700"],
      ["BCA Virtual Account + Rp 4.000", "BRI Virtual Account"],
      ["OVO", "GoPay"],
      ["Indomaret + Rp 5.000"],
    ]);
  });

  it("is one radio group: every channel a radio of the same name, its label its brand", () => {
    ui = mount(<Picker />);
    const radios = ui.all<HTMLInputElement>('input[type="radio"]');
    expect(radios.map((r) => [r.name, r.value])).toEqual([
      ["method", "qris"],
      ["method", "va_bca"],
      ["method", "va_bri"],
      ["method", "ovo"],
      ["method", "gopay"],
      ["method", "indomaret"],
    ]);
    // Each group says what its channels are for, and how long it gives to pay.
    const hints = ui
      .all("fieldset")
      .map((f) => ui!.get(`[id="${f.getAttribute("aria-describedby")}"]`).textContent);
    expect(hints).toEqual([
      "Scan dengan aplikasi e-wallet atau mobile banking apa saja · Bayar dalam 15 menit",
      "Transfer lewat ATM, mobile banking, atau internet banking · Bayar dalam 24 jam",
      "Bayar di aplikasi e-wallet Anda · Bayar dalam 15 menit",
      "Bayar tunai di kasir gerai · Bayar dalam 24 jam",
    ]);
  });

  it("asks for OVO's phone only once OVO is chosen, suggesting the account's number", async () => {
    const suggest = vi.fn(() => Promise.resolve("0812 3456 7890"));
    const seen = vi.fn();
    ui = mount(<Picker suggest={suggest} seen={seen} />);
    expect(ui.container.querySelector('input[type="tel"]')).toBeNull();
    ui.click(ui.get('input[value="va_bca"]'));
    expect(seen).toHaveBeenLastCalledWith("va_bca");
    expect(suggest).not.toHaveBeenCalled();
    await act(async () => ui!.get('input[value="ovo"]').click());
    expect(suggest).toHaveBeenCalledOnce();
    await vi.waitFor(() =>
      expect(ui!.get<HTMLInputElement>('input[type="tel"]').value).toBe("0812 3456 7890"),
    );
    const phone = ui.get<HTMLInputElement>('input[type="tel"]');
    expect(ui.get(`label[for="${phone.id}"]`).textContent).toBe("Nomor HP terdaftar di OVO");
    ui.type(phone, "bad");
    expect(ui.get(`[id="${phone.getAttribute("aria-describedby")}"]`).textContent).toBe("Nomor salah");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
  });

  it("keeps a number the shopper typed over the suggestion", async () => {
    let answer: (phone: string) => void = () => {};
    const suggest = () => new Promise<string>((resolve) => (answer = resolve));
    ui = mount(<Picker suggest={suggest} />);
    ui.click(ui.get('input[value="ovo"]'));
    ui.type(ui.get<HTMLInputElement>('input[type="tel"]'), "0813 1111 2222");
    await act(async () => answer("0812 3456 7890"));
    expect(ui.get<HTMLInputElement>('input[type="tel"]').value).toBe("0813 1111 2222");
  });

  it("writes the kinds in the reader's language, the brands as they are", () => {
    const html = renderHtml(
      <ChannelPicker
        name="m"
        offers={offers}
        value={null}
        onChange={() => {}}
        phone=""
        onPhoneChange={() => {}}
      />,
      "zh",
    );
    expect(textOf(html)).toContain("虚拟账户");
    expect(textOf(html)).toContain("BCA Virtual Account + Rp 4.000");
    expect(textOf(html)).toContain("请在 24 小时 内付款");
  });
});
