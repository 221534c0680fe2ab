import { sendCode as issueAndSend, type AuthDeps } from "../modules/auth/auth.service.ts";
import { sendActionCode as issueActionCode, type ActionPurpose } from "../modules/auth/pin.service.ts";
import { deliver, type NotifyDeps } from "../modules/notifications/notifications.service.ts";
import type { SendCodeInput } from "#common/contracts/auth.ts";

/** Sends a sign-up, sign-in or reset code: the auth module issues it, the notifications module delivers it. */
export function sendCode(deps: AuthDeps & NotifyDeps, input: SendCodeInput) {
  return issueAndSend({ ...deps, deliver: (message) => deliver(deps, message) }, input);
}

/** Sends a signed-in user a code for an action on their account (issue 43), to their own address. */
export function sendActionCode(
  deps: AuthDeps & NotifyDeps,
  userId: string,
  purpose: ActionPurpose,
  target?: string,
) {
  return issueActionCode({ ...deps, deliver: (message) => deliver(deps, message) }, userId, purpose, target);
}
