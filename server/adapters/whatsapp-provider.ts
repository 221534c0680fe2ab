import { createWhatsAppSender } from "./whatsapp/whatsapp.adapter.ts";
import type { WhatsAppFailureCause } from "./whatsapp/whatsapp.errors.ts";
import type { WhatsAppLanguage, WhatsAppTemplateMessage } from "./whatsapp/whatsapp.templates.ts";

/**
 * The WhatsApp port (issue 44): the shop's template messages (`whatsapp/whatsapp.templates.ts`: `order_update`,
 * `auth_code`) to a person's WhatsApp, through Meta's WhatsApp Business Cloud API, and what Meta reports about
 * them afterwards by webhook. The adapter is `whatsapp/whatsapp.adapter.ts`; `whatsapp/whatsapp.simulator.ts`
 * is Meta's API on 127.0.0.1 for tests.
 *
 * **Sending once.** The Cloud API has no idempotency key: the same request sent twice is two messages. So:
 * - the caller records the `wamid` of a `sent` outcome with its delivery, in the transaction that marks the
 *   delivery sent, and never calls `send` for a delivery that has one;
 * - every message carries the caller's `deliveryId` (as Meta's `biz_opaque_callback_data`), and every status
 *   webhook of it brings it back (`WhatsAppStatusEvent.deliveryId`): a status for a delivery with no wamid
 *   recorded means the message went out though its answer was lost;
 * - a `retry` outcome says whether the message may have gone out anyway (`maybeSent`: no answer in time, a 5xx).
 *   Then the caller waits for a status webhook naming the delivery before sending again, or accepts a possible
 *   duplicate (an order update), or sends a new code instead (an authentication code).
 * Status webhooks come late, twice and out of order: apply a status only forward (`whatsappStatusRank`; `failed`
 * ranks with `delivered`: it follows `sent`, never a delivery).
 */

/** What to send to whom. */
export interface WhatsAppSendInput {
  /** The person's number with its country code and no `+`: `6281234567890` (`+62 812-3456-7890` is read too). */
  to: string;
  /** The template's language: the person's language in the shop (`id`, `en`, `zh_CN`). */
  language: WhatsAppLanguage;
  message: WhatsAppTemplateMessage;
  /** The caller's id of this delivery (up to 512 characters), returned in every status webhook of the message. */
  deliveryId: string;
}

export type WhatsAppSendResult =
  /** Meta accepted it: record `wamid` now; statuses follow by webhook. */
  | { outcome: "sent"; wamid: string; waId: string | null }
  /** Too many messages (the shop's throughput, its account, or to this person): try later, slower. */
  | { outcome: "rate_limited"; code: number | null; reason: string; retryAfterSeconds: number }
  /** Meta is down, busy or unreachable: try again later (see `maybeSent`). */
  | { outcome: "retry"; code: number | null; status: number | null; reason: string; maybeSent: boolean }
  /** Never this message: the person cannot get it, the template or the request is wrong, or the account is. */
  | {
      outcome: "failed";
      code: number | null;
      status: number | null;
      reason: string;
      cause: WhatsAppFailureCause;
    };

/** One status of a message the shop sent, from a verified webhook. */
export interface WhatsAppStatusEvent {
  wamid: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  /** The person's WhatsApp id (their number). */
  recipientId: string;
  /** The `deliveryId` the message was sent with, or null when it was sent without one. */
  deliveryId: string | null;
  /** Why a `failed` message failed, with what the shop does about it (`whatsapp/whatsapp.errors.ts`). */
  error: {
    code: number;
    title: string;
    details: string | null;
    kind: "retry" | "rate_limited" | "failed";
    cause: WhatsAppFailureCause | null;
  } | null;
}

/** What a webhook POST was. */
export type WhatsAppWebhookReading =
  /** Not signed with the app secret (or no signature): change nothing, answer 401. */
  | { kind: "forged" }
  /** Signed but not a WhatsApp Business Account webhook the shop can read: keep it for the operator, answer 200. */
  | { kind: "unreadable"; reason: string }
  /**
   * The statuses it carries, the account's errors not tied to a message (`value.errors`), and how many other
   * things (people's messages, other fields, unknown statuses) it carried that the shop does not read.
   */
  | {
      kind: "events";
      statuses: WhatsAppStatusEvent[];
      errors: { code: number; title: string; details: string | null }[];
      ignored: number;
    };

export interface WhatsAppSender {
  /** Sends one template message; never throws for what Meta or the network does. */
  send(input: WhatsAppSendInput): Promise<WhatsAppSendResult>;
  /** Reads a webhook POST from its raw body (exactly the bytes received) and `X-Hub-Signature-256` header. */
  readWebhook(
    rawBody: string | Uint8Array,
    signatureHeader: string | null | undefined,
  ): WhatsAppWebhookReading;
  /**
   * Answers Meta's verification request (`GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`): the
   * challenge to answer 200 with, or null (answer 403).
   */
  answerVerification(query: URLSearchParams | Record<string, string | undefined>): string | null;
}

/** Order of statuses: a status is applied only when it ranks above the one kept. */
export const whatsappStatusRank = { sent: 1, delivered: 2, read: 3, failed: 2 } as const;

/**
 * The settings WhatsApp will need (not in server/platform/env.ts yet; suggested names): the access token of a
 * system user with `whatsapp_business_messaging`, the business phone number's id, the app secret that signs
 * webhooks, and the verify token typed into the app's webhook settings.
 */
export interface WhatsAppSettings {
  WHATSAPP_ACCESS_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  /** `https://graph.facebook.com` unless told otherwise (the simulator's URL in tests). */
  WHATSAPP_API_URL?: string | undefined;
  /** The Graph API version, `v24.0` unless told otherwise. */
  WHATSAPP_API_VERSION?: string | undefined;
}

/** The WhatsApp sender when all four secrets are set, else null (the shop sends no WhatsApp). */
export function createWhatsAppSenderFromEnv(settings: WhatsAppSettings): WhatsAppSender | null {
  const { WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } =
    settings;
  if (!WHATSAPP_ACCESS_TOKEN || !WHATSAPP_PHONE_NUMBER_ID || !WHATSAPP_APP_SECRET || !WHATSAPP_VERIFY_TOKEN) {
    return null;
  }
  return createWhatsAppSender({
    accessToken: WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    appSecret: WHATSAPP_APP_SECRET,
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    ...(settings.WHATSAPP_API_URL ? { apiUrl: settings.WHATSAPP_API_URL } : {}),
    ...(settings.WHATSAPP_API_VERSION ? { apiVersion: settings.WHATSAPP_API_VERSION } : {}),
  });
}
