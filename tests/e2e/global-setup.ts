import type { FullConfig } from "@playwright/test";
import { makeSessions, removeSessions } from "./support/pool.ts";
import { startSmtpSink } from "./support/smtp-sink.ts";

/**
 * Starts the SMTP server the app emails codes to, then (the web server is up by now) signs the demo accounts in
 * and makes the pool of fresh shoppers once for the run (support/pool.ts). Playwright calls the returned
 * teardown at the end, which also removes the saved sessions.
 */
export default async function globalSetup(config: FullConfig) {
  const stopSmtp = await startSmtpSink();
  const baseURL = config.projects[0]!.use.baseURL!;
  try {
    await makeSessions(baseURL);
  } catch (error) {
    await stopSmtp();
    throw error;
  }
  return async () => {
    await stopSmtp();
    removeSessions();
  };
}
