// How accounts read on screen, without libphonenumber: every stored phone account is an Indonesian mobile
// number in E.164 (common/account.ts accepts nothing else), so showing one needs no metadata.

/** An account as stored: a lower-cased email address or an Indonesian mobile number in E.164. */
export type ParsedAccount = { kind: "email"; value: string } | { kind: "phone"; value: string };

/**
 * An Indonesian number in E.164 as people read it: "+6281234567890" shows "+62 812-3456-7890" (groups of
 * 3, 4 and the rest after the country code). Anything else comes back unchanged.
 */
export function formatIndonesianNumber(e164: string): string {
  const match = /^\+62(\d{1,14})$/.exec(e164.trim());
  if (!match) return e164;
  const n = match[1]!;
  const groups = [n.slice(0, 3), n.slice(3, 7), n.slice(7)].filter(Boolean);
  return `+62 ${groups.join("-")}`;
}

/** An account as people read it: the email, or the formatted number with its +62 prefix. */
export function displayAccount(
  account: ParsedAccount | { email: string | null; phone: string | null },
): string {
  if ("kind" in account)
    return account.kind === "phone" ? formatIndonesianNumber(account.value) : account.value;
  return account.email ?? (account.phone ? formatIndonesianNumber(account.phone) : "");
}

/**
 * What the account field keeps while a number is typed after its shown +62 prefix: a leading trunk 0
 * ("0812…") is dropped, so the field never reads "+62 0812…". Emails pass through unchanged.
 */
export function phoneFieldValue(typed: string): string {
  return /^[\d\s()-]+$/.test(typed) ? typed.replace(/^(\s*)0/, "$1") : typed;
}

/**
 * An account as other shoppers see it beside a review: enough to tell reviewers apart, never enough to reach
 * them. "shopper@pasar.test" shows "sh***r", "+6281234567890" shows "0812****890".
 */
export function maskedAccount(account: { email: string | null; phone: string | null }): string {
  if (account.email) {
    const local = account.email.split("@")[0] ?? "";
    const chars = [...local];
    if (chars.length <= 2) return `${chars[0] ?? ""}***`;
    return `${chars.slice(0, 2).join("")}***${chars.at(-1)}`;
  }
  const national = (account.phone ?? "").replace(/^\+62/, "0");
  return national.length > 7 ? `${national.slice(0, 4)}****${national.slice(-3)}` : "****";
}
