import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/setup/chromium.ts";
import { serverArgs, serverEnvironment } from "./scripts/server-command.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/pasar-e2e-${process.pid}`;
const smtpPort = process.env.E2E_SMTP_PORT ?? "2526";
// Shared with the workers (they inherit the environment) to read the emails the app sent.
process.env.E2E_MAILBOX ??= `/tmp/pasar-e2e-mailbox-${process.pid}.jsonl`;
// The sessions made once per run (tests/e2e/support/pool.ts): the demo accounts' and a pool of fresh shoppers.
process.env.E2E_POOL_DIR ??= `/tmp/pasar-e2e-pool-${process.pid}`;
process.env.E2E_SMTP_PORT = smtpPort;

// Screens are proven in the machine's Chromium (Debian package) at phone size, against the production build.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Room for axe on a 2-core machine busy with two workers and the server.
  timeout: 60_000,
  // A step that waits on the server (a sign-in, then the page it leads to) can take more than the default 5 s
  // while two workers, their browsers and the server share two cores.
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    browserName: "chromium",
    locale: "id-ID",
    launchOptions: chromiumLaunchOptions,
    // No traces by default: recording them cost a quarter of the suite's time. E2E_TRACE=1 keeps one per failure.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
  },
  webServer: {
    command: `rm -rf ${dataDir} && ${Object.entries(serverEnvironment)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")} node ${serverArgs.join(" ")}`,
    url: `http://localhost:${port}/readyz`,
    // The first start seeds the demo shop and draws its pictures (SEED_PICTURES=now): about 20 s on two idle cores,
    // more when other work shares them.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // The production build in test mode: email goes to the test SMTP server, SMS to the development outbox.
      NODE_ENV: "test",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED_IMAGE_SIZE: "320",
      // Every picture drawn before the first test: the tests fail on any file the browser could not load.
      SEED_PICTURES: "now",
      // One trusted proxy hop: set-up calls say which (made-up) address they come from, so the per-address
      // limits on codes and sign-ins see many shoppers, not one (tests/e2e/support/accounts.ts, setUpAddress).
      TRUST_PROXY_HOPS: "1",
    },
  },
});
