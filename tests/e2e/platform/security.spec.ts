import { expect, test, type Page } from "@playwright/test";
import { firstProduct } from "../support/catalog.ts";
import { messages } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

/** Collects every Content-Security-Policy violation the page reports, and CSP errors on the console. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

test.describe("security headers and Content-Security-Policy", () => {
  test("pages send the headers and run under the policy without a single violation", async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const violations = await watchViolations(page);
    for (const path of ["/h5", `/h5/products/${product.id}`, "/en/h5/signin", "/h5/account"]) {
      const res = await page.goto(path);
      expect(res, path).not.toBeNull();
      const headers = res!.headers();
      expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      await waitForHydration(page);
    }
    // The app works under the policy: a client-side navigation and the theme script ran.
    await page.goto("/h5");
    await waitForHydration(page);
    await page.locator(`a[href$="/h5/products/${product.id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/h5/products/${product.id}$`));
    await expect(page.locator("html")).toHaveAttribute("style", /color-scheme/);
    // Form validation in the browser (zod) runs without eval.
    await page.goto("/en/h5/signin");
    await waitForHydration(page);
    await page.getByRole("button", { name: messages.en.auth.signin.submit, exact: true }).click();
    await expect(page.getByText(messages.en.auth.validation.enterAccount).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("an inline script without the nonce is refused", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/h5");
    await waitForHydration(page);
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.append(s);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
  });

  test("the sign-in page cannot be framed by another site", async ({ page }) => {
    const res = await page.request.get("/h5/signin");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

test.describe("bad addresses", () => {
  test("an unknown product, a malformed product id and an unknown category show the 404 page", async ({
    page,
  }) => {
    for (const path of [
      "/en/h5/products/prd_doesnotexist",
      `/en/h5/products/${"x".repeat(3000)}`,
      "/en/h5/products/list?category=999999",
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect(page.getByText("404")).toBeVisible();
    }
  });
});
