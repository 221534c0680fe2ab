import { transact } from "../../db/transaction.ts";
import { randomBytes } from "node:crypto";
import { maskedAccount } from "#common/account-display.ts";
import type { ParsedAccount } from "#common/account-display.ts";
import { parseAccount } from "#common/account.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { OutgoingMessage } from "../../platform/messaging.ts";
import {
  codeHash,
  codeRules,
  deliverCode,
  issueCode,
  newCode,
  recordAuthEvent,
  sessionsChannel,
  type AuthDeps,
  type SessionsEvent,
} from "./auth.service.ts";
import * as q from "./auth.queries.ts";
import { notify } from "../../platform/pg-notify.ts";
import { useActionCode } from "./pin.service.ts";

// Changing the account's email or phone number (issue 43): the new address proves itself with a code sent to it, the
// owner proves it is them with the PIN (or a passkey, checked by the caller), every other session ends, and the old
// address is told, with no link.

type Deliver = { deliver: (message: OutgoingMessage) => Promise<void> };

function parsed(input: string): ParsedAccount {
  const account = parseAccount(input);
  if (!account) throw new DomainError("bad_request", "auth.validation.invalidAccount");
  return account;
}

/** "si***h@example.id", "0812****890": enough for the owner to recognise an address, not to learn it. */
export function maskedAddress(account: ParsedAccount): string {
  return account.kind === "email"
    ? `${maskedAccount({ email: account.value, phone: null })}@${account.value.split("@")[1]}`
    : maskedAccount({ email: null, phone: account.value });
}

const taken = async (deps: Pick<AuthDeps, "db">, account: ParsedAccount) =>
  account.kind === "email"
    ? q.selectUserByEmail(deps.db, account.value)
    : q.selectUserByPhone(deps.db, account.value);

/**
 * Sends a code to the new address, bound to the user, the purpose "contact" and the address. An address another
 * account uses gets a notice instead (the answer reads the same, so nobody learns whose it is), and an unusable
 * code is kept so the resend wait is the same.
 */
export async function sendContactCode(
  deps: AuthDeps & Deliver,
  userId: string,
  input: string,
): Promise<{ channel: "email" | "sms"; resendInSeconds: number }> {
  const address = parsed(input);
  const key = `user:${userId}`;
  await deps.limits.consume("sendCode", { account: key, ip: deps.clientIp });
  const owner = await taken(deps, address);
  const code = newCode();
  const id = newId("vc");
  const usable = !owner;
  const hash = codeHash(id, usable ? code : randomBytes(16).toString("hex"));
  await issueCode(deps.db, { id, account: key, purpose: "contact", target: address.value, codeHash: hash });
  const channel = address.kind === "email" ? "email" : "sms";
  const action = deps.t("auth.messages.actions.contact");
  await deliverCode(deps, id, key, {
    channel,
    to: address.value,
    subject: deps.t(usable ? "auth.messages.codeSubject" : "auth.messages.noticeSubject"),
    text: usable
      ? deps.t("auth.messages.codeBody", { code, count: codeRules.ttlMs / 60_000, action })
      : deps.t("auth.messages.contactTakenBody"),
    ...(usable && { code }),
  });
  return { channel, resendInSeconds: codeRules.resendMs / 1000 };
}

/**
 * Changes the account's email or phone to the address the code was sent to (the caller checked the PIN): every
 * other session ends, audited, and the old address (if any) is told, with no link. Answers how many sessions ended.
 */
export async function changeContact(
  deps: AuthDeps & Deliver,
  user: { id: string; sessionId: string },
  input: { account: string; code: string },
): Promise<{ endedSessions: number }> {
  const address = parsed(input.account);
  await useActionCode(deps, user.id, "contact", address.value, input.code);
  const before = await q.selectUserById(deps.db, user.id);
  if (!before) throw new DomainError("unauthorized", "errors.api.unauthorized");
  const old = address.kind === "email" ? before.email : before.phone;
  const ended = await transact(deps.db, async (tx) => {
    await q.updateUserContact(tx, user.id, address);
    const count = await q.revokeOtherSessions(tx, user.id, user.sessionId, now());
    await notify(tx, sessionsChannel, JSON.stringify({ u: user.id } satisfies SessionsEvent));
    await recordAuthEvent(tx, user.id, `auth.${address.kind}.change`, {
      from: old ? maskedAddress(parsed(old)) : null,
      to: maskedAddress(address),
      endedSessions: count,
    });
    await deps.securityNotice?.(tx, user.id, address.kind === "email" ? "emailChanged" : "phoneChanged", {
      to: maskedAddress(address),
    });
    return count;
  }).catch((error: unknown) => {
    if (error instanceof DomainError) throw error;
    // Taken meanwhile by another account (its unique index).
    throw new DomainError("conflict", "auth.errors.contactTaken");
  });
  if (old) {
    const text = deps.t(
      address.kind === "email" ? "auth.messages.emailChangedBody" : "auth.messages.phoneChangedBody",
      {
        to: maskedAddress(address),
      },
    );
    await deps
      .deliver({
        channel: address.kind === "email" ? "email" : "sms",
        to: old,
        subject: deps.t("auth.messages.noticeSubject"),
        text,
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, "contact change notice not sent"));
  }
  return { endedSessions: ended };
}
