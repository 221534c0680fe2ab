import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/setup/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/pasar-e2e-${process.pid}`;

// Screens are proven in the machine's Chromium (Debian package) at phone size, against the production build.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: "list",
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    browserName: "chromium",
    locale: "id-ID",
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
  },
  webServer: {
    command: `rm -rf ${dataDir} && node server/main.ts`,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED_IMAGE_SIZE: "320",
    },
  },
});
