import { transact } from "../../db/transaction.ts";
import { timingSafeEqual } from "node:crypto";
import { verify } from "@node-rs/argon2";
import type { PinStatusView } from "#common/contracts/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { addMs, jakartaDay, now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { OutgoingMessage } from "../../platform/messaging.ts";
import {
  codeHash,
  codeRules,
  deliverCode,
  hashPassword,
  issueCode,
  newCode,
  recordAuthEvent,
  type AuthDeps,
  type SecurityNotice,
} from "./auth.service.ts";
import * as q from "./auth.queries.ts";
import * as pins from "./pin.queries.ts";

// The payment PIN (issue 43): 6 digits a shopper types before money leaves their wallet, set by a code sent to
// their own account. And the codes for such signed-in actions: bound to the user, the action and its target.

/** 5 wrong in a row lock the PIN for 30 minutes; 10 wrong in a (Jakarta) day disable it until set again by code. */
export const pinRules = { lockAfter: 5, lockMs: 30 * 60_000, disableAfter: 10 } as const;

/** What a signed-in user's code may be for. */
export type ActionPurpose = "pin" | "unfreeze" | "contact";

const actionAccount = (userId: string) => `user:${userId}`;

/**
 * Sends the signed-in user a code for an action on their account, to their own address (never one they type): the
 * message says what it is for, with its target ("add BCA ••1234") when it has one, and that staff never ask for it.
 */
export async function sendActionCode(
  deps: AuthDeps & { deliver: (message: OutgoingMessage) => Promise<void> },
  userId: string,
  purpose: ActionPurpose,
  target?: string,
): Promise<{ channel: "email" | "sms"; resendInSeconds: number }> {
  const user = await q.selectUserById(deps.db, userId);
  if (!user) throw new DomainError("unauthorized", "errors.api.unauthorized");
  const account = actionAccount(userId);
  await deps.limits.consume("sendCode", { account, ip: deps.clientIp });
  const code = newCode();
  const id = newId("vc");
  await issueCode(deps.db, { id, account, purpose, target: target ?? null, codeHash: codeHash(id, code) });
  const action = deps.t(`auth.messages.actions.${purpose}`);
  const channel = user.email ? "email" : "sms";
  await deliverCode(deps, id, account, {
    channel,
    to: (user.email ?? user.phone)!,
    subject: deps.t("auth.messages.codeSubject"),
    text: deps.t("auth.messages.codeBody", {
      code,
      count: codeRules.ttlMs / 60_000,
      action: target ? deps.t("auth.messages.actionWithTarget", { action, target }) : action,
    }),
    code,
  });
  return { channel, resendInSeconds: codeRules.resendMs / 1000 };
}

/**
 * Uses up the user's latest code for `purpose`, which must have been sent for `target` (none: none). Every guess
 * counts (5 a code); a right code sent for another target is used up and refused all the same.
 */
export async function useActionCode(
  deps: Pick<AuthDeps, "db" | "limits" | "clientIp">,
  userId: string,
  purpose: ActionPurpose,
  target: string | null,
  code: string,
): Promise<void> {
  const account = actionAccount(userId);
  await deps.limits.consume("checkCode", { account, ip: deps.clientIp });
  const row = await q.selectLatestCode(deps.db, account, purpose);
  const spent = new DomainError("bad_request", "auth.errors.codeSpent");
  if (!row) throw spent;
  const right = timingSafeEqual(Buffer.from(row.codeHash, "hex"), Buffer.from(codeHash(row.id, code), "hex"));
  const attempts = await q.attemptCode(deps.db, row.id, now(), codeRules.maxAttempts, right);
  if (attempts === undefined) throw spent;
  if (right) {
    if (row.target !== target) throw new DomainError("bad_request", "auth.errors.codeOtherAction");
    return;
  }
  const left = codeRules.maxAttempts - attempts;
  throw left > 0 ? new DomainError("bad_request", "auth.errors.codeWrong", { attempts: left }) : spent;
}

/**
 * A PIN nobody should choose: one digit six times, a run up or down (123456, 987654, also wrapping: 890123), two
 * or three digits repeated (121212, 123123), or the end of the account's phone number.
 */
export function isEasyPin(pin: string, phone?: string | null): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  if (steps.size === 1 && (steps.has(0) || steps.has(1) || steps.has(9))) return true;
  if (pin.slice(0, 2).repeat(3) === pin || pin.slice(0, 3).repeat(2) === pin) return true;
  return Boolean(phone && phone.replace(/\D/g, "").endsWith(pin));
}

/** Whether the user has a PIN, and whether it is locked (until when) or disabled. */
export async function pinStatus(db: Db, userId: string): Promise<PinStatusView> {
  const row = await pins.selectPin(db, userId);
  const at = now();
  return {
    set: row !== undefined,
    lockedUntil: row?.lockedUntil && row.lockedUntil > at ? row.lockedUntil : null,
    disabled: Boolean(row?.disabledAt),
  };
}

/**
 * Sets the PIN with a code sent to the user (purpose "pin"), or resets a forgotten, locked or disabled one: a reset
 * ends the lock or block and starts the 24-hour hold on payouts (`resetAt`), as a new bank account does.
 */
