import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../tests/setup/caller.ts";
import { freshEmail, freshPhone } from "../../tests/setup/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createSmsWebhookChannel, createSmtpChannel } from "./messaging.ts";

let database: TestDatabase;
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let smtpPort: number;
const texts: { auth: string | undefined; body: { to: string; text: string } }[] = [];
let sms: ReturnType<typeof createServer>;
let smsUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  sms = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      texts.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(req.url === "/broken" ? 503 : 202).end();
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, "127.0.0.1", resolve));
  smsUrl = `http://127.0.0.1:${(sms.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => sms.close(() => resolve()));
  await database.destroy();
});

describe("code delivery channels", () => {
  it("emails a code over SMTP in the caller's language", async () => {
    const email = freshEmail();
    const channels = {
      email: createSmtpChannel(`smtp://127.0.0.1:${smtpPort}`, "Pasar <no-reply@pasar.test>"),
    };
    await callerFor(database, { channels, lang: "ind" }).auth.sendCode({ account: email, purpose: "signup" });
    const mail = mails.find((m) => m.to.includes(email));
    expect(mail?.raw).toMatch(/Subject: Kode verifikasi Pasar Anda/);
    expect(mail?.raw).toMatch(/Kode Pasar untuk mendaftar: \d{6}\./);
    expect(await callerFor(database).notifications.outbox()).toEqual([]);
  });

  it("texts a code to an Indonesian number through the SMS provider, with its token", async () => {
    const phone = freshPhone();
    const channels = { sms: createSmsWebhookChannel(`${smsUrl}/send`, "rahasia") };
    const answer = await callerFor(database, { channels, lang: "en" }).auth.sendCode({
      account: phone.typed,
      purpose: "signup",
    });
    expect(answer.channel).toBe("sms");
    const text = texts.find((t) => t.body.to === phone.e164);
    expect(text?.auth).toBe("Bearer rahasia");
    // The code names its action and says staff never ask for it (issue 43).
    expect(text?.body.text).toMatch(
      /^Your Pasar code to sign up: \d{6}\. It is valid for 5 minutes\. Pasar staff never ask for this code;/,
    );
  });

  it("says 'Code retrieval failed' when the provider fails, without internals", async () => {
    const channels = {
      sms: createSmsWebhookChannel(`${smsUrl}/broken`, undefined),
      email: createSmtpChannel("smtp://127.0.0.1:1", "x@pasar.test"),
    };
    await expect(
      callerFor(database, { channels, lang: "en" }).auth.sendCode({
        account: freshPhone().typed,
        purpose: "signup",
      }),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "Code retrieval failed" });
    const email = freshEmail();
    await expect(
      callerFor(database, { channels, lang: "zh" }).auth.sendCode({ account: email, purpose: "signup" }),
    ).rejects.toMatchObject({ message: "获取验证码失败" });
    // Nothing was delivered, so asking again is not held back by the 60 s wait.
    await expect(
      callerFor(database).auth.sendCode({ account: email, purpose: "signup" }),
    ).resolves.toMatchObject({
      channel: "email",
    });
  });

  it("keeps codes in the local outbox when no channel is configured, for this machine's eyes only", async () => {
    const email = freshEmail();
    await callerFor(database).auth.sendCode({ account: email, purpose: "signup" });
    for (const clientIp of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const outbox = await callerFor(database, { clientIp }).notifications.outbox();
      expect(outbox[0]).toMatchObject({ channel: "email", recipient: email });
    }
    // Another machine (a phone on the same network, the internet) cannot read it.
    for (const clientIp of ["192.168.1.20", "203.0.113.9", "unknown"]) {
      await expect(callerFor(database, { clientIp }).notifications.outbox()).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    // A shop where the outbox is not enabled (public production) has none, even for this machine.
    await expect(callerFor(database, { localOutbox: false }).notifications.outbox()).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
