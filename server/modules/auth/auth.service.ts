import { transact } from "../../db/transaction.ts";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { parseAccount, type ParsedAccount } from "#common/account.ts";
import { PasswordInputSchema } from "#common/contracts/auth.ts";
import type {
  CodePurpose,
  MeView,
  ResetPasswordInput,
  Role,
  SendCodeInput,
  SessionView,
  SignInInput,
  SignUpInput,
} from "#common/contracts/auth.ts";
import type { Translate } from "#common/i18n/i18n.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import { notify } from "../../platform/pg-notify.ts";
import type { Channels, OutgoingMessage } from "../../platform/messaging.ts";
import { limitRules, RateLimitedError, type RateLimits } from "../../platform/rate-limit.ts";
import { imageKinds, imageView, storeUpload } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import * as q from "./auth.queries.ts";
import { deviceLabel } from "./device.ts";
import { recordAudit } from "../audit/audit.service.ts";

export type { Role };

/** Codes: 6 digits, valid 5 minutes, at most 5 attempts, single use, 60 s before another is sent. */
export const codeRules = { digits: 6, ttlMs: 5 * 60_000, maxAttempts: 5, resendMs: 60_000 } as const;

export interface AuthDeps {
  db: Db;
  storage: Storage;
  channels: Channels;
  limits: RateLimits;
  log: Logger;
  t: Translate;
  clientIp: string;
  /** The browser's User-Agent header, recorded with a new session (issue 43); absent for calls from scripts. */
  userAgent?: string;
  sessionTtlDays: number;
  publicUrl: string;
  /** Tells the account's owner of a change to its security, in its transaction (absent: nobody is told). */
  securityNotice?: SecurityNotice | undefined;
}

/** A change to an account's security its owner is told of (issue 44). */
export type SecurityEvent =
  | "newDevice"
  | "passwordReset"
  | "pinSet"
  | "pinChanged"
  | "pinReset"
  | "pinLocked"
  | "pinDisabled"
  | "passkeyAdded"
  | "passkeyRemoved"
  | "emailChanged"
  | "phoneChanged";

/**
 * The port through which the auth module has an account's owner told of a security event, in the transaction that
 * records it (the flows give it the notification centre: a module writes only its own tables). Params never hold
 * a secret.
 */
export type SecurityNotice = (
  tx: Db,
  userId: string,
  event: SecurityEvent,
  params?: Record<string, string | number>,
) => Promise<void>;

/** How a session signed in. */
export type SessionMethod = "password" | "code" | "signup" | "reset" | "passkey";

/**
 * Records an authentication event of an account in the audit log (issue 43), in the caller's transaction: what
 * happened and how, never a secret (no password, PIN, code or token). The actor is the account itself unless
 * `actorId` says otherwise (null: an attempt by nobody signed in).
 */
export async function recordAuthEvent(
  tx: Db | Tx,
  userId: string,
  action: string,
  details: Record<string, string | number | boolean | null> = {},
  actorId: string | null = userId,
): Promise<void> {
  await recordAudit(tx, { actorId, action, subject: { type: "user", id: userId }, after: details });
}

const inviteAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += inviteAlphabet[randomInt(inviteAlphabet.length)];
  return code;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/** A new random code of `codeRules.digits` digits. */
export const newCode = () => String(randomInt(0, 10 ** codeRules.digits)).padStart(codeRules.digits, "0");

/** Hashes a password (or a payment PIN) with argon2id (OWASP's recommended parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

// Verified against when an account has no password, so a missing account takes as long as a wrong password.
const dummyHash = hashPassword(randomBytes(16).toString("hex"));

function account(input: string): ParsedAccount {
  const parsed = parseAccount(input);
  if (!parsed) throw new DomainError("bad_request", "auth.validation.invalidAccount");
  return parsed;
}

function findUser(db: Db, parsed: ParsedAccount) {
  return parsed.kind === "email"
    ? q.selectUserByEmail(db, parsed.value)
    : q.selectUserByPhone(db, parsed.value);
}

/** Whether any account exists (the seed runs only on an empty shop). */
export async function hasAccounts(db: Db): Promise<boolean> {
  return (await q.countUsers(db)) > 0;
}

