import { useEffect, useState } from "react";
import type { FlashItemView, FlashSlotView } from "#common/contracts/flash.ts";
import { flashAlmostGonePercent } from "#common/promotions.ts";
import { useI18n } from "../../lib/i18n.tsx";

// The flash sale as the home page and the product page show it (issue 42): its title, its countdown and how much
// of an item is sold. Small on purpose: both pages are held to their JavaScript budgets (scripts/page-budgets.ts).

/** "⚡ Flash Sale": a bolt drawn inline (no icon module) and the title. */
export function FlashTitle() {
  const { t } = useI18n();
  return (
    <span className="inline-flex items-center gap-1 font-extrabold text-red-700 italic dark:text-red-400">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[1.2em] fill-current">
        <path d="M13 2 3 14h9l-1 8 10-12h-9z" />
      </svg>
      {t("flash.title")}
    </span>
  );
}

const pad = (n: number) => String(Math.floor(n)).padStart(2, "0");

/**
 * The time to the slot's end (live) or start ("Berakhir dalam 01:23:45"), counted from the server's clock: the
 * page's `now` against the browser's clock when the data arrived, so a phone set to the wrong time still counts
 * right. The server's render and the first render in the browser read the same `now`, so they agree. At zero it
 * says the slot ended (or started) and calls `onOver` with the slot's id; never a negative time.
 */
export function FlashClock(props: { now: Date; slot: FlashSlotView; onOver?: (slotId: string) => void }) {
  const { t } = useI18n();
  const { slot, onOver } = props;
  const serverNow = props.now.getTime();
  const live = slot.state === "live";
  // The server's time now: its `now` until the first tick, and again when new data brings another `now` (the
  // clock of the data before, stopped at its zero or read on another page, is not shown for a moment).
  const [clock, setClock] = useState([serverNow, serverNow]);
  const at = clock[0] === serverNow ? clock[1]! : serverNow;
  const seconds = Math.max(0, Math.ceil(((live ? slot.endsAt : slot.startsAt).getTime() - at) / 1000));
  const over = seconds === 0;
  useEffect(() => {
    if (over) return onOver?.(slot.id);
    const offset = serverNow - Date.now();
    const timer = setInterval(() => setClock([serverNow, Date.now() + offset]), 1000);
    return () => clearInterval(timer);
  }, [serverNow, over, onOver, slot.id]);
  if (over) return <span>{t(live ? "flash.ended" : "flash.started")}</span>;
  if (seconds >= 86_400)
    return <span>{t("flash.startsInDays", { count: Math.floor(seconds / 86_400) })}</span>;
  return (
    <span className="inline-flex items-center gap-1">
      {t(live ? "flash.endsIn" : "flash.startsIn")}
      {/* A timer is not read out every second (its live region is off). */}
      <span
        role="timer"
        className="rounded bg-gray-900 px-1 font-semibold text-white tabular-nums dark:bg-gray-700"
      >
        {pad(seconds / 3600)}:{pad((seconds / 60) % 60)}:{pad(seconds % 60)}
      </span>
    </span>
  );
}

/** How much of a live item is sold: a bar and "Terjual 12", "Segera habis" (a fifth or less left) or "Habis". */
export function FlashBar(props: { item: FlashItemView }) {
  const { t } = useI18n();
  const { stock, sold } = props.item;
  const left = stock - sold;
  return (
    <div className="mt-1">
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-red-100 dark:bg-red-950">
        <div className="h-full bg-red-600" style={{ width: `${left > 0 ? (sold * 100) / stock : 100}%` }} />
      </div>
      <p className="mt-0.5 text-xs font-medium text-red-700 dark:text-red-300">
        {left <= 0
          ? t("flash.soldOut")
          : left * 100 <= stock * flashAlmostGonePercent
            ? t("flash.almostGone")
            : t("flash.sold", { count: sold })}
      </p>
    </div>
  );
}
