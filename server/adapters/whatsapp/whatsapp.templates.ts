/**
 * The WhatsApp message templates the shop sends (issue 44), in one place: what the adapter fills in, what the
 * simulator knows, and what an operator creates in WhatsApp Manager (or by `POST /<WABA_ID>/message_templates`
 * with `templateCreationRequests()`), each in Indonesian, English and Chinese. A template is sent by its name and
 * language; Meta refuses a name or language it has not approved (132001) and a wrong number of parameters
 * (132000).
 */

/** The languages the shop's templates exist in (Meta's codes: Indonesian, English, Chinese (CHN)). */
export const whatsappLanguages = ["id", "en", "zh_CN"] as const;
export type WhatsAppLanguage = (typeof whatsappLanguages)[number];

/** A template message as the shop means it; the adapter turns it into Meta's components. */
export type WhatsAppTemplateMessage =
  | {
      /** Utility: an order changed (paid, shipped, delivered…); the status text is already in the language. */
      template: "order_update";
      params: { orderCode: string; statusText: string };
    }
  | {
      /** Authentication: a one-time code, with Meta's copy-code button (up to 15 characters). */
      template: "auth_code";
      params: { code: string };
    };

export type WhatsAppTemplateName = WhatsAppTemplateMessage["template"];

export interface WhatsAppTemplateDefinition {
  category: "UTILITY" | "AUTHENTICATION";
  /** How many `{{n}}` the body has: what Meta counts against the message's body parameters. */
  bodyParams: number;
  /** Authentication templates carry a copy-code button, sent as a `url` button with the code (Meta's rule). */
  copyCodeButton: boolean;
  /** The body as created, per language (authentication templates' body is Meta's preset text, not ours). */
  body: Record<WhatsAppLanguage, string | null>;
}

export const whatsappTemplates: Record<WhatsAppTemplateName, WhatsAppTemplateDefinition> = {
  order_update: {
    category: "UTILITY",
    bodyParams: 2,
    copyCodeButton: false,
    body: {
      id: "Kabar pesanan {{1}}: {{2}}. Lihat rinciannya di aplikasi Pasar.",
      en: "Update on order {{1}}: {{2}}. See the details in the Pasar app.",
      zh_CN: "订单 {{1}} 有新动态：{{2}}。请在 Pasar 应用中查看详情。",
    },
  },
  auth_code: {
    category: "AUTHENTICATION",
    bodyParams: 1,
    copyCodeButton: true,
    // Meta's preset: "<code> is your verification code." with the security recommendation and the expiry.
    body: { id: null, en: null, zh_CN: null },
  },
};

/** How long an authentication code lasts, as the template's footer says (Meta allows 1 to 90 minutes). */
export const authCodeExpiryMinutes = 10;
/** Meta's longest one-time code. */
export const maxAuthCodeLength = 15;

/** One `text` parameter of a component. */
export type TextParameter = { type: "text"; text: string };

/** A component of a template message as Meta's messages endpoint takes it. */
export type TemplateComponent =
  | { type: "body"; parameters: TextParameter[] }
  | { type: "button"; sub_type: "url"; index: "0"; parameters: TextParameter[] };

/** The parameters the message fills the body with, in the order of `{{1}}`, `{{2}}`… */
export function bodyParamsOf(message: WhatsAppTemplateMessage): string[] {
  switch (message.template) {
    case "order_update":
      return [message.params.orderCode, message.params.statusText];
    case "auth_code":
      return [message.params.code];
  }
}

/** Meta's components for the message: the body's parameters, and the copy-code button's code. */
export function componentsOf(message: WhatsAppTemplateMessage): TemplateComponent[] {
  const text = (value: string): TextParameter => ({ type: "text", text: value });
  const components: TemplateComponent[] = [{ type: "body", parameters: bodyParamsOf(message).map(text) }];
  if (message.template === "auth_code") {
    components.push({ type: "button", sub_type: "url", index: "0", parameters: [text(message.params.code)] });
  }
  return components;
}

/** Why the message cannot be sent as the templates are defined, or null. */
export function templateProblemOf(message: WhatsAppTemplateMessage): string | null {
  const params = bodyParamsOf(message);
  for (const [i, value] of params.entries()) {
    // Meta refuses empty parameters, and new lines, tabs or more than 4 spaces in a row (132018).
    if (!value.trim()) return `parameter {{${i + 1}}} of ${message.template} is empty`;
    if (/[\n\t]| {5,}/.test(value)) {
      return `parameter {{${i + 1}}} of ${message.template} has a new line, a tab or more than 4 spaces`;
    }
    if (value.length > 1024) return `parameter {{${i + 1}}} of ${message.template} is over 1024 characters`;
  }
  if (message.template === "auth_code" && message.params.code.length > maxAuthCodeLength) {
    return `a one-time code is at most ${maxAuthCodeLength} characters`;
  }
  return null;
}

/** The copy-code button's label per language (Meta's default is used when none is given). */
const copyCodeLabel: Record<WhatsAppLanguage, string> = {
  id: "Salin kode",
  en: "Copy code",
  zh_CN: "复制验证码",
};

/**
 * The bodies of `POST /<WABA_ID>/message_templates` that create the shop's templates, one per template and
 * language: the utility body with an example of its parameters; the authentication template as Meta's
 * copy-code authentication templates are created (preset body with the security recommendation, the expiry
 * footer, an `otp` button of `otp_type: copy_code`).
 */
export function templateCreationRequests(): Record<string, unknown>[] {
  return whatsappLanguages.flatMap((language) => [
    {
      name: "order_update",
      language,
      category: "utility",
      components: [
        {
          type: "body",
          text: whatsappTemplates.order_update.body[language],
          example: {
            body_text: [
              ["P2611-0001", { id: "sedang dikirim", en: "on its way", zh_CN: "配送中" }[language]],
            ],
          },
        },
      ],
    },
    {
      name: "auth_code",
      language,
      category: "authentication",
      message_send_ttl_seconds: authCodeExpiryMinutes * 60,
      components: [
        { type: "body", add_security_recommendation: true },
        { type: "footer", code_expiration_minutes: authCodeExpiryMinutes },
        { type: "buttons", buttons: [{ type: "otp", otp_type: "copy_code", text: copyCodeLabel[language] }] },
      ],
    },
  ]);
}