/** Creates an account with a password. Operators are created only by `npm run operator:create` and the seed. */
export async function createAccount(
  db: Db,
  input: {
    email?: string;
    phone?: string;
    password: string;
    role: Role;
    invitedByCode?: string;
    /** When the account was made: now, unless the demo seed says otherwise. */
    createdAt?: Date;
  },
): Promise<string> {
  const id = newId("usr");
  await q.insertUser(db, {
    id,
    email: input.email?.toLowerCase() ?? null,
    phone: input.phone ?? null,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    inviteCode: newInviteCode(),
    invitedByCode: input.invitedByCode ?? null,
    createdAt: input.createdAt ?? now(),
  });
  return id;
}

/**
 * Creates an operator account (the documented command `npm run operator:create`; never by sign-up).
 * The password must meet the same rules as everyone's; an account already in use is refused.
 */
export async function createOperator(db: Db, input: { account: string; password: string }): Promise<string> {
  const parsed = account(input.account);
  const password = PasswordInputSchema.safeParse(input.password);
  if (!password.success) throw new DomainError("bad_request", "auth.validation.invalidPassword");
  if (await findUser(db, parsed)) throw new DomainError("conflict", "auth.errors.accountExists");
  return createAccount(db, {
    ...(parsed.kind === "email" ? { email: parsed.value } : { phone: parsed.value }),
    password: input.password,
    role: "operator",
  });
}

/**
 * Records a new code (valid `codeRules.ttlMs` from now) and retires the account's earlier ones for the purpose;
 * refused, with the seconds to wait, when one was sent less than `codeRules.resendMs` ago.
 */
export async function issueCode(
  db: Db,
  row: {
    id: string;
    account: string;
    purpose: CodePurpose | "pin" | "unfreeze" | "contact";
    codeHash: string;
    target?: string | null;
  },
): Promise<void> {
  const at = now();
  const issued = await q.issueCode(
    db,
    { ...row, createdAt: at, expiresAt: new Date(at.getTime() + codeRules.ttlMs) },
    codeRules.resendMs,
  );
  if (!issued.issued) {
    const seconds = Math.ceil((codeRules.resendMs - (at.getTime() - issued.latestAt.getTime())) / 1000);
    throw new DomainError("too_many_requests", "auth.errors.resendWait", { seconds });
  }
}

/**
 * Delivers the message of the code `id` (only the request that issued it gets here, so one code means one message).
 * When nothing arrived the code is forgotten and not counted as a send, so asking again is not held back.
 */
export async function deliverCode(
  deps: Pick<AuthDeps, "db" | "limits"> & { deliver: (message: OutgoingMessage) => Promise<void> },
  id: string,
  limitAccount: string,
  message: OutgoingMessage,
): Promise<void> {
  try {
    await deps.deliver(message);
  } catch (error) {
    await q.deleteCode(deps.db, id);
    await deps.limits.refund("sendCode", limitAccount);
    throw error;
  }
}

/**
 * Sends a code for signing up, signing in or resetting a password. The answer is the same whether or
 * not the account exists; the owner of the address is told instead (an existing account on sign-up, no
 * account on sign-in or reset), and an unusable code is recorded so resend timing is the same.
 */
export async function sendCode(
  deps: AuthDeps & { deliver: (message: OutgoingMessage) => Promise<void> },
  input: SendCodeInput,
) {
  const parsed = account(input.account);
  await deps.limits.consume("sendCode", { account: parsed.value, ip: deps.clientIp });
  const user = await findUser(deps.db, parsed);
  const issue = input.purpose === "signup" ? !user : Boolean(user);
  const code = newCode();
  const id = newId("vc");
  await issueCode(deps.db, {
    id,
    account: parsed.value,
    purpose: input.purpose,
    // A code nobody receives when none may be issued: it can never be guessed from the message.
    codeHash: issue ? codeHash(id, code) : sha256(randomBytes(32).toString("hex")),
  });
  // Only the request that issued the code gets here, so one code means one message.
  const channel = parsed.kind === "email" ? "email" : "sms";
  const text = issue
    ? deps.t("auth.messages.codeBody", {
        code,
        count: codeRules.ttlMs / 60_000,
        action: deps.t(`auth.messages.actions.${input.purpose}`),
      })
    : deps.t(input.purpose === "signup" ? "auth.messages.existsBody" : "auth.messages.unknownBody", {
        url: deps.publicUrl,
      });
  await deliverCode(deps, id, parsed.value, {
    channel,
    to: parsed.value,
    subject: deps.t(issue ? "auth.messages.codeSubject" : "auth.messages.noticeSubject"),
    text,
    ...(issue && { code }),
  });
  return { channel, resendInSeconds: codeRules.resendMs / 1000 } as const;
}

