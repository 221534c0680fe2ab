import { describe, expect, it, vi } from "vitest";
import type { AttemptView } from "#common/contracts/payments.ts";
import { renderHtml, textOf } from "../../../tests/setup/web.tsx";
import { PushPanel, RetailPanel, VaPanel, walletTarget } from "./attempt-panels.tsx";
import type { CopyState } from "./copy.tsx";

// The panels read the reader's time zone from the root loader's data; outside a router it is WIB.
vi.mock("react-router", () => ({ useRouteLoaderData: () => undefined, useRevalidator: () => ({}) }));

const copy: CopyState = { copied: null, announcement: "", copy: async () => {} };

function attempt(action: AttemptView["action"], channel: AttemptView["channel"]): AttemptView {
  return {
    id: "pat_test1",
    purpose: "orders",
    subjectId: "chk_test1",
    orderIds: ["ord_1"],
    channel,
    amount: 154_000,
    fee: 4_000,
    status: "pending",
    expiresAt: new Date("2026-11-26T08:00:00Z"),
    action,
    canSwitch: true,
    channels: [],
    simulateUrl: null,
    buyAgain: [],
  };
}

/** The titles of the disclosure sections of some markup. */
const sections = (html: string) =>
  [...html.matchAll(/<summary[^>]*>(.*?)<\/summary>/g)].map((m) => textOf(m[1]!));

describe("a virtual account's screen", () => {
  const bca = attempt({ type: "va", bank: "bca", accountNumber: "3901081234567890" }, "va_bca");

  it("shows the number in groups of four and copies it whole, and the exact amount", () => {
    const html = renderHtml(<VaPanel attempt={bca} action={bca.action as never} copy={copy} />);
    const text = textOf(html);
    expect(text).toContain("Nomor Virtual Account 3901 0812 3456 7890");
    expect(text).toContain("Jumlah transfer Rp 154.000");
    expect(html).toContain('aria-label="Salin Nomor Virtual Account"');
    expect(html).toContain('aria-label="Salin Jumlah transfer"');
    // The deadline in WIB, in the reader's language.
    expect(text).toContain("Bayar sebelum 26 Nov 2026, 15.00 WIB");
  });

  it("names the button that says Copied for what it did, the visible word in its name (WCAG 2.5.3)", () => {
    const copied: CopyState = { ...copy, copied: "number" };
    const ind = renderHtml(<VaPanel attempt={bca} action={bca.action as never} copy={copied} />);
    expect(ind).toContain('aria-label="Nomor Virtual Account disalin"');
    expect(ind).toContain('aria-label="Salin Jumlah transfer"');
    const en = renderHtml(<VaPanel attempt={bca} action={bca.action as never} copy={copied} />, "en");
    expect(en).toContain('aria-label="Virtual account number copied"');
    expect(textOf(en)).toContain("Copied");
  });

  it("explains paying at that bank's ATM, its app and its internet banking, with the number in each", () => {
    const html = renderHtml(<VaPanel attempt={bca} action={bca.action as never} copy={copy} />);
    expect(sections(html)).toEqual(["ATM BCA", "m-BCA (BCA mobile)", "KlikBCA"]);
    expect(html).toContain("<details");
    const steps = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => textOf(m[1]!));
    expect(steps.filter((s) => s.includes("3901081234567890"))).toHaveLength(3);
    expect(steps).toContain("Pilih m-Transfer, lalu BCA Virtual Account.");
  });

  it("adds a transfer from another bank where the bank takes one, in English too", () => {
    const bri = attempt({ type: "va", bank: "bri", accountNumber: "26215012345678" }, "va_bri");
    expect(
      sections(renderHtml(<VaPanel attempt={bri} action={bri.action as never} copy={copy} />, "en")),
    ).toEqual(["BRI ATM", "BRImo", "BRI Internet Banking", "From another bank"]);
  });

  it("gives Mandiri's bill payment its company code and bill key", () => {
    const mandiri = attempt(
      { type: "va", bank: "mandiri", accountNumber: "881234567890", billerCode: "70012" },
      "va_mandiri",
    );
    const html = renderHtml(<VaPanel attempt={mandiri} action={mandiri.action as never} copy={copy} />);
    const text = textOf(html);
    expect(text).toContain("Kode perusahaan (biller) 70012");
    expect(text).toContain("Kode bayar 8812 3456 7890");
    expect(sections(html)).toEqual(["ATM Mandiri", "Livin' by Mandiri"]);
    expect(text).toContain("Pilih Bayar, lalu Multipayment.");
    expect(text).toContain("Masukkan kode perusahaan 70012, lalu pilih Benar.");
  });

  it("without a company code, pays Mandiri as a plain virtual account", () => {
    const mandiri = attempt({ type: "va", bank: "mandiri", accountNumber: "8908123456789012" }, "va_mandiri");
    const text = textOf(
      renderHtml(<VaPanel attempt={mandiri} action={mandiri.action as never} copy={copy} />),
    );
    expect(text).not.toContain("Kode perusahaan");
    expect(text).toContain("Pilih Bayar, lalu VA (Virtual Account).");
  });
});

describe("the other kinds' screens", () => {
  it("OVO names the phone the notification went to and what to do without one", () => {
    const ovo = attempt({ type: "push", phone: "+6281234567890" }, "ovo");
    const text = textOf(renderHtml(<PushPanel attempt={ovo} action={ovo.action as never} />));
    expect(text).toContain(
      "Buka aplikasi OVO di nomor 0812 3456 7890 dan setujui pembayarannya dalam 60 detik: notifikasinya sudah menunggu Anda.",
    );
    expect(text).toContain("Tidak ada notifikasi?");
  });

  it("a retail code is large, copyable, and says who to pay at the till", () => {
    const alfa = attempt({ type: "code", outlet: "alfamart", paymentCode: "PSR8812345" }, "alfamart");
    const html = renderHtml(<RetailPanel attempt={alfa} action={alfa.action as never} copy={copy} />);
    const text = textOf(html);
    expect(text).toContain("Kode pembayaran PSR8812345");
    expect(text).toContain("Bilang ke kasir Alfamart bahwa Anda ingin membayar tagihan Pasar");
    expect(html).toContain('aria-label="Salin Kode pembayaran"');
  });

  it("an e-wallet opens in its app on a phone and on its page elsewhere", () => {
    const action = { type: "redirect" as const, url: "https://pay.example/dana", mobileUrl: "dana://pay/1" };
    expect(walletTarget(action, true)).toBe("dana://pay/1");
    expect(walletTarget(action, false)).toBe("https://pay.example/dana");
    expect(walletTarget({ type: "redirect", url: "https://pay.example/x" }, true)).toBe(
      "https://pay.example/x",
    );
  });
});
