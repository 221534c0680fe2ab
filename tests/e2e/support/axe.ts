import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Rules that count whatever their impact: skipped heading levels confuse screen-reader navigation. */
const alwaysCounted = new Set(["heading-order"]);

/**
 * Fails on serious and critical axe violations (and on the rules above), listing each with the elements
 * concerned. Touch targets under 24 px (target-size, WCAG 2.2, off by default in axe) are checked too.
 * The check is soft: the test goes on to its other screens and fails at the end.
 */
export async function expectNoSeriousViolations(page: Page, what: string) {
  // Only violations are needed; leaving out the passes' details makes axe much faster.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"], rules: { "target-size": { enabled: true } } })
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || alwaysCounted.has(v.id),
  );
  const report = serious
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
          .join("\n"),
    )
    .join("\n");
  expect.soft(serious, `${what} has serious accessibility violations:\n${report}`).toEqual([]);
}

/** Stores a theme choice before the app starts, with the system in light mode. */
export async function storeTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: "light" });
  await page.addInitScript((value) => localStorage.setItem("pasar-theme", value), theme);
}