/**
 * Checks and uses up a code. Every guess counts, right or wrong, so a right code is accepted only within
 * its 5 attempts. Throws "wrong code, N attempts left", or "no longer usable" when it is used, expired,
 * out of attempts or was never sent.
 */
async function useCode(deps: AuthDeps, parsed: ParsedAccount, purpose: CodePurpose, code: string) {
  // Per account and address: each code allows only 5 guesses and each account 5 codes an hour, so this
  // limit only slows one client down, and a stranger guessing cannot shut the owner out of code sign-in.
  await deps.limits.consume("checkCode", { account: `${parsed.value}|${deps.clientIp}`, ip: deps.clientIp });
  const row = await q.selectLatestCode(deps.db, parsed.value, purpose);
  const spent = new DomainError("bad_request", "auth.errors.codeSpent");
  if (!row) throw spent;
  const right = timingSafeEqual(Buffer.from(row.codeHash, "hex"), Buffer.from(codeHash(row.id, code), "hex"));
  const attempts = await q.attemptCode(deps.db, row.id, now(), codeRules.maxAttempts, right);
  if (attempts === undefined) throw spent;
  if (right) return;
  const left = codeRules.maxAttempts - attempts;
  throw left > 0 ? new DomainError("bad_request", "auth.errors.codeWrong", { attempts: left }) : spent;
}

/**
 * The channel on which ended sessions are announced to every instance, so each ends the live streams (the chat's)
 * that were opened with them: `{"u":user,"s":session}` for one session, `{"u":user}` for every session of the
 * account that existed when they were ended.
 */
export const sessionsChannel = "pasar_sessions";

export type SessionsEvent = { u: string; s?: string };

/** A payload of the sessions channel, or undefined when it is none. */
export function parseSessionsEvent(payload: string): SessionsEvent | undefined {
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== "object" || value === null) return undefined;
    const { u, s } = value as Record<string, unknown>;
    if (typeof u !== "string" || (s !== undefined && typeof s !== "string")) return undefined;
    return s === undefined ? { u } : { u, s };
  } catch {
    return undefined;
  }
}

/**
 * Revokes every session of a user and announces it, in the caller's transaction: the streams close when it
 * commits, and a transaction rolled back announces nothing. Answers how many sessions were revoked.
 */
export async function endUserSessions(tx: Tx, userId: string, at: Date): Promise<number> {
  const revoked = await q.revokeUserSessions(tx, userId, at);
  await notify(tx, sessionsChannel, JSON.stringify({ u: userId } satisfies SessionsEvent));
  return revoked;
}

/**
 * Starts a session and records the sign-in (issue 43), together: how, from which device and address, and whether
 * that device is new to the account (none of its last sessions, ended ones too, came from it).
 */
async function startSession(deps: AuthDeps, userId: string, method: SessionMethod): Promise<SessionView> {
  const token = randomBytes(32).toString("base64url");
  const at = now();
  const userAgent = deps.userAgent ? deps.userAgent.slice(0, 400) : null;
  const device = deviceLabel(userAgent);
  await transact(deps.db, async (tx) => {
    const seen = await q.selectRecentUserAgents(tx, userId, 50);
    await q.insertSession(tx, {
      id: newId("ses"),
      userId,
      tokenHash: sha256(token),
      method,
      userAgent,
      ip: deps.clientIp || null,
      createdAt: at,
      lastUsedAt: at,
      expiresAt: new Date(at.getTime() + deps.sessionTtlDays * 86_400_000),
    });
    const newDevice = !seen.some((ua) => deviceLabel(ua) === device);
    await recordAuthEvent(tx, userId, method === "signup" ? "auth.signup" : "auth.signin", {
      method,
      device,
      ip: deps.clientIp || null,
      newDevice,
    });
    // A sign-in from a device the account has not used before is told to its owner (issue 44): not the first
    // session an account ever has, nor the one a password reset starts (the reset is told).
    if (newDevice && seen.length > 0 && method !== "signup" && method !== "reset") {
      await deps.securityNotice?.(tx, userId, "newDevice", { device: device ?? (deps.clientIp || "?") });
    }
  });
  return { token, user: await getMe(deps.db, deps.storage, userId) };
}

