import { useSyncExternalStore } from "react";
import { Clock } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { formatCountdown } from "./channels.ts";

// One clock for the screen, ticking every second while something shows it.
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The time now, every second; null while the server renders and the page hydrates (the server's second is
 * not the browser's), so what counts down appears once the page runs.
 */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (now ||= Date.now()),
    () => null,
  );
}

/** "Pay within 14:59" counting down to the deadline, and the deadline itself in the reader's zone. */
export function Countdown(props: { expiresAt: Date }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const current = useNow();
  const deadline = formatDateTime(props.expiresAt, locale, zone);
  return (
    <div className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        {current !== null && (
          // A timer is not read out every second (its live region is off); the deadline below says the same.
          <p role="timer" className="font-semibold tabular-nums">
            {t("payments.screen.payWithin", {
              time: formatCountdown(props.expiresAt.getTime() - current),
            })}
          </p>
        )}
        <p className="text-sm">{t("payments.screen.deadline", { time: deadline })}</p>
      </div>
    </div>
  );
}
