// Takes phone-size (390x844) screenshots of pages into /tmp/shots: node scripts/screenshots.mjs URL "/h5" "/en/h5|dark"
import { chromium } from "playwright-core";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const base = process.argv[2] ?? "http://localhost:3100";
const pages = process.argv.slice(3);
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
const page = await ctx.newPage();
page.on("console", (m) => {
  if (m.type() === "error" || m.type() === "warning") console.log("console:", m.text().slice(0, 200));
});
page.on("pageerror", (e) => console.log("pageerror:", e.message));
for (const [i, p] of pages.entries()) {
  const [path, scheme] = p.split("|");
  await page.emulateMedia({ colorScheme: scheme ?? "light" });
  const res = await page.goto(base + path, { waitUntil: "networkidle" });
  console.log(path, res.status(), await page.title());
  await page.screenshot({ path: `/tmp/shots/${i}.png`, fullPage: false });
}
await browser.close();
