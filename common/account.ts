import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** An account as stored: a lower-cased email address or an Indonesian mobile number in E.164. */
export type ParsedAccount = { kind: "email"; value: string } | { kind: "phone"; value: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads what a person typed as their account: an email address, or an Indonesian mobile number with
 * or without +62 / 0 (spaces and dashes allowed). Returns undefined when it is neither.
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
  const phone = parsePhoneNumberFromString(candidate, "ID");
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

/**
 * What the account field keeps while a number is typed after its shown +62 prefix: a leading trunk 0
 * ("0812…") is dropped, so the field never reads "+62 0812…". Emails pass through unchanged.
 */
export function phoneFieldValue(typed: string): string {
  return /^[\d\s()-]+$/.test(typed) ? typed.replace(/^(\s*)0/, "$1") : typed;
}

/**
 * A phone number as people read it: "+6281234567890" shows "+62 812-3456-7890" (groups of 3, 4 and the
 * rest after the country code). Other countries get their international format; text that is not a
 * number comes back unchanged.
 */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), "ID");
  if (!parsed) return phone;
  if (parsed.countryCallingCode !== "62") return parsed.formatInternational();
  const n = parsed.nationalNumber;
  const groups = [n.slice(0, 3), n.slice(3, 7), n.slice(7)].filter(Boolean);
  return `+62 ${groups.join("-")}`;
}

/** An account as people read it: the email, or the formatted number with its +62 prefix. */
export function displayAccount(
  account: ParsedAccount | { email: string | null; phone: string | null },
): string {
  if ("kind" in account) return account.kind === "phone" ? formatPhone(account.value) : account.value;
  return account.email ?? (account.phone ? formatPhone(account.phone) : "");
}
