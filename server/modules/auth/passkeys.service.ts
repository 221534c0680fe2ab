import { transact } from "../../db/transaction.ts";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { PasskeyAnswer, PasskeyView } from "#common/contracts/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { addMs, now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { recordAuthEvent, signInProven, type AuthDeps, type SecurityNotice } from "./auth.service.ts";
import * as q from "./auth.queries.ts";
import { deviceLabel } from "./device.ts";
import * as pk from "./passkeys.queries.ts";

// Passkeys (issue 43): WebAuthn credentials through @simplewebauthn/server. A user adds one (with the PIN), signs in
// with it, and uses it with user verification instead of the PIN. Every ceremony answers a challenge the server
// made for it, once, within 5 minutes.

const challengeMs = 5 * 60_000;

/** Options as the API sends them: plain JSON the browser hands to @simplewebauthn/browser. */
const asJson = (options: object) => options as Record<string, unknown>;

export type PasskeyDeps = Pick<AuthDeps, "db" | "limits" | "clientIp" | "publicUrl" | "securityNotice"> & {
  userAgent?: string;
};

/**
 * The relying party: the shop's public address. A loopback address is served as `localhost`, the one name a browser
 * accepts for a local shop (WebAuthn takes no IP address); pages opened at the address itself are accepted too.
 */
export function relyingParty(publicUrl: string): { rpID: string; origins: string[] } {
  const url = new URL(publicUrl);
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  const rpID = loopback ? "localhost" : url.hostname;
  const origin = `${url.protocol}//${rpID}${url.port ? `:${url.port}` : ""}`;
  return { rpID, origins: loopback ? [origin, url.origin] : [origin] };
}

async function saveChallenge(
  deps: PasskeyDeps,
  purpose: "register" | "signin" | "proof",
  userId: string | null,
  challenge: string,
): Promise<string> {
  // Each ceremony keeps a row: made a few times a minute by a person, not thousands by a script.
  await deps.limits.consume("passkey", { account: userId ?? `ip:${deps.clientIp}`, ip: deps.clientIp });
  const at = now();
  const id = newId("wch", at.getTime());
  await pk.insertChallenge(
    deps.db,
    { id, userId, purpose, challenge, expiresAt: addMs(at, challengeMs) },
    at,
  );
  return id;
}

/** What the browser needs to make a passkey for the user (one it already has is excluded). */
export async function registrationOptions(deps: PasskeyDeps, userId: string) {
  const user = await q.selectUserById(deps.db, userId);
  if (!user) throw new DomainError("unauthorized", "errors.api.unauthorized");
  const existing = await pk.selectPasskeys(deps.db, userId);
  const options = await generateRegistrationOptions({
    rpName: "Pasar",
    rpID: relyingParty(deps.publicUrl).rpID,
    userName: (user.email ?? user.phone)!,
    userID: new TextEncoder().encode(userId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: challengeMs,
  });
  return {
    challengeId: await saveChallenge(deps, "register", userId, options.challenge),
    options: asJson(options),
  };
}

const refused = () => new DomainError("bad_request", "auth.errors.passkeyFailed");

/**
 * Adds the passkey the browser made for the challenge: verified (user verification required), kept with the device
 * it was made on, audited. The caller has checked the PIN.
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  userId: string,
  answer: PasskeyAnswer,
): Promise<PasskeyView> {
  const { rpID, origins } = relyingParty(deps.publicUrl);
  const challenge = await pk.takeChallenge(deps.db, answer.challengeId, "register", now());
  if (!challenge || challenge.userId !== userId) throw refused();
  const verified = await verifyRegistrationResponse({
    response: answer.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verified.verified) throw refused();
  const { credential } = verified.registrationInfo;
  const at = now();
  const device = deviceLabel(deps.userAgent ?? null);
  await transact(deps.db, async (tx) => {
    const added = await pk.insertPasskey(tx, {
      id: credential.id,
      userId,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      device,
      createdAt: at,
    });
    // A credential the shop knows already (its id is unique): refused in words, even when two tries race.
    if (!added) throw new DomainError("conflict", "auth.errors.passkeyExists");
    await recordAuthEvent(tx, userId, "passkey.add", { device });
    await deps.securityNotice?.(tx, userId, "passkeyAdded", { device: device ?? "?" });
  });
  return { id: credential.id, device, createdAt: at, lastUsedAt: null };
}

/** What the browser needs to sign in with a passkey: any of the shop's (the passkey names its user). */
export async function signInOptions(deps: PasskeyDeps) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.publicUrl).rpID,
    userVerification: "required",
    timeout: challengeMs,
  });
  return {
    challengeId: await saveChallenge(deps, "signin", null, options.challenge),
    options: asJson(options),
  };
}

/** Signs in with a passkey: its answer to a sign-in challenge names the user (issue 43). */
export async function signInWithPasskey(deps: AuthDeps, answer: PasskeyAnswer) {
  const { userId } = await verifyPasskey(deps, "signin", null, answer);
  return signInProven(deps, userId);
}

/** What the browser needs for the user to prove it is them with one of their passkeys, instead of the PIN. */
export async function proofOptions(deps: PasskeyDeps, userId: string) {
  const mine = await pk.selectPasskeys(deps.db, userId);
  if (mine.length === 0) throw new DomainError("precondition_failed", "auth.errors.noPasskey");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.publicUrl).rpID,
    allowCredentials: mine.map((p) => ({ id: p.id, transports: p.transports ?? undefined })),
    userVerification: "required",
    timeout: challengeMs,
  });
  return {
    challengeId: await saveChallenge(deps, "proof", userId, options.challenge),
    options: asJson(options),
  };
}

/**
 * Checks a passkey's answer to a challenge made for `purpose` (and for `userId` when proving): signed by a passkey
 * the shop knows (the user's own, when proving), with user verification, its counter moving forward. Answers the
 * passkey's user. Anything else is refused with one message.
 */
export async function verifyPasskey(
  deps: Pick<PasskeyDeps, "db" | "publicUrl">,
  purpose: "signin" | "proof",
  userId: string | null,
  answer: PasskeyAnswer,
): Promise<{ userId: string }> {
  const { rpID, origins } = relyingParty(deps.publicUrl);
  const at = now();
  const challenge = await pk.takeChallenge(deps.db, answer.challengeId, purpose, at);
  if (!challenge || challenge.userId !== userId) throw refused();
  const passkey = await pk.selectPasskey(deps.db, answer.response.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) throw refused();
  const verified = await verifyAuthenticationResponse({
    response: answer.response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports ?? undefined,
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verified.verified || !verified.authenticationInfo) throw refused();
  if (!(await pk.usePasskey(deps.db, passkey.id, verified.authenticationInfo.newCounter, at)))
    throw refused();
  return { userId: passkey.userId };
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await pk.selectPasskeys(db, userId);
  return rows.map((p) => ({ id: p.id, device: p.device, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt }));
}

/** Removes one of the user's passkeys (the caller has checked the PIN or a passkey); audited. */
export async function removePasskey(
  db: Db,
  userId: string,
  id: string,
  notice?: SecurityNotice,
): Promise<void> {
  await transact(db, async (tx: Tx) => {
    if (!(await pk.deletePasskey(tx, userId, id)))
      throw new DomainError("not_found", "auth.errors.passkeyNotFound");
    await recordAuthEvent(tx, userId, "passkey.remove");
    await notice?.(tx, userId, "passkeyRemoved");
  });
}
