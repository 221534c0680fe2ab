import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { now } from "../../platform/clock.ts";
import {
  controlled,
  jsonBody,
  listen,
  queueRoutes,
  running,
  type RunningSimulator,
} from "../simulator/sim-http.ts";
import {
  createWebhookQueue,
  webhookControls,
  type Sent,
  type WebhookControls,
} from "../simulator/webhook-queue.ts";
import { whatsappSignatureOf } from "./whatsapp.adapter.ts";
import { whatsappErrorOf, whatsappErrors } from "./whatsapp.errors.ts";
import { SendTemplateBodySchema, type MessageStatus, type SendTemplateBody } from "./whatsapp.schemas.ts";
import {
  maxAuthCodeLength,
  whatsappLanguages,
  whatsappTemplates,
  type WhatsAppTemplateName,
} from "./whatsapp.templates.ts";

/**
 * Meta's WhatsApp Business Cloud API on 127.0.0.1, for tests and people: `POST /<version>/<phone number
 * id>/messages` with the bearer token (401, code 190, otherwise), a template message it checks against the shop's
 * templates as Meta checks approved ones (name and language: 132001; body parameters: 132000; the copy-code
 * button's code: 131008; parameter text: 132018), answered with a `wamid`. Then, as Meta does, the message's
 * statuses arrive by webhook at the URL set in the app, signed `X-Hub-Signature-256` with the app secret, posted
 * again while the shop does not answer 2xx: `sent` and `delivered` by themselves (`autoStatuses`), `read` or
 * `failed` when told (`control.advance`), and `failed` with 131026 for a number told to be undeliverable (Meta
 * answers such a send with a wamid and reports the failure later). `control.failNext` answers Meta's errors,
 * `control.verifyWebhook` makes the subscription handshake with the shop. Bodies are sent as Meta sends them:
 * non-ASCII as lower-case `\uXXXX` and `/` as `\/`, signed as sent. State is in memory.
 */

/** A template message the simulator accepted. */
export interface SimWhatsAppMessage {
  wamid: string;
  /** `to` as sent, and the WhatsApp id it was read as. */
  to: string;
  waId: string;
  template: WhatsAppTemplateName;
  language: string;
  bodyParams: string[];
  /** The copy-code button's parameter, for an authentication template. */
  buttonParam: string | null;
  deliveryId: string | null;
  status: MessageStatus | "accepted";
  request: SendTemplateBody;
}

interface WhatsAppWebhook {
  body: string;
  forged: boolean;
  wamid: string | null;
}
export type SimWhatsAppWebhook = Sent<WhatsAppWebhook>;

export interface WhatsAppSimulatorControl extends WebhookControls {
  /** The next `times` sends are answered with Meta's error `code` (its HTTP status from whatsapp.errors.ts). */
  failNext(code: number, times?: number): void;
  /** The next `times` sends are answered `status` with a page that is not JSON (a proxy's, a load balancer's). */
  failNextRaw(status: 500 | 502 | 503, times?: number): void;
  /** Messages to this number are accepted and then fail with 131026 (not on WhatsApp, or cannot receive it). */
  undeliverable(phone: string): void;
  /** The message reaches `status` (a status webhook), with Meta's error for `failed`. */
  advance(wamid: string, status: MessageStatus, opts?: { errorCode?: number }): Promise<void>;
  /** Sends the message's last status webhook again, `times` more times. */
  resend(wamid: string, times?: number): Promise<void>;
  /** Posts a `read` status of the message signed with another secret, as a forger would. */
  sendForged(wamid: string): Promise<void>;
  /**
   * Makes Meta's verification request to the webhook URL (`GET ?hub.mode=subscribe&hub.challenge=…&hub.verify_token=…`)
   * with the verify token (or `token`): accepted when the shop answers 200 with the challenge.
   */
  verifyWebhook(opts?: { token?: string }): Promise<{ accepted: boolean; status: number; body: string }>;
  readonly messages: readonly SimWhatsAppMessage[];
  message(wamid: string): SimWhatsAppMessage | undefined;
  readonly webhooks: readonly SimWhatsAppWebhook[];
}

export type WhatsAppSimulator = RunningSimulator<WhatsAppSimulatorControl>;

export interface WhatsAppSimulatorOptions {
  accessToken: string;
  appSecret: string;
  phoneNumberId: string;
  /** The WhatsApp Business Account's id, in every webhook's `entry[].id`. */
  wabaId?: string;
  displayPhoneNumber?: string;
  /** The app's webhook URL (subscribed to `messages`); without one no webhook is sent. */
  webhookUrl?: string | null;
  /** The verify token typed into the app's webhook settings. */
  verifyToken?: string;
  /** The statuses every accepted message reaches by itself, in order. */
  autoStatuses?: ("sent" | "delivered" | "read")[];
  retryDelaysMs?: number[];
  port?: number;
}

/** JSON as Meta writes it: non-ASCII escaped as lower-case `\uXXXX`, `/` as `\/` (and signed so). */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replaceAll("/", "\\/");
}

