import { existsSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";

/** One email as the test SMTP server received it, decoded to what the recipient reads. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** A notification's e-mail (issue 44: its Message-ID names the notification), sent by a job, in no fixed order. */
  notification: boolean;
}

/** The file the test SMTP server appends every received message to (see smtp-sink.ts). */
function mailboxPath(): string {
  const file = process.env.E2E_MAILBOX;
  if (!file) throw new Error("E2E_MAILBOX is not set: run the browser tests through playwright.config.ts");
  return file;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "=" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

/** Splits a MIME entity into its (unfolded, lower-cased) headers and body. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The plain text a mail client shows: the text/plain part, decoded. */
function plainText(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const texts = parts.map((part) => ({ part, entity: splitEntity(part.replace(/^\r?\n/, "")) }));
    const plain = texts.find((p) => /^text\/plain/i.test(p.entity.headers["content-type"] ?? "text/plain"));
    return plain ? plainText(plain.part.replace(/^\r?\n/, "")) : "";
  }
  return decodeBody(body, headers["content-transfer-encoding"] ?? "7bit").trim();
}

/** Every email received so far, oldest first. */
export function readMailbox(): ReceivedMail[] {
  const file = mailboxPath();
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const { to, raw } = JSON.parse(line) as { to: string[]; raw: string };
      const { headers } = splitEntity(raw);
      const subject = decodeHeader(headers["subject"] ?? "");
      return { to, subject, text: plainText(raw), notification: /^<ntf_/.test(headers["message-id"] ?? "") };
    });
}

/**
 * The emails received so far by `address`, oldest first: codes and notices the app sends as it answers, not the
 * notifications' e-mails its jobs send meanwhile (`notifications: true` for those).
 */
export function mailsTo(address: string, opts: { notifications?: boolean } = {}): ReceivedMail[] {
  const wanted = address.toLowerCase();
  return readMailbox().filter(
    (mail) =>
      mail.notification === (opts.notifications ?? false) &&
      mail.to.some((to) => to.toLowerCase() === wanted),
  );
}

/**
 * Waits for the `count`-th email to `address` (1 = the first) and returns it. Emails are sent before
 * the app answers, so this normally returns at once.
 */
export async function waitForMail(address: string, count = 1): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsTo(address).length, {
      message: `no email #${count} reached ${address}`,
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(address)[count - 1]!;
}
