import { sendCode as issueAndSend, type AuthDeps } from "../modules/auth/auth.service.ts";
import { sendActionCode as issueActionCode, type ActionPurpose } from "../modules/auth/pin.service.ts";
import { deliver, type NotifyDeps } from "../modules/notifications/notifications.service.ts";
import type { OutgoingMessage } from "../platform/messaging.ts";
import type { Locale } from "#common/locales.ts";
import type { SendCodeInput } from "#common/contracts/auth.ts";
import { sendersOf, whatsappLanguage } from "./notifications/deliver.ts";

type Deps = AuthDeps & NotifyDeps & { lang?: Locale };

/**
 * How a code reaches a phone: by WhatsApp's authentication template where the shop has WhatsApp (issue 44: most
 * Indonesians read WhatsApp first), else, or when WhatsApp cannot take it (the number is not on WhatsApp, Meta is
 * down), by SMS; e-mail by the mailer.
 */
function codeDelivery(deps: Deps) {
  return async (message: OutgoingMessage) => {
    const whatsapp = sendersOf(deps.db)?.whatsapp;
    if (whatsapp && message.channel === "sms" && message.code) {
      const sent = await whatsapp.send({
        to: message.to,
        language: whatsappLanguage[deps.lang ?? "ind"],
        message: { template: "auth_code", params: { code: message.code } },
        deliveryId: "code",
      });
      if (sent.outcome === "sent") return;
      deps.log.info(
        { outcome: sent.outcome, reason: sent.reason },
        "code: WhatsApp did not take it; SMS instead",
      );
    }
    await deliver(deps, message);
  };
}

/** Sends a sign-up, sign-in or reset code: the auth module issues it, the notifications module delivers it. */
export function sendCode(deps: Deps, input: SendCodeInput) {
  return issueAndSend({ ...deps, deliver: codeDelivery(deps) }, input);
}

/** Sends a signed-in user a code for an action on their account (issue 43), to their own address. */
export function sendActionCode(deps: Deps, userId: string, purpose: ActionPurpose, target?: string) {
  return issueActionCode({ ...deps, deliver: codeDelivery(deps) }, userId, purpose, target);
}
