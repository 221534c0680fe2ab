// Changing the account's email or phone number (issue 43): the auth module proves the new address and the owner and
// makes the change; the notifications module delivers the code and the notice to the old address.
import type { Proof } from "#common/contracts/auth.ts";
import type { AuthDeps } from "../modules/auth/auth.service.ts";
import { changeContact as change, sendContactCode } from "../modules/auth/contact.service.ts";
import { checkProof } from "../modules/auth/proof.ts";
import { deliver, type NotifyDeps } from "../modules/notifications/notifications.service.ts";
import { securityNotice } from "./security-notice.ts";

/** Sends a code to the new address (a notice instead, when another account uses it). */
export function sendNewAddressCode(deps: AuthDeps & NotifyDeps, userId: string, account: string) {
  return sendContactCode({ ...deps, deliver: (message) => deliver(deps, message) }, userId, account);
}

/** Changes the email or phone after the PIN (or a passkey) and the new address's code; other sessions end. */
export async function changeContact(
  deps: AuthDeps & NotifyDeps,
  user: { id: string; sessionId: string },
  input: { account: string; code: string; proof: Proof },
) {
  await checkProof(deps, user.id, input.proof, securityNotice);
  return change({ ...deps, securityNotice, deliver: (message) => deliver(deps, message) }, user, input);
}
