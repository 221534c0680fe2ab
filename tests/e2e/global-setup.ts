import { startSmtpSink } from "./support/smtp-sink.ts";

/** Starts the SMTP server the app emails codes to; Playwright calls the returned teardown at the end. */
export default async function globalSetup() {
  return startSmtpSink();
}
