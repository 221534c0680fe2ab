import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type {
  WhatsAppSendInput,
  WhatsAppSendResult,
  WhatsAppSender,
  WhatsAppStatusEvent,
  WhatsAppWebhookReading,
} from "../whatsapp-provider.ts";
import { whatsappErrorOf, type WhatsAppErrorInfo } from "./whatsapp.errors.ts";
import {
  GraphErrorSchema,
  MessagesValueSchema,
  SendAnswerSchema,
  WebhookBodySchema,
  messageStatuses,
  type MessageStatus,
  type SendTemplateBody,
  type WebhookError,
} from "./whatsapp.schemas.ts";
import { componentsOf, templateProblemOf } from "./whatsapp.templates.ts";

/**
 * Meta's WhatsApp Business Cloud API as a `WhatsAppSender`: a thin client over `fetch` (like the payment and
 * courier adapters, decision 19), `POST /<version>/<phone number id>/messages` with a bearer token, answers read
 * with the schemas of whatsapp.schemas.ts, errors sorted by Meta's code (whatsapp.errors.ts). Webhooks are
 * verified by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret) before anything is read.
 */

export const defaultWhatsAppApiUrl = "https://graph.facebook.com";
export const defaultWhatsAppApiVersion = "v24.0";

export interface WhatsAppSenderOptions {
  /** A system user's access token with `whatsapp_business_messaging`. */
  accessToken: string;
  /** The business phone number's id (WhatsApp Manager, API Setup), not the number itself. */
  phoneNumberId: string;
  /** The app secret (App Dashboard, Settings, Basic): Meta signs every webhook with it. */
  appSecret: string;
  /** The verify token typed into the app's webhook settings; Meta sends it back in the verification request. */
  verifyToken: string;
  apiUrl?: string;
  apiVersion?: string;
  /** How long one call may take before it counts as Meta being away (retryable, and maybe sent). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A number as the Cloud API takes it: country code and digits, no `+` (`+62 812-3456-7890` → `6281234567890`),
 * or null when it is not one (a local `0812…` has no country code).
 */
export function waNumberOf(phone: string): string | null {
  const digits = phone
    .trim()
    .replace(/[\s().-]/g, "")
    .replace(/^\+/, "");
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/**
 * Whether `signatureHeader` (`X-Hub-Signature-256: sha256=<hex>`) is the HMAC-SHA256 of exactly `rawBody` with
 * the app secret: compared in constant time. Meta signs the body as it sends it (non-ASCII escaped as `\uXXXX`),
 * so the body must be the bytes received, never JSON parsed and written again.
 */
export function verifyWhatsAppSignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  appSecret: string,
): boolean {
  if (!signatureHeader || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signatureHeader.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1]!, "hex"), expected);
}

