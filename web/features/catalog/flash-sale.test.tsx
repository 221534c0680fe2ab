// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FlashItemView, FlashSlotView } from "#common/contracts/flash.ts";
import { mount, renderHtml, textOf } from "../../../tests/setup/web.tsx";
import { FlashBar, FlashClock } from "./flash-sale.tsx";

const now = new Date("2026-11-29T05:00:00Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const slot = (state: FlashSlotView["state"], startsAt: Date, endsAt: Date): FlashSlotView => ({
  id: "flt_1",
  saleId: "fls_1",
  saleName: "Flash Sale 12.12",
  startsAt,
  endsAt,
  state,
});
const live = slot("live", at(-60), at(1 * 3600 + 23 * 60 + 45));

afterEach(() => {
  vi.useRealTimers();
});

describe("a flash sale's countdown", () => {
  it("is rendered from the server's clock: the time to the end of a live slot, to the start of the next", () => {
    expect(textOf(renderHtml(<FlashClock now={now} slot={live} />))).toBe("Berakhir dalam 01:23:45");
    const next = slot("scheduled", at(59), at(3600));
    expect(textOf(renderHtml(<FlashClock now={now} slot={next} />))).toBe("Dimulai dalam 00:00:59");
    expect(textOf(renderHtml(<FlashClock now={now} slot={next} />, "en"))).toBe("Starts in 00:00:59");
    // A slot days away: in days, not a clock of 50 hours.
    const later = slot("scheduled", at(2 * 86_400 + 5), at(2 * 86_400 + 3600));
    expect(textOf(renderHtml(<FlashClock now={now} slot={later} />))).toBe("Dimulai dalam 2 hari");
    expect(textOf(renderHtml(<FlashClock now={now} slot={later} />, "en"))).toBe("Starts in 2 days");
  });

  it("counts on from the server's clock on a phone whose clock is three hours wrong", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(now.getTime() + 3 * 3_600_000));
    const view = mount(<FlashClock now={now} slot={live} />);
    expect(view.get('[role="timer"]').textContent).toBe("01:23:45");
    act(() => void vi.advanceTimersByTime(2000));
    expect(view.get('[role="timer"]').textContent).toBe("01:23:43");
    view.unmount();
  });

  it("counts from the new data's clock at once when the page's data is read again", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const ending = slot("live", at(-60), at(1));
    const view = mount(<FlashClock now={now} slot={ending} />);
    act(() => void vi.advanceTimersByTime(7000));
    expect(view.container.textContent).toBe("Flash Sale telah berakhir");
    // Read again 7 s later: the next slot, counted from the new `now`, not from the clock stopped at zero.
    const next = slot("live", at(-60), at(7 + 3600));
    view.rerender(<FlashClock now={at(7)} slot={next} />);
    expect(view.get('[role="timer"]').textContent).toBe("01:00:00");
    view.unmount();
  });

  it("says the slot ended at zero, once, and never counts below it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const onOver = vi.fn();
    const ending = slot("live", at(-60), at(2));
    const view = mount(<FlashClock now={now} slot={ending} onOver={onOver} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(view.get('[role="timer"]').textContent).toBe("00:00:01");
    act(() => void vi.advanceTimersByTime(5000));
    expect(view.container.textContent).toBe("Flash Sale telah berakhir");
    expect(onOver).toHaveBeenCalledTimes(1);
    expect(onOver).toHaveBeenCalledWith("flt_1");
    view.unmount();
  });
});

describe("a flash item's bar", () => {
  const item = (stock: number, sold: number): FlashItemView => ({
    id: "fli_1",
    listingId: "prd_1",
    variantId: "var_1",
    flashPrice: 49_000,
    listedPrice: 79_000,
    stock,
    sold,
    perShopperLimit: 2,
  });
  const shown = (stock: number, sold: number, locale: "ind" | "en" = "ind") =>
    textOf(renderHtml(<FlashBar item={item(stock, sold)} />, locale));

  it("says how many are sold until a fifth or less is left, then that it is almost gone, then sold out", () => {
    expect(shown(100, 0)).toBe("Terjual 0");
    expect(shown(100, 79)).toBe("Terjual 79");
    expect(shown(100, 1, "en")).toBe("1 sold");
    expect(shown(100, 80)).toBe("Segera habis");
    expect(shown(100, 99, "en")).toBe("Almost gone");
    expect(shown(100, 100)).toBe("Habis");
    // A slot that found no stock to set aside when it started.
    expect(shown(0, 0)).toBe("Habis");
  });

  it("fills the bar by the share sold", () => {
    expect(renderHtml(<FlashBar item={item(10, 3)} />)).toContain("width:30%");
    expect(renderHtml(<FlashBar item={item(10, 10)} />)).toContain("width:100%");
  });
});