/** Creates a shopper account from a verified code and signs it in. */
export async function signUp(deps: AuthDeps, input: SignUpInput): Promise<SessionView> {
  const parsed = account(input.account);
  const invite = input.inviteCode ? input.inviteCode.toUpperCase() : undefined;
  if (invite) {
    await deps.limits.consume("checkInvite", { account: parsed.value, ip: deps.clientIp });
    if (!(await q.inviteCodeExists(deps.db, invite))) {
      throw new DomainError("bad_request", "auth.errors.inviteNotFound");
    }
  }
  await useCode(deps, parsed, "signup", input.code);
  if (await findUser(deps.db, parsed)) throw new DomainError("conflict", "auth.errors.signUpFailed");
  // The account and its first session together, or neither.
  return transact(deps.db, async (tx) => {
    const userId = await createAccount(tx, {
      ...(parsed.kind === "email" ? { email: parsed.value } : { phone: parsed.value }),
      password: input.password,
      role: "shopper",
      invitedByCode: invite,
    }).catch((error: unknown) => {
      // Two sign-ups racing for one account: the unique index lets one win.
      deps.log.warn({ err: error }, "sign-up lost a race");
      throw new DomainError("conflict", "auth.errors.signUpFailed");
    });
    return startSession({ ...deps, db: tx }, userId, "signup");
  });
}

/**
 * A suspended account is told so, but only once it has proved to be its owner (the right password or
 * code): a stranger learns nothing about an account from sign-in.
 */
function refuseSuspended(user: { suspendedAt: Date | null }): void {
  if (user.suspendedAt) throw new DomainError("forbidden", "auth.errors.suspended");
}

/** Password sign-in is paused for an account; the message offers sign-in by code. */
const passwordPaused = (seconds: number) =>
  new DomainError("too_many_requests", "auth.errors.passwordPaused", { minutes: Math.ceil(seconds / 60) });

/**
 * Signs in with a password or a code. A wrong password and an unknown account read the same and count
 * against the account name either way, so accounts cannot be probed. When an account's password attempts
 * are spent, password sign-in pauses for it but sign-in by code stays open (its own limits), so nobody
 * can lock the owner out by guessing.
 */
export async function signIn(deps: AuthDeps, input: SignInInput): Promise<SessionView> {
  const parsed = account(input.account);
  if (input.method === "password") {
    const user = await checkPassword(deps, parsed.value, () => findUser(deps.db, parsed), input.password, {
      wrong: "auth.errors.wrongPassword",
      paused: passwordPaused,
    }).catch(async (error: unknown) => {
      // A wrong password for an account that exists is in its audit trail (nobody signed in made it).
      const owner = error instanceof DomainError ? await findUser(deps.db, parsed) : undefined;
      if (owner) {
        await recordAuthEvent(
          deps.db,
          owner.id,
          "auth.signin.failed",
          { method: "password", device: deviceLabel(deps.userAgent ?? null), ip: deps.clientIp || null },
          null,
        );
      }
      throw error;
    });
    refuseSuspended(user);
    return startSession(deps, user.id, "password");
  }
  await useCode(deps, parsed, "login", input.code);
  const user = await findUser(deps.db, parsed);
  if (!user) throw new DomainError("bad_request", "auth.errors.loginFailed");
  // The owner proved the account: password sign-in opens again.
  await deps.limits.reset("checkPassword", parsed.value);
  refuseSuspended(user);
  return startSession(deps, user.id, "code");
}

/**
 * Signs in the user a passkey proved (issue 43): a suspended account is told so, as after a right password.
 */
export async function signInProven(deps: AuthDeps, userId: string): Promise<SessionView> {
  const user = await q.selectUserById(deps.db, userId);
  if (!user) throw new DomainError("bad_request", "auth.errors.loginFailed");
  refuseSuspended(user);
  return startSession(deps, user.id, "passkey");
}

const confirmPaused = (seconds: number) =>
  new DomainError("too_many_requests", "auth.errors.confirmPaused", { minutes: Math.ceil(seconds / 60) });