/** The `X-Hub-Signature-256` value Meta would send with `rawBody` (for the simulator and tests). */
export function whatsappSignatureOf(rawBody: string | Uint8Array, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** Network failures in which no connection was made, so Meta cannot have received the message. */
const neverConnected = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

/** A status event's error, with what the shop does about it. */
function eventError(errors: WebhookError[] | undefined): WhatsAppStatusEvent["error"] {
  const first = errors?.[0];
  if (!first) return null;
  const info = whatsappErrorOf(first.code, null);
  return {
    code: first.code,
    title: first.title ?? first.message ?? info.title,
    details: first.error_data?.details ?? null,
    kind: info.kind,
    cause: info.cause ?? null,
  };
}

/** Creates the WhatsApp sender. */
export function createWhatsAppSender(opts: WhatsAppSenderOptions): WhatsAppSender {
  const send = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const apiUrl = (opts.apiUrl ?? defaultWhatsAppApiUrl).replace(/\/+$/, "");
  const version = opts.apiVersion ?? defaultWhatsAppApiVersion;
  const url = `${apiUrl}/${version}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  const verifyDigest = createHash("sha256").update(opts.verifyToken).digest();
  // An answer or an error may echo what was sent: the token never reaches a message or a log.
  const scrub = (text: string) => (opts.accessToken ? text.replaceAll(opts.accessToken, "[token]") : text);

  function refused(
    info: WhatsAppErrorInfo,
    code: number | null,
    status: number,
    reason: string,
  ): WhatsAppSendResult {
    switch (info.kind) {
      case "rate_limited":
        return { outcome: "rate_limited", code, reason, retryAfterSeconds: info.pauseSeconds ?? 60 };
      case "retry":
        // A 5xx may come after Meta took the message; a 4xx says it did not.
        return { outcome: "retry", code, status, reason, maybeSent: status >= 500 };
      case "failed":
        return { outcome: "failed", code, status, reason, cause: info.cause ?? "request" };
    }
  }

  return {
    async send(input: WhatsAppSendInput): Promise<WhatsAppSendResult> {
      const to = waNumberOf(input.to);
      const invalid = (reason: string): WhatsAppSendResult => ({
        outcome: "failed",
        code: null,
        status: null,
        reason,
        cause: "request",
      });
      if (!to) return invalid("the number has no country code or is not a phone number");
      const problem = templateProblemOf(input.message);
      if (problem) return invalid(problem);
      if (!input.deliveryId || input.deliveryId.length > 512)
        return invalid("deliveryId must be 1 to 512 characters");

      const body: SendTemplateBody = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to,
        type: "template",
        biz_opaque_callback_data: input.deliveryId,
        template: {
          name: input.message.template,
          language: { code: input.language },
          components: componentsOf(input.message),
        },
      };

      let status: number;
      let text: string;
      try {
        const response = await send(url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${opts.accessToken}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        const cause = (error as { cause?: { code?: unknown } }).cause?.code;
        const connected = !(typeof cause === "string" && neverConnected.has(cause));
        return {
          outcome: "retry",
          code: null,
          status: null,
          reason: timedOut ? `Meta did not answer within ${timeoutMs} ms` : "Meta's API could not be reached",
          maybeSent: timedOut || connected,
        };
      }
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON (a proxy's page): read by its status.
      }

      if (status >= 200 && status < 300) {
        const answer = SendAnswerSchema.safeParse(json);
        if (answer.success) {
          return {
            outcome: "sent",
            wamid: answer.data.messages[0]!.id,
            waId: answer.data.contacts?.[0]?.wa_id ?? null,
          };
        }
        // Meta took it but the answer cannot be read: the wamid comes with its first status webhook (deliveryId).
        return {
          outcome: "retry",
          code: null,
          status,
          reason: scrub(`Meta answered ${status} without a message id: ${text.slice(0, 200)}`),
          maybeSent: true,
        };
      }
      const error = GraphErrorSchema.safeParse(json);
      const code = error.success ? error.data.error.code : null;
      const said = error.success
        ? `${error.data.error.message}${error.data.error.error_data?.details ? ` (${error.data.error.error_data.details})` : ""}`
        : text.slice(0, 200);
      return refused(whatsappErrorOf(code, status), code, status, scrub(`Meta answered ${status}: ${said}`));
    },

    readWebhook(rawBody, signatureHeader): WhatsAppWebhookReading {
      if (!verifyWhatsAppSignature(rawBody, signatureHeader, opts.appSecret)) return { kind: "forged" };
      let json: unknown;
      try {
        json = JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8"));
      } catch {
        return { kind: "unreadable", reason: "the body is not JSON" };
      }
      const envelope = WebhookBodySchema.safeParse(json);
      if (!envelope.success) return { kind: "unreadable", reason: "not a WhatsApp Business Account webhook" };
      const statuses: WhatsAppStatusEvent[] = [];
      const errors: { code: number; title: string; details: string | null }[] = [];
      let ignored = 0;
      for (const change of envelope.data.entry.flatMap((entry) => entry.changes)) {
        const value = change.field === "messages" ? MessagesValueSchema.safeParse(change.value) : null;
        if (!value?.success) {
          ignored++;
          continue;
        }
        ignored += value.data.messages?.length ?? 0;
        for (const error of value.data.errors ?? []) {
          errors.push({
            code: error.code,
            title: error.title ?? error.message ?? whatsappErrorOf(error.code, null).title,
            details: error.error_data?.details ?? null,
          });
        }
        for (const status of value.data.statuses ?? []) {
          if (!(messageStatuses as readonly string[]).includes(status.status)) {
            ignored++;
            continue;
          }
          statuses.push({
            wamid: status.id,
            status: status.status as MessageStatus,
            at: new Date(Number(status.timestamp) * 1000),
            recipientId: status.recipient_id,
            deliveryId: status.biz_opaque_callback_data ?? null,
            error: status.status === "failed" ? eventError(status.errors) : null,
          });
        }
      }
      return { kind: "events", statuses, errors, ignored };
    },

    answerVerification(query) {
      const get = (name: string) =>
        query instanceof URLSearchParams ? query.get(name) : (query[name] ?? null);
      const token = get("hub.verify_token");
      const challenge = get("hub.challenge");
      if (get("hub.mode") !== "subscribe" || token === null || challenge === null) return null;
      if (!timingSafeEqual(createHash("sha256").update(token).digest(), verifyDigest)) return null;
      // Meta sends a number; anything else is not echoed (the answer must not become a page someone wrote).
      return /^[A-Za-z0-9_-]{1,128}$/.test(challenge) ? challenge : null;
    },
  };
}
