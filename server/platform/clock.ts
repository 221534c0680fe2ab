/** The one clock. Tests move time with `setClock`; everything else reads `now()`. */
const realClock = () => new Date();
let current: () => Date = realClock;

export function now(): Date {
  return current();
}

/** Replaces the clock (tests only); returns a function restoring the previous one. */
export function setClock(clock: () => Date): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}

/** Puts back the real clock (tests only: the test set-up does it after each test file). */
export function resetClock(): void {
  current = realClock;
}

/** An hour in milliseconds. */
export const hour = 60 * 60 * 1000;

/** The moment `ms` milliseconds after `at`. */
export function addMs(at: Date, ms: number): Date {
  return new Date(at.getTime() + ms);
}

/** The Indonesian (WIB) day of a moment, as YYYY-MM-DD: what "once per day" counts by. */
export function jakartaDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(at);
}
