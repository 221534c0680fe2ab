import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails on serious and critical axe violations, listing each with the elements concerned. The check is
 * soft: the test goes on to its other screens and fails at the end.
 */
export async function expectNoSeriousViolations(page: Page, what: string) {
  // Only violations are needed; leaving out the passes' details makes axe much faster.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
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