export async function setPin(
  deps: Pick<AuthDeps, "db" | "limits" | "clientIp" | "securityNotice">,
  userId: string,
  input: { code: string; pin: string },
): Promise<{ reset: boolean }> {
  const user = await q.selectUserById(deps.db, userId);
  if (isEasyPin(input.pin, user?.phone)) throw new DomainError("bad_request", "errors.pin.easy");
  await useActionCode(deps, userId, "pin", null, input.code);
  const at = now();
  const reset = (await pins.selectPin(deps.db, userId)) !== undefined;
  const pinHash = await hashPassword(input.pin);
  await transact(deps.db, async (tx) => {
    await pins.upsertPin(tx, userId, { pinHash, at, day: jakartaDay(at), ...(reset && { resetAt: at }) });
    await recordAuthEvent(tx, userId, reset ? "pin.reset" : "pin.set");
    await deps.securityNotice?.(tx, userId, reset ? "pinReset" : "pinSet");
  });
  return { reset };
}

/** When the user's PIN was last reset by a code (it starts the payout hold, issue 43), or null. */
export async function pinResetAt(db: Db | Tx, userId: string): Promise<Date | null> {
  return (await pins.selectPin(db, userId))?.resetAt ?? null;
}

/** Sets a PIN without a code: the demo seed's accounts only (their PIN is in the README). */
export async function seedPin(db: Db, userId: string, pin: string): Promise<void> {
  await seedPinHash(db, userId, await hashPassword(pin));
}

/** Sets a PIN already hashed without a code (the tests' accounts share one hash of their PIN). */
export async function seedPinHash(db: Db, userId: string, pinHash: string): Promise<void> {
  const at = now();
  await pins.upsertPin(db, userId, { pinHash, at, day: jakartaDay(at) });
}

/** Changes the PIN with the current one (no code, no hold: its owner knew it). */
export async function changePin(
  db: Db,
  userId: string,
  input: { currentPin: string; pin: string },
  notice?: SecurityNotice,
): Promise<void> {
  await checkPin(db, userId, input.currentPin, notice);
  const user = await q.selectUserById(db, userId);
  if (isEasyPin(input.pin, user?.phone)) throw new DomainError("bad_request", "errors.pin.easy");
  const at = now();
  const pinHash = await hashPassword(input.pin);
  await transact(db, async (tx) => {
    await pins.upsertPin(tx, userId, { pinHash, at, day: jakartaDay(at) });
    await recordAuthEvent(tx, userId, "pin.change");
    await notice?.(tx, userId, "pinChanged");
  });
}

/**
 * Checks the user's PIN before money leaves or an account detail changes. The try is counted before the PIN is
 * compared, in one statement, so 200 parallel wrong tries count exactly 5 and lock it; a right PIN during the lock
 * is refused. Throws the reason in the user's language: not set, wrong (tries left), locked (minutes), disabled.
 */
export async function checkPin(db: Db, userId: string, pin: string, notice?: SecurityNotice): Promise<void> {
  const at = now();
  const tried = await pins.reservePinTry(db, userId, at, jakartaDay(at), {
    ...pinRules,
    lockUntil: addMs(at, pinRules.lockMs),
  });
  if (!tried) throw await refusal(db, userId, at);
  if (await verify(tried.pinHash, pin)) {
    await pins.releasePinTry(db, userId, pinRules.disableAfter);
    return;
  }
  // The wrong try that locked or blocked the PIN is in the account's audit trail (issue 43).
  if (tried.dayFailures >= pinRules.disableAfter) {
    // The owner is told too (issue 44), once: only the try that disabled it counts exactly this many.
    if (tried.dayFailures === pinRules.disableAfter) {
      await transact(db, async (tx) => {
        await recordAuthEvent(tx, userId, "pin.disable");
        await notice?.(tx, userId, "pinDisabled");
      });
    }
    throw new DomainError("forbidden", "errors.pin.disabled");
  }
  const left = pinRules.lockAfter - tried.failures;
  if (left > 0) throw new DomainError("bad_request", "errors.pin.wrong", { attempts: left });
  if (tried.failures === pinRules.lockAfter) {
    await transact(db, async (tx) => {
      await recordAuthEvent(tx, userId, "pin.lock");
      await notice?.(tx, userId, "pinLocked", { count: pinRules.lockMs / 60_000 });
    });
  }
  throw lockedError(pinRules.lockMs);
}

const lockedError = (ms: number) =>
  new DomainError("too_many_requests", "errors.pin.locked", { minutes: Math.max(1, Math.ceil(ms / 60_000)) });

/** Why a try could not be counted: no PIN, or it is disabled, or locked. */
async function refusal(db: Db, userId: string, at: Date): Promise<DomainError> {
  const row = await pins.selectPin(db, userId);
  if (!row) return new DomainError("precondition_failed", "errors.pin.notSet");
  if (row.disabledAt) return new DomainError("forbidden", "errors.pin.disabled");
  return lockedError((row.lockedUntil?.getTime() ?? at.getTime()) - at.getTime());
}
