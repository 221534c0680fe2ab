/**
 * Indonesia's three time zones. Times a person reads (fund records, orders) are shown in theirs: WIB unless
 * they chose another on the account page (a cookie the server reads, so the page renders in its final form).
 */
export const timeZones = { WIB: "Asia/Jakarta", WITA: "Asia/Makassar", WIT: "Asia/Jayapura" } as const;
export type TimeZoneName = keyof typeof timeZones;
export const timeZoneNames = Object.keys(timeZones) as TimeZoneName[];
const defaultTimeZone: TimeZoneName = "WIB";
export const timeZoneCookie = { name: "pasar_tz", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export function toTimeZoneName(value: string | undefined): TimeZoneName {
  return value !== undefined && value in timeZones ? (value as TimeZoneName) : defaultTimeZone;
}
