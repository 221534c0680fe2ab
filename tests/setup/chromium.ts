import { existsSync } from "node:fs";

/** The machine's Chromium (Debian package `chromium`), or `CHROMIUM_PATH`: a whole browser, as Lighthouse wants. */
export const chromiumBrowserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium's headless shell (Debian package `chromium-headless-shell`), which Playwright itself runs headless
 * tests in: the same Blink and V8 without the browser's window machinery. The browser tests took 1,281 s in the
 * whole browser and 822 s in the shell on this machine (two workers, same suite), most of it the browser's own
 * CPU. Without the package, the whole browser.
 */
const headlessShell = "/usr/lib/chromium/chromium-headless-shell";

/** How every tool here launches Chromium under Playwright: tests, measurements, screenshots. */
export const chromiumLaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumBrowserPath),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
