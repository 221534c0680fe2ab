// What an account's owner is told in the notification centre when its security changes (issue 44): the auth module
// decides and records these events and calls this port in the same transaction, so the notice is written with the
// event (rolled back, none) while the module writes only its own tables.
import type { NotificationKind } from "#common/contracts/notifications.ts";
import type { SecurityEvent, SecurityNotice } from "../modules/auth/auth.service.ts";
import { notifyUser } from "../modules/notifications/inbox.service.ts";

/** Where the owner reviews devices, the PIN, passkeys and the contact details. */
export const securityLink = "/h5/account/security";

const kinds: Record<SecurityEvent, NotificationKind> = {
  newDevice: "securityNewDevice",
  passwordReset: "securityPasswordReset",
  pinSet: "securityPinSet",
  pinChanged: "securityPinChanged",
  pinReset: "securityPinReset",
  pinLocked: "securityPinLocked",
  pinDisabled: "securityPinDisabled",
  passkeyAdded: "securityPasskeyAdded",
  passkeyRemoved: "securityPasskeyRemoved",
  emailChanged: "securityEmailChanged",
  phoneChanged: "securityPhoneChanged",
};

/** The auth module's `SecurityNotice` port: a notice in the account category, linking to the security page. */
export const securityNotice: SecurityNotice = (tx, userId, event, params = {}) =>
  notifyUser(tx, { userId, category: "account", kind: kinds[event], params, link: securityLink });