/**
 * Checks the signed-in user's password again before a sensitive step (signing out every other session), under
 * the same per-account limit as password sign-in, so a stolen session cannot guess it. Throws when wrong.
 */
export async function confirmPassword(deps: AuthDeps, userId: string, password: string): Promise<void> {
  const user = await q.selectUserById(deps.db, userId);
  // Counted with the account's sign-in tries: a stolen session gets no extra guesses.
  const key = user?.email ?? user?.phone ?? `user:${userId}`;
  await checkPassword(deps, key, async () => user, password, {
    wrong: "auth.errors.confirmWrong",
    paused: confirmPaused,
  });
}

/**
 * Checks a password under the per-account limit `key` (a wrong password and a missing account read the same and
 * take as long); on success the account's count starts again. Answers the user.
 */
async function checkPassword<U extends { passwordHash: string | null }>(
  deps: Pick<AuthDeps, "limits" | "clientIp">,
  key: string,
  findUser: () => Promise<U | undefined>,
  password: string,
  messages: {
    wrong: "auth.errors.wrongPassword" | "auth.errors.confirmWrong";
    paused: (s: number) => DomainError;
  },
): Promise<U> {
  const { remaining } = await deps.limits
    .consume("checkPassword", { account: key, ip: deps.clientIp })
    .catch((error: unknown) => {
      throw error instanceof RateLimitedError && error.by === "account"
        ? messages.paused(error.seconds)
        : error;
    });
  const user = await findUser();
  const ok = await verify(user?.passwordHash ?? (await dummyHash), password);
  if (!user?.passwordHash || !ok) {
    throw remaining > 0
      ? new DomainError("bad_request", messages.wrong, { attempts: remaining })
      : messages.paused(limitRules.checkPassword.seconds);
  }
  await deps.limits.reset("checkPassword", key);
  return user;
}

/** Sets a new password from a verified code, signs out every other session and signs in. */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<SessionView> {
  const parsed = account(input.account);
  await useCode(deps, parsed, "reset", input.code);
  const user = await findUser(deps.db, parsed);
  if (!user) throw new DomainError("bad_request", "auth.errors.passwordUpdateFailed");
  refuseSuspended(user);
  const hash = await hashPassword(input.password);
  // The new password, the other sessions signed out and the new session: all of it, or none.
  const session = await transact(deps.db, async (tx) => {
    await q.updateUserPassword(tx, user.id, hash);
    const ended = await endUserSessions(tx, user.id, now());
    await recordAuthEvent(tx, user.id, "auth.password.reset", { endedSessions: ended });
    await deps.securityNotice?.(tx, user.id, "passwordReset");
    return startSession({ ...deps, db: tx }, user.id, "reset");
  });
  await deps.limits.reset("checkPassword", parsed.value);
  return session;
}

/**
 * The user a session token belongs to (and the session's id), or undefined when it is unknown, expired or
 * revoked, or its account is suspended.
 */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ id: string; role: Role; sessionId: string } | undefined> {
  if (!token || token.length > 200) return undefined;
  const at = now();
  const row = await q.selectActiveSession(db, sha256(token), at);
  if (!row) return undefined;
  // "Last used" moves at most once a minute: one small write a minute per active session, none per request.
  const staleBefore = new Date(at.getTime() - lastUsedStepMs);
  if (row.lastUsedAt < staleBefore) await q.touchSession(db, row.sessionId, at, staleBefore);
  return { id: row.userId, role: row.role, sessionId: row.sessionId };
}

/** How stale a session's "last used" may get before a request moves it. */
export const lastUsedStepMs = 60_000;

/** Revokes a session (logout) and announces it with the revocation, so its live streams close everywhere. */
export async function signOut(db: Db, token: string): Promise<void> {
  if (!token) return;
  await transact(db, async (tx) => {
    const revoked = await q.revokeSessionByHash(tx, sha256(token), now());
    if (revoked) {
      await recordAuthEvent(tx, revoked.userId, "auth.signout", { session: revoked.id });
      await notify(
        tx,
        sessionsChannel,
        JSON.stringify({ u: revoked.userId, s: revoked.id } satisfies SessionsEvent),
      );
    }
  });
}

