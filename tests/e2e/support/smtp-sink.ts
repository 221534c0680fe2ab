import { appendFileSync, writeFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";

/** Where the test SMTP server writes each message it receives, one JSON line per message. */
export const mailboxFile = process.env.E2E_MAILBOX ?? "/tmp/pasar-e2e-mailbox.jsonl";
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** Starts a real SMTP server the app sends its email to during the browser tests. */
export function startSmtpSink(): Promise<() => Promise<void>> {
  writeFileSync(mailboxFile, "");
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        appendFileSync(mailboxFile, JSON.stringify({ to, raw }) + "\n");
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(smtpPort, "127.0.0.1", () =>
      resolve(() => new Promise((done) => server.close(() => done()))),
    );
  });
}
