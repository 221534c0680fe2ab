import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { formatIndonesianNumber } from "./account-display.ts";

/**
 * A phone number of any country as people read it, for the server (the support WhatsApp number an operator
 * sets): Indonesian numbers as "+62 812-3456-7890", other countries in their international format; text
 * that is not a number comes back unchanged. It loads every country's rules, so pages use the text the
 * server formatted (or common/account-display.ts for accounts, which are always Indonesian).
 */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), "ID");
  if (!parsed) return phone;
  if (parsed.countryCallingCode !== "62") return parsed.formatInternational();
  return formatIndonesianNumber(parsed.number);
}
