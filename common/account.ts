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
  const digits = raw.replace(/[^\d+]/g, "");
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

/** An account as people read it: the email, or the number with its +62 prefix. */
export function displayAccount(
  account: ParsedAccount | { email: string | null; phone: string | null },
): string {
  if ("kind" in account) return account.value;
  return account.email ?? account.phone ?? "";
}