/** The signed-in user as their own pages show them. */
export async function getMe(db: Db, storage: Storage, userId: string): Promise<MeView> {
  const user = await q.selectUserById(db, userId);
  if (!user) throw new DomainError("unauthorized", "errors.api.unauthorized");
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    role: user.role,
    inviteCode: user.inviteCode,
    avatar: imageView(storage, user.avatar),
  };
}

/** Which of these sessions are still signed in: a device subscribed in an ended one gets no more pushes. */
export async function activeSessionIds(db: Db, ids: string[]): Promise<Set<string>> {
  return new Set(await q.selectActiveSessionIds(db, ids, now()));
}

/** How a payment provider may reach the user (its receipts, OVO's push): their email and phone. */
export async function userContact(
  db: Db,
  userId: string,
): Promise<{ email: string | null; phone: string | null }> {
  const user = await q.selectUserById(db, userId);
  return { email: user?.email ?? null, phone: user?.phone ?? null };
}

/**
 * What cash on delivery asks of an account: a phone number (every account has one only when its owner proved
 * it with a code: phone accounts sign up by code) and when the account was made.
 */
export async function accountStanding(
  db: Db,
  userId: string,
): Promise<{ verifiedPhone: boolean; createdAt: Date } | undefined> {
  const row = await q.selectStanding(db, userId);
  return row && { verifiedPhone: row.phone !== null, createdAt: row.createdAt };
}

/** Replaces the avatar: any common image up to 5 MB, stored as a square in the sizes the pages show. */
export async function updateAvatar(
  deps: Pick<AuthDeps, "db" | "storage" | "log">,
  userId: string,
  file: Blob,
): Promise<MeView> {
  const avatar = await storeUpload(deps, imageKinds.avatar, file, {
    invalid: "auth.errors.avatarInvalid",
    tooLarge: "auth.errors.avatarTooLarge",
  });
  await q.updateUserAvatar(deps.db, userId, avatar);
  return getMe(deps.db, deps.storage, userId);
}

/** The id of the user with this account (an email or an Indonesian mobile number as typed), if any. */
export async function findUserIdByAccount(db: Db, account: string): Promise<string | undefined> {
  const parsed = parseAccount(account);
  if (!parsed) return undefined;
  return (await findUser(db, parsed))?.id;
}

/** Makes a shopper a merchant (an operator approved their application), in the approval's transaction. */
export async function makeMerchant(tx: Tx, userId: string): Promise<void> {
  await q.updateUserRole(tx, userId, "merchant");
}

/**
 * Signs every session of a user out for an operator (issue 43), in the operator's transaction: never an operator's.
 * Answers how many were signed in.
 */
export async function endSessionsForOperator(tx: Tx, userId: string): Promise<number> {
  const user = await q.selectUserForUpdate(tx, userId);
  if (!user) throw new DomainError("not_found", "errors.users.notFound");
  if (user.role === "operator") throw new DomainError("forbidden", "errors.users.operator");
  return endUserSessions(tx, userId, now());
}

/**
 * Suspends a user's sign-in (with the reason the operator gave) or reinstates it, in the operator's
 * transaction: suspending revokes every session of the account in the same step, so a request carrying an
 * old token is signed out at once. Operators cannot be suspended (nor can anyone suspend themselves). The
 * row is locked, so two operators deciding at once decide one after the other. Returns the state before.
 */
export async function setSuspension(
  tx: Tx,
  userId: string,
  change: { suspend: boolean; reason: string | null },
): Promise<{ before: { suspended: boolean; reason: string | null }; revokedSessions: number }> {
  const user = await q.selectUserForUpdate(tx, userId);
  if (!user) throw new DomainError("not_found", "errors.users.notFound");
  if (user.role === "operator") throw new DomainError("forbidden", "errors.users.operator");
  const at = now();
  await q.updateUserSuspension(
    tx,
    userId,
    change.suspend
      ? { suspendedAt: user.suspendedAt ?? at, suspendedReason: change.reason ?? "" }
      : { suspendedAt: null, suspendedReason: null },
  );
  const revokedSessions = change.suspend ? await endUserSessions(tx, userId, at) : 0;
  return {
    before: { suspended: user.suspendedAt !== null, reason: user.suspendedReason },
    revokedSessions,
  };
}

/** The operators who may sign in: whom the platform's own matters are told to (issue 44). */
export function operatorIds(db: Db): Promise<string[]> {
  return q.selectOperatorIds(db);
}
