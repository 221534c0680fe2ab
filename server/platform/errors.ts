import type { MessageKey } from "#common/i18n/messages.ts";

/** What went wrong, in terms a caller can act on; the tRPC layer maps each to a transport code. */
export type DomainErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "precondition_failed"
  | "too_many_requests"
  /** A dependency failed (e.g. the mail server); the message says what could not be done. */
  | "failed";

/** The one error type services throw. `key` names a translated message; `params` fill it in. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly key: MessageKey;
  readonly params: Record<string, string | number> | undefined;

  constructor(kind: DomainErrorKind, key: MessageKey, params?: Record<string, string | number>) {
    super(key);
    this.name = "DomainError";
    this.kind = kind;
    this.key = key;
    this.params = params;
  }
}
