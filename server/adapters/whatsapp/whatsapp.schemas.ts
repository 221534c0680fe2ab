import { z } from "zod";

/**
 * The WhatsApp Business Cloud API's bodies as the shop sends and reads them (Meta's Graph API,
 * developers.facebook.com/docs/whatsapp/cloud-api): the template message request (the simulator reads it with
 * this schema), its answer, the Graph API's error, and the `messages` webhook with its `statuses` and `errors`.
 * Objects are loose: Meta adds fields (pricing, conversation, recipient_type…) that the shop does not read.
 */

const text = z.string();

/** A parameter of a component; the shop sends only `text`, other kinds are read and left alone. */
export const ParameterSchema = z.union([
  z.looseObject({ type: z.literal("text"), text }),
  z.looseObject({ type: z.string().refine((t) => t !== "text") }),
]);

export const ComponentSchema = z.looseObject({
  type: z.enum(["header", "body", "button", "footer"]),
  sub_type: z.string().optional(),
  index: z.union([z.string(), z.number()]).optional(),
  parameters: z.array(ParameterSchema).optional(),
});

/** `POST /<VERSION>/<PHONE_NUMBER_ID>/messages` with a template. */
export const SendTemplateBodySchema = z.looseObject({
  messaging_product: z.literal("whatsapp"),
  recipient_type: z.literal("individual").optional(),
  to: z.string().min(1),
  type: z.literal("template"),
  /** Any string up to 512 characters, returned in every status webhook of the message. */
  biz_opaque_callback_data: z.string().max(512).optional(),
  template: z.looseObject({
    name: z.string().min(1).max(512),
    language: z.looseObject({ code: z.string().min(2), policy: z.literal("deterministic").optional() }),
    components: z.array(ComponentSchema).optional(),
  }),
});
export type SendTemplateBody = z.infer<typeof SendTemplateBodySchema>;

/** Its answer: the recipient as given and as WhatsApp knows them, and the message's id (`wamid.…`). */
export const SendAnswerSchema = z.looseObject({
  messaging_product: z.literal("whatsapp"),
  contacts: z.array(z.looseObject({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.looseObject({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});
export type SendAnswer = z.infer<typeof SendAnswerSchema>;

/** The Graph API's error body. `code` is what to decide by (Meta: not the HTTP status, not the subcode). */
export const GraphErrorSchema = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    error_data: z
      .looseObject({ messaging_product: z.string().optional(), details: z.string().optional() })
      .optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type GraphError = z.infer<typeof GraphErrorSchema>["error"];

/** An error in a webhook: in a failed status's `errors`, or in `value.errors` (not tied to one message). */
export const WebhookErrorSchema = z.looseObject({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
  href: z.string().optional(),
});
export type WebhookError = z.infer<typeof WebhookErrorSchema>;

/** A message's status in a webhook. Unix seconds as a string; `biz_opaque_callback_data` when it was sent. */
export const StatusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string().regex(/^\d+$/),
  recipient_id: z.string(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(WebhookErrorSchema).optional(),
});
export type Status = z.infer<typeof StatusSchema>;

/** The statuses the shop knows (others, such as `deleted`, are left alone). */
export const messageStatuses = ["sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The `messages` field's value: statuses of the shop's messages, errors, or people's messages to the shop. */
export const MessagesValueSchema = z.looseObject({
  messaging_product: z.literal("whatsapp"),
  metadata: z.looseObject({ display_phone_number: z.string(), phone_number_id: z.string() }),
  statuses: z.array(StatusSchema).optional(),
  errors: z.array(WebhookErrorSchema).optional(),
  messages: z.array(z.looseObject({})).optional(),
});

/** The envelope of every WhatsApp Business Account webhook. */
export const WebhookBodySchema = z.looseObject({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(
    z.looseObject({
      id: z.string(),
      changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })),
    }),
  ),
});
