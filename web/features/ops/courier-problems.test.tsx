// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount } from "../../../tests/setup/web.tsx";
import { CourierProblems, type CourierProblemView } from "./courier-problems.tsx";

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

const unknown: CourierProblemView = {
  id: 7,
  provider: "biteship",
  kind: "unknown_shipment",
  providerShipmentId: "5dd599ebdefcd4158eb8470b",
  orderId: null,
  orderCode: null,
  providerStatus: "allocated",
  waybill: "CGK1234567890123",
  detail: "Order has been allocated, courier will pickup the package.",
  count: 12,
  firstAt: new Date("2026-11-25T03:00:00Z"),
  lastAt: new Date("2026-11-25T04:30:00Z"),
};
const live: CourierProblemView = {
  ...unknown,
  id: 8,
  provider: "table",
  kind: "booking_live",
  providerShipmentId: "prc_0123456789",
  orderId: "ord_1",
  orderCode: "P2611-0042",
  providerStatus: "booked",
  detail: "parcel JP1234567890 is picked_up: only a booking not yet picked up can be cancelled",
  count: 1,
};

describe("the operator's courier problems (issue 40)", () => {
  it("names each problem, whose booking, its order, how often it came, and marks one handled", () => {
    const onResolve = vi.fn();
    ui = mount(<CourierProblems items={[unknown, live]} zone="WIB" busy={false} onResolve={onResolve} />);
    const [first, second] = ui.container.querySelectorAll("[data-testid=courier-problem]");
    expect(first!.textContent).toContain("Kabar kurir untuk paket yang tidak dikenal");
    expect(first!.textContent).toContain("Biteship · ID pemesanan kurir: 5dd599ebdefcd4158eb8470b");
    expect(first!.textContent).toContain("Resi CGK1234567890123");
    expect(first!.textContent).toContain("Status di kurir: allocated");
    expect(first!.textContent).toContain("Dilaporkan 12 kali, terakhir");
    expect(second!.textContent).toContain("masih aktif: batalkan di kurir");
    expect(second!.textContent).toContain("Kurir bawaan");
    expect(second!.textContent).toContain("Pesanan P2611-0042");
    ui.click(second!.querySelector("button")!);
    expect(onResolve).toHaveBeenCalledExactlyOnceWith(8);
  });

  it("speaks English (counting once and many) and Chinese; says when there is none; waits while one is marked", () => {
    ui = mount(
      <CourierProblems
        items={[{ ...live, count: 1 }, unknown]}
        zone="WIB"
        busy={false}
        onResolve={() => {}}
      />,
      "en",
    );
    expect(ui.container.textContent).toContain("Booking for a cancelled order still live");
    expect(ui.container.textContent).toContain("Reported 1 time,");
    expect(ui.container.textContent).toContain("Reported 12 times, last");
    expect(ui.get<HTMLButtonElement>('button[aria-label="Mark handled: prc_0123456789"]').textContent).toBe(
      "Mark handled",
    );
    ui.unmount();
    ui = mount(<CourierProblems items={[unknown]} zone="WIB" busy onResolve={() => {}} />, "zh");
    expect(ui.container.textContent).toContain("未知包裹的快递通知");
    expect(ui.container.textContent).toContain("已报告 12 次");
    expect(ui.get<HTMLButtonElement>("button").disabled).toBe(true);
    ui.unmount();
    ui = mount(<CourierProblems items={[]} zone="WIB" busy={false} onResolve={() => {}} />, "en");
    expect(ui.container.textContent).toBe("No courier problems.");
  });
});
