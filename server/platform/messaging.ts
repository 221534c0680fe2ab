import nodemailer from "nodemailer";

/** A message to one person: an email or an SMS. */
export interface OutgoingMessage {
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  /** The one-time code the text carries, for a channel that sends codes by its own template (WhatsApp's). */
  code?: string;
  /** The message's own id, sent to the provider so it is not taken twice (e-mail's Message-ID). */
  id?: string;
}

/** A way out for messages; email goes over SMTP, SMS through a provider's HTTP API. */
interface MessageChannel {
  send(message: OutgoingMessage): Promise<void>;
}

export interface Channels {
  email?: MessageChannel;
  sms?: MessageChannel;
}

/** Email over SMTP (nodemailer), e.g. `smtp://user:pass@smtp.example.com:587`. */
export function createSmtpChannel(url: string, from: string): MessageChannel {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.id && { messageId: `<${message.id}@${from.replace(/^.*@/, "").replace(/>.*$/, "")}>` }),
      });
    },
  };
}

/**
 * SMS through a provider's HTTP API: POSTs `{ to, text }` as JSON with a bearer token. Indonesian SMS
 * gateways (or a small adapter in front of one) accept this shape.
 */
export function createSmsWebhookChannel(url: string, token: string | undefined): MessageChannel {
  return {
    async send(message) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

/** The channels the configuration provides; a missing one means the development outbox. */
export function createChannels(env: {
  SMTP_URL?: string;
  MAIL_FROM: string;
  SMS_WEBHOOK_URL?: string;
  SMS_WEBHOOK_TOKEN?: string;
}): Channels {
  return {
    email: env.SMTP_URL ? createSmtpChannel(env.SMTP_URL, env.MAIL_FROM) : undefined,
    sms: env.SMS_WEBHOOK_URL
      ? createSmsWebhookChannel(env.SMS_WEBHOOK_URL, env.SMS_WEBHOOK_TOKEN)
      : undefined,
  };
}
