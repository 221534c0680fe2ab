import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import type { ParsedAccount } from "./account-display.ts";
import { indonesianPhoneMetadata } from "./phone-metadata.ts";

export { displayAccount, phoneFieldValue, type ParsedAccount } from "./account-display.ts";

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads what a person typed as their account: an email address, or an Indonesian mobile number with
 * or without +62 / 0 (spaces and dashes allowed). Returns undefined when it is neither. Only Indonesia's
 * numbering rules are loaded (common/phone-metadata.ts): a number of any other country is refused either way.
 */
export function parseAccount(input: string): ParsedAccount | undefined {
  const raw = input.trim();
  if (raw.includes("@")) {
    const email = raw.toLowerCase();
    return emailPattern.test(email) && email.length <= 254 ? { kind: "email", value: email } : undefined;
  }
  if (!/^[+\d\s().-]{6,20}$/.test(raw)) return undefined;
  // "812…" typed after the shown +62 prefix is read as an Indonesian number too.
  // A trunk 0 typed after +62 ("+62 0812…") is dropped, as people write it both ways.
  const digits = raw.replace(/[^\d+]/g, "").replace(/^(\+?62)0/, "$1");
  const candidate = digits.startsWith("8") ? `+62${digits}` : digits;
  const phone = parsePhoneNumberFromString(candidate, "ID", indonesianPhoneMetadata);
  // Indonesian mobile numbers are +62 8…
  if (
    !phone ||
    !phone.isValid() ||
    phone.countryCallingCode !== "62" ||
    !phone.nationalNumber.startsWith("8")
  ) {
    return undefined;
  }
  return { kind: "phone", value: phone.number };
}
