// Phone-size (390x844) screenshots of pages into /tmp/shots, to look at what a shopper sees.
// Usage: node scripts/screenshots.ts http://localhost:3000 /h5 "/en/h5|dark" /zh/h5/products/prd_…
import { mkdir } from "node:fs/promises";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/setup/chromium.ts";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
await mkdir("/tmp/shots", { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "id-ID" });
const page = await context.newPage();
page.on("console", (m) => {
  if (m.type() === "error" || m.type() === "warning") console.log("console:", m.text().slice(0, 200));
});
page.on("pageerror", (e) => console.log("pageerror:", e.message));
for (const [i, entry] of paths.entries()) {
  const [pagePath = "/", scheme = "light"] = entry.split("|");
  await page.emulateMedia({ colorScheme: scheme === "dark" ? "dark" : "light" });
  const res = await page.goto(base + pagePath, { waitUntil: "networkidle" });
  console.log(`/tmp/shots/${i}.png`, pagePath, res?.status(), await page.title());
  await page.screenshot({ path: `/tmp/shots/${i}.png` });
}
await browser.close();
