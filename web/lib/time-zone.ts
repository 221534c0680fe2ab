import { useRouteLoaderData, useRevalidator } from "react-router";
import { localeTags, type Locale } from "#common/locales.ts";
import { timeZoneCookie, timeZones, toTimeZoneName, type TimeZoneName } from "#common/time-zones.ts";
import { setPreferenceCookie } from "./cookies.ts";

/** The reader's Indonesian time zone, as the root loader read it from the cookie. */
export function useTimeZone(): TimeZoneName {
  const root = useRouteLoaderData<{ timeZone?: TimeZoneName }>("root");
  return root?.timeZone ?? toTimeZoneName(undefined);
}

/** Chooses the time zone: the cookie, then the root loader reads it again so every time on the page follows. */
export function useSetTimeZone(): (zone: TimeZoneName) => void {
  const revalidator = useRevalidator();
  return (zone) => {
    setPreferenceCookie(timeZoneCookie.name, zone, timeZoneCookie.maxAgeSeconds);
    void revalidator.revalidate();
  };
}

const dateFormats: Record<string, Intl.DateTimeFormat> = {};

/**
 * An `Intl.DateTimeFormat` for a language tag and options, made once and kept: making one costs about as much as
 * formatting a hundred dates, and a list of orders formats one or two dates a row (it was 7% of rendering the orders
 * page on the server).
 */
export const dateTimeFormat = (tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  (dateFormats[tag + JSON.stringify(options)] ??= new Intl.DateTimeFormat(tag, options));

/**
 * A date and time in the reader's language and zone, with the zone's name: "23 Nov 2026, 19.08 WIB"; with
 * `seconds`, "23 Nov 2026, 19.08.42 WIB".
 */
export function formatDateTime(
  at: Date,
  locale: Locale,
  zone: TimeZoneName,
  options: { seconds?: boolean } = {},
): string {
  const text = dateTimeFormat(localeTags[locale], {
    dateStyle: "medium",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone: timeZones[zone],
  }).format(at);
  return `${text} ${zone}`;
}

/**
 * A period in the reader's language and zone, its date said once when it starts and ends on the same day:
 * "1 Des 2026 12.00–14.00 WIB", "1 Des 2026, 22.00 – 2 Des 2026, 08.00 WIB".
 */
export function formatPeriod(from: Date, to: Date, locale: Locale, zone: TimeZoneName): string {
  const text = dateTimeFormat(localeTags[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: timeZones[zone],
  }).formatRange(from, to);
  // Node's ICU spaces a range's dash (and English's "PM") with thin and narrow spaces where Chromium writes plain
  // ones: plain spaces, so the page the server renders is the one the browser hydrates.
  return `${text.replace(/[\u2009\u202f]/g, " ")} ${zone}`;
}

/** A calendar day (YYYY-MM-DD, counted in its own zone already) in the reader's language: "Sen, 23 Nov". */
export function formatDay(day: string, locale: Locale): string {
  return dateTimeFormat(localeTags[locale], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}
