/**
 * Meta's Cloud API error codes (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes), as the shop
 * acts on them: the same code may come in the answer to a send or later in a `failed` status webhook. Meta asks
 * that apps decide by `code`, not by the HTTP status or the subcode. `status` is the HTTP status the code comes
 * with in the answer (the simulator answers it); `kind` what the sender does:
 * - `retry`: Meta is down or overloaded; the same message may pass later.
 * - `rate_limited`: too many messages (the shop's throughput, its account, one recipient); later, slower.
 * - `failed`: not this message, ever: the recipient (`recipient`), the template (`template`), the shop's
 *   account or token (`account`, which an operator must fix) or the request (`request`, a bug).
 */

export type WhatsAppErrorKind = "retry" | "rate_limited" | "failed";
export type WhatsAppFailureCause = "recipient" | "template" | "account" | "request";

export interface WhatsAppErrorInfo {
  title: string;
  status: number;
  kind: WhatsAppErrorKind;
  cause?: WhatsAppFailureCause;
  /** For `rate_limited`: the shop's own pause before trying again, in seconds (Meta gives no Retry-After). */
  pauseSeconds?: number;
}

const failed = (title: string, status: number, cause: WhatsAppFailureCause): WhatsAppErrorInfo => ({
  title,
  status,
  kind: "failed",
  cause,
});
const retry = (title: string, status: number): WhatsAppErrorInfo => ({ title, status, kind: "retry" });
const limited = (title: string, status: number, pauseSeconds: number): WhatsAppErrorInfo => ({
  title,
  status,
  kind: "rate_limited",
  pauseSeconds,
});

export const whatsappErrors: Record<number, WhatsAppErrorInfo> = {
  // Authorization: the token or the app's permissions.
  0: failed("AuthException", 401, "account"),
  3: failed("API Method", 500, "account"),
  10: failed("Permission Denied", 403, "account"),
  190: failed("Access token has expired", 401, "account"),
  // Throttling.
  4: limited("API Too Many Calls", 429, 300),
  80007: limited("Rate limit issues", 400, 300),
  130429: limited("Rate limit hit", 400, 10),
  131048: limited("Spam rate limit hit", 400, 3600),
  131056: limited("(Business Account, Consumer Account) pair rate limit hit", 400, 60),
  // Integrity and the account.
  368: failed("Temporarily blocked for policies violations", 403, "account"),
  131031: failed("Account has been locked", 403, "account"),
  131042: failed("Business eligibility payment issue", 400, "account"),
  133010: failed("Phone number Not Registered", 400, "account"),
  // Meta's side.
  1: retry("API Unknown", 400),
  2: retry("API Service", 503),
  131000: retry("Something went wrong", 500),
  131016: retry("Service unavailable", 500),
  131057: retry("Account in maintenance mode", 500),
  133004: retry("Server Temporarily Unavailable", 503),
  // The request.
  33: failed("Parameter value is not valid", 400, "request"),
  100: failed("Invalid parameter", 400, "request"),
  131008: failed("Required parameter is missing", 400, "request"),
  131009: failed("Parameter value is not valid", 400, "request"),
  131051: failed("Unsupported message type", 400, "request"),
  // The recipient.
  131021: failed("Recipient cannot be sender", 400, "recipient"),
  131026: failed("Message Undeliverable", 400, "recipient"),
  131047: failed("Re-engagement message", 400, "recipient"),
  131049: failed("Meta chose not to deliver", 400, "recipient"),
  131050: failed("User stopped marketing messages", 400, "recipient"),
  130472: failed("User's number is part of an experiment", 400, "recipient"),
  // The template.
  132000: failed("Template Param Count Mismatch", 400, "template"),
  132001: failed("Template does not exist", 404, "template"),
  132005: failed("Template Hydrated Text Too Long", 400, "template"),
  132007: failed("Template Format Character Policy Violated", 400, "template"),
  132012: failed("Template Parameter Format Mismatch", 400, "template"),
  132015: failed("Template is Paused", 400, "template"),
  132016: failed("Template is Disabled", 400, "template"),
  132018: failed("Template Parameter Issue", 400, "template"),
};

/** How the shop treats an error code; by the HTTP status when Meta's code is unknown (or there is none). */
export function whatsappErrorOf(code: number | null, httpStatus: number | null): WhatsAppErrorInfo {
  const known = code === null ? undefined : whatsappErrors[code];
  if (known) return known;
  // Meta lists 200-299 as "API Permission" (403).
  if (code !== null && code >= 200 && code <= 299) return failed("API Permission", 403, "account");
  if (httpStatus === 429) return limited("Too many requests", 429, 60);
  if (httpStatus !== null && httpStatus >= 500) return retry("Server error", httpStatus);
  if (httpStatus === 401 || httpStatus === 403) return failed("Not allowed", httpStatus, "account");
  return failed("Refused", httpStatus ?? 400, "request");
}
