import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../tests/setup/web.tsx";
import { MoneySummary } from "./order-ui.tsx";

/** The summary's rows as [label, amount]. */
function rows(html: string): [string, string][] {
  const cells = [...html.matchAll(/<(dt|dd)[^>]*>(.*?)<\/\1>/g)].map((m) => m[2]!.replace(/<[^>]*>/g, ""));
  return Array.from({ length: cells.length / 2 }, (_, i) => [cells[2 * i]!, cells[2 * i + 1]!]);
}

const checkout = { subtotal: 3_000, postage: 10_000, serviceFee: 1_000, vat: 131, total: 14_131 };

describe("an order's money summary", () => {
  it("lists each amount in rupiah and the VAT rate as the reader writes it", () => {
    expect(rows(renderHtml(<MoneySummary {...checkout} vatBasisPoints={435} />))).toEqual([
      ["Subtotal", "Rp 3.000"],
      ["Ongkos kirim", "Rp 10.000"],
      ["Biaya layanan", "Rp 1.000"],
      ["PPN 4,35%", "Rp 131"],
      ["Total toko", "Rp 14.131"],
    ]);
    expect(rows(renderHtml(<MoneySummary {...checkout} vatBasisPoints={435} />, "en"))[3]).toEqual([
      "VAT (PPN 4.35%)",
      "Rp 131",
    ]);
  });

  it("writes a whole rate without decimals and takes the total's own label", () => {
    const summary = rows(
      renderHtml(<MoneySummary {...checkout} vatBasisPoints={1_100} totalLabel="Total pembayaran" />),
    );
    expect(summary[3]![0]).toBe("PPN 11%");
    expect(summary[4]).toEqual(["Total pembayaran", "Rp 14.131"]);
  });

  it("on delivery, shows the COD fee on its own line and the total the courier collects", () => {
    const summary = rows(
      renderHtml(
        <MoneySummary
          {...checkout}
          vatBasisPoints={1_100}
          codFee={283}
          grandTotal={14_414}
          totalLabel="Total pembayaran"
        />,
      ),
    );
    expect(summary.slice(4)).toEqual([
      ["Biaya COD", "Rp 283"],
      ["Total pembayaran", "Rp 14.414"],
    ]);
  });

  it("shows what each voucher took off as its own line, and none when nothing was", () => {
    const summary = rows(
      renderHtml(
        <MoneySummary
          subtotal={100_000}
          postage={12_000}
          storeDiscount={8_000}
          platformDiscount={9_718}
          shippingDiscount={11_429}
          serviceFee={1_000}
          vat={10_120}
          total={93_973}
          vatBasisPoints={1_100}
        />,
      ),
    );
    expect(summary.slice(2, 5)).toEqual([
      ["Voucher toko", "−Rp 8.000"],
      ["Voucher Pasar", "−Rp 9.718"],
      ["Gratis ongkir", "−Rp 11.429"],
    ]);
    expect(
      rows(renderHtml(<MoneySummary {...checkout} storeDiscount={0} vatBasisPoints={435} />)),
    ).toHaveLength(5);
  });
});
