import type { TestDatabase } from "./test-db.ts";
import { callerFor } from "./caller.ts";

/** The newest code the development outbox holds for an account. */
export async function latestCode(database: TestDatabase, account: string): Promise<string> {
  const messages = await callerFor(database).notifications.outbox();
  const message = messages.find((m) => m.recipient === account);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${account}`);
  return code;
}

let counter = 0;
/** A fresh email address per test, so tests do not share rate limits or codes. */
export function freshEmail(prefix = "user") {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.id`;
}

/** A fresh Indonesian mobile number per test, typed the way people do. */
export function freshPhone() {
  counter += 1;
  const digits = String(Date.now() % 1e7).padStart(7, "0") + String(counter % 10);
  return { typed: `0812-${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+62812${digits}` };
}
