// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount } from "../../../tests/setup/web.tsx";
import { DeadJobs, type DeadJobView } from "./dead-jobs.tsx";

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

const job: DeadJobView = {
  id: "0b8f4c2e-1d2a-5f00-a000-1234567890ab",
  kind: "order.payment_expire",
  subjectId: "chk_0123456789",
  tries: 13,
  firstQueuedAt: new Date("2026-11-25T03:00:00Z"),
  failedAt: new Date("2026-11-25T11:00:00Z"),
  error: "Error: connection refused",
};

describe("the operator's failed jobs", () => {
  it("names each job's kind, subject, tries and last error in the operator's language, and sends one again", () => {
    const onRetry = vi.fn();
    ui = mount(
      <DeadJobs
        items={[job, { ...job, id: "x", kind: "some.new_kind", tries: 1 }]}
        zone="WIB"
        busy={false}
        onRetry={onRetry}
      />,
    );
    const [first, second] = ui.container.querySelectorAll("[data-testid=dead-job]");
    expect(first!.textContent).toContain("Batas waktu pembayaran pesanan");
    expect(first!.textContent).toContain("chk_0123456789");
    expect(first!.textContent).toContain("13 percobaan");
    expect(first!.textContent).toContain("Error: connection refused");
    // A kind this page has no name for shows as it is.
    expect(second!.textContent).toContain("some.new_kind");
    ui.click(first!.querySelector("button")!);
    expect(onRetry).toHaveBeenCalledExactlyOnceWith(job.id);
  });

  it("counts tries with plurals in English, and speaks Chinese", () => {
    ui = mount(<DeadJobs items={[{ ...job, tries: 1 }]} zone="WIB" busy={false} onRetry={() => {}} />, "en");
    expect(ui.container.textContent).toContain("Order payment deadline");
    expect(ui.container.textContent).toContain("1 try");
    ui.unmount();
    ui = mount(<DeadJobs items={[job]} zone="WIB" busy={false} onRetry={() => {}} />, "zh");
    expect(ui.container.textContent).toContain("订单付款截止");
    expect(ui.container.textContent).toContain("13 次尝试");
    expect(ui.container.textContent).toContain("重新执行");
  });

  it("says there is nothing when no job failed, and disables Try again while one is being sent", () => {
    ui = mount(<DeadJobs items={[]} zone="WIB" busy={false} onRetry={() => {}} />, "en");
    expect(ui.container.textContent).toBe("Nothing here.");
    ui.unmount();
    ui = mount(<DeadJobs items={[job]} zone="WIB" busy onRetry={() => {}} />);
    expect(ui.get<HTMLButtonElement>("button").disabled).toBe(true);
  });
});