const graphError = (
  c: Context,
  status: number,
  code: number,
  message: string,
  details?: string,
  subcode?: number,
) =>
  c.json(
    {
      error: {
        message,
        type: "OAuthException",
        code,
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: randomUUID().replaceAll("-", "").slice(0, 23),
      },
    },
    status as ContentfulStatusCode,
  );

/** Meta's answer for an error code (its title in the message, as Meta writes `(#code) title`). */
const knownError = (c: Context, code: number, details?: string) => {
  const info = whatsappErrorOf(code, null);
  return graphError(c, info.status, code, `(#${code}) ${info.title}`, details);
};

/** Starts the simulator on 127.0.0.1. */
export async function startWhatsAppSimulator(opts: WhatsAppSimulatorOptions): Promise<WhatsAppSimulator> {
  const wabaId = opts.wabaId ?? "102290129340398";
  const displayPhoneNumber = opts.displayPhoneNumber ?? "15550783881";
  const autoStatuses = opts.autoStatuses ?? ["sent", "delivered"];
  const tokenDigest = createHash("sha256").update(opts.accessToken).digest();
  const messages: SimWhatsAppMessage[] = [];
  const byWamid = new Map<string, SimWhatsAppMessage>();
  const undeliverable = new Set<string>();
  const failures: ({ code: number } | { raw: 500 | 502 | 503 })[] = [];

  const queue = createWebhookQueue<WhatsAppWebhook>({
    target: (w) =>
      opts.webhookUrl
        ? {
            url: opts.webhookUrl,
            headers: {
              "content-type": "application/json",
              "x-hub-signature-256": whatsappSignatureOf(
                w.body,
                w.forged ? `forged-${randomUUID()}` : opts.appSecret,
              ),
            },
          }
        : null,
    retryDelaysMs: opts.retryDelaysMs ?? [200, 1000, 3000],
    timeoutMs: 5000,
  });

  function statusBody(message: SimWhatsAppMessage, status: MessageStatus, errorCode?: number): string {
    const category = message.template === "auth_code" ? "authentication" : "utility";
    const error =
      errorCode === undefined ? null : (whatsappErrors[errorCode] ?? whatsappErrorOf(errorCode, null));
    return metaJson({
      object: "whatsapp_business_account",
      entry: [
        {
          id: wabaId,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: displayPhoneNumber, phone_number_id: opts.phoneNumberId },
                statuses: [
                  {
                    id: message.wamid,
                    status,
                    timestamp: String(Math.floor(now().getTime() / 1000)),
                    recipient_id: message.waId,
                    ...(message.deliveryId ? { biz_opaque_callback_data: message.deliveryId } : {}),
                    ...(status === "sent" || status === "delivered"
                      ? { pricing: { billable: true, pricing_model: "PMP", type: "regular", category } }
                      : {}),
                    ...(error && errorCode !== undefined
                      ? {
                          errors: [
                            {
                              code: errorCode,
                              title: error.title,
                              message: error.title,
                              error_data: { details: `Message failed to send: ${error.title}` },
                              href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
                            },
                          ],
                        }
                      : {}),
                  },
                ],
              },
              field: "messages",
            },
          ],
        },
      ],
    });
  }

  async function emit(
    message: SimWhatsAppMessage,
    status: MessageStatus,
    errorCode?: number,
    forged = false,
  ) {
    if (!forged) message.status = status;
    await queue.send(
      { body: statusBody(message, status, errorCode), forged, wamid: message.wamid },
      forged ? { now: true, once: true } : {},
    );
  }

  const messageOf = (wamid: string) => {
    const message = byWamid.get(wamid);
    if (!message) throw new Error(`the WhatsApp simulator sent no message ${wamid}`);
    return message;
  };

  const app = new Hono();

  app.post("/:version/:phoneNumberId/messages", async (c) => {
    const auth = c.req.header("authorization") ?? "";
    const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
    if (!token)
      return graphError(
        c,
        401,
        190,
        "An active access token must be used to query information about the current user.",
      );
    if (!timingSafeEqual(createHash("sha256").update(token).digest(), tokenDigest)) {
      return graphError(c, 401, 190, "Invalid OAuth access token - Cannot parse access token");
    }
    if (!/^v\d+\.\d+$/.test(c.req.param("version")))
      return graphError(c, 400, 100, "Unknown path components");
    if (c.req.param("phoneNumberId") !== opts.phoneNumberId) {
      return graphError(
        c,
        400,
        100,
        `Unsupported post request. Object with ID '${c.req.param("phoneNumberId")}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        undefined,
        33,
      );
    }
    const failure = failures.shift();
    if (failure && "raw" in failure)
      return c.html("<html><body>Service Unavailable</body></html>", failure.raw);
    if (failure) return knownError(c, failure.code, "Told to fail by the simulator");

    const parsed = await jsonBody(c);
    if (!parsed.ok)
      return graphError(c, 400, 100, "(#100) Invalid parameter", "The request body is not JSON");
    const request = SendTemplateBodySchema.safeParse(parsed.value);
    if (!request.success) {
      const issue = request.error.issues[0]!;
      return graphError(
        c,
        400,
        100,
        "(#100) Invalid parameter",
        `${issue.path.join(".") || "body"}: ${issue.message}`,
      );
    }
    const body = request.data;
    const waId = body.to.replace(/^\+/, "");
    if (!/^\d{8,15}$/.test(waId))
      return graphError(c, 400, 100, "(#100) Invalid parameter", "to: not a phone number");

    const name = body.template.name as WhatsAppTemplateName;
    const language = body.template.language.code;
    const definition = Object.hasOwn(whatsappTemplates, name) ? whatsappTemplates[name] : null;
    if (!definition || !(whatsappLanguages as readonly string[]).includes(language)) {
      return graphError(
        c,
        404,
        132001,
        "(#132001) Template name does not exist in the translation",
        `template name (${body.template.name}) does not exist in ${language}`,
      );
    }
    const components = body.template.components ?? [];
    const texts = (type: string) =>
      components
        .filter((component) => component.type === type)
        .flatMap((component) => component.parameters ?? [])
        .map((parameter) =>
          "text" in parameter && typeof parameter.text === "string" ? parameter.text : null,
        );
    const bodyParams = texts("body");
    if (bodyParams.length !== definition.bodyParams) {
      return knownError(
        c,
        132000,
        `body: number of localizable_params (${bodyParams.length}) does not match the expected number of params (${definition.bodyParams})`,
      );
    }
    for (const param of bodyParams) {
      if (param === null || !param.trim() || /[\n\t]| {5,}/.test(param)) {
        return knownError(
          c,
          132018,
          "Param text cannot be empty or have new-line/tab characters or more than 4 consecutive spaces",
        );
      }
    }
    let buttonParam: string | null = null;
    if (definition.copyCodeButton) {
      const button = components.find(
        (component) => component.type === "button" && String(component.index ?? "") === "0",
      );
      buttonParam = button?.sub_type === "url" ? (texts("button")[0] ?? null) : null;
      if (!buttonParam)
        return knownError(c, 131008, "buttons: Button at index 0 of type Url requires a parameter");
      if (buttonParam.length > maxAuthCodeLength) {
        return knownError(
          c,
          131009,
          `buttons: the one-time password is at most ${maxAuthCodeLength} characters`,
        );
      }
    }

    const wamid = `wamid.${Buffer.from(`${waId}:${randomUUID()}`).toString("base64")}`;
    const message: SimWhatsAppMessage = {
      wamid,
      to: body.to,
      waId,
      template: name,
      language,
      bodyParams: bodyParams as string[],
      buttonParam,
      deliveryId: body.biz_opaque_callback_data ?? null,
      status: "accepted",
      request: body,
    };
    messages.push(message);
    byWamid.set(wamid, message);
    // The statuses go out after the answer, as Meta's do; `idle()` waits for them.
    void queue.track(
      new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        if (undeliverable.has(waId)) return emit(message, "failed", 131026);
        for (const status of autoStatuses) await emit(message, status);
      }),
    );
    return c.json({
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: waId }],
      messages: [{ id: wamid }],
    });
  });

  const control: WhatsAppSimulatorControl = {
    ...webhookControls(queue),
    failNext(code, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ code });
    },
    failNextRaw(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ raw: status });
    },
    undeliverable(phone) {
      undeliverable.add(phone.replace(/^\+/, ""));
    },
    advance: (wamid, status, options = {}) =>
      emit(messageOf(wamid), status, status === "failed" ? (options.errorCode ?? 131026) : undefined),
    async resend(wamid, times = 1) {
      const last = queue.last((w) => w.wamid === wamid);
      if (!last) throw new Error(`the WhatsApp simulator sent no webhook about ${wamid}`);
      for (let i = 0; i < times; i++) await queue.send(last);
    },
    sendForged: (wamid) => emit(messageOf(wamid), "read", undefined, true),
    async verifyWebhook(options = {}) {
      if (!opts.webhookUrl) throw new Error("the WhatsApp simulator has no webhook URL");
      const challenge = String(Math.floor(Math.random() * 2 ** 31));
      const url = new URL(opts.webhookUrl);
      url.searchParams.set("hub.mode", "subscribe");
      url.searchParams.set("hub.challenge", challenge);
      url.searchParams.set("hub.verify_token", options.token ?? opts.verifyToken ?? "");
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = await response.text();
      return { accepted: response.status === 200 && body === challenge, status: response.status, body };
    },
    get messages() {
      return messages;
    },
    message: (wamid) => byWamid.get(wamid),
    get webhooks() {
      return queue.sent;
    },
  };

  // For people: the messages and webhooks, and a status by hand.
  app.get("/sim/messages", (c) => c.json(messages));
  app.get("/sim/webhooks", (c) => c.json(queue.sent));
  app.post("/sim/messages/:wamid/advance", (c) =>
    controlled(c, () => control.advance(c.req.param("wamid"), c.req.query("status") as MessageStatus)),
  );
  queueRoutes(app, queue);

  return running(await listen(app, opts.port), queue, control);
}
