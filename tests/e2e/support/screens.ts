import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe.ts";

/**
 * A journey's screen checked in a language the journey is not clicked through in (decision 0016): the caller has
 * checked its texts; this checks its layout at the phone's width (no sideways scroll: the page is no wider than
 * the 390 px screen) and, unless `axe` is false, that axe finds no serious violation. Soft, like axe: the test
 * goes on to its other screens and fails at the end.
 */
export async function expectScreen(page: Page, what: string, { axe = true } = {}) {
  const width = page.viewportSize()!.width;
  const pageWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect.soft(pageWidth, `${what} is wider than the ${width} px phone`).toBeLessThanOrEqual(width);
  if (axe) await expectNoSeriousViolations(page, what);
}
