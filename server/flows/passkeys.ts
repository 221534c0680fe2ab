// Adding or removing a passkey (issue 43): the owner proves it is them first (the PIN, or a passkey they have), so a
// stolen session cannot add its own key; then the auth module records the change, and its owner is told (issue 44).
import type { PasskeyAnswer, PasskeyView, Proof } from "#common/contracts/auth.ts";
import * as passkeys from "../modules/auth/passkeys.service.ts";
import { checkProof } from "../modules/auth/proof.ts";
import { securityNotice } from "./security-notice.ts";

/** Adds the passkey the browser made for its challenge, after the proof. */
export async function addPasskey(
  deps: passkeys.PasskeyDeps,
  userId: string,
  input: PasskeyAnswer & { proof: Proof },
): Promise<PasskeyView> {
  await checkProof(deps, userId, input.proof, securityNotice);
  return passkeys.registerPasskey({ ...deps, securityNotice }, userId, input);
}

/** Removes one of the user's passkeys, after the proof. */
export async function removePasskey(
  deps: passkeys.PasskeyDeps,
  userId: string,
  input: { id: string; proof: Proof },
): Promise<void> {
  await checkProof(deps, userId, input.proof, securityNotice);
  await passkeys.removePasskey(deps.db, userId, input.id, securityNotice);
}
