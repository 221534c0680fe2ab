import { expect, test } from "@playwright/test";
import { newPhone, trpcMutation } from "../support/accounts.ts";
import { htmlLang, langs, localePath, messages } from "../support/i18n.ts";
import { waitForHydration } from "../support/page.ts";

for (const lang of langs) {
  test(`the local outbox tells when a code was sent in Indonesian time, WIB (${lang})`, async ({ page }) => {
    const phone = newPhone();
    const sentAt = Date.now();
    await trpcMutation(page.request, "auth.sendCode", { account: phone.typed, purpose: "signup" });
    await page.goto(localePath(lang, "/dev/outbox"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages[lang].dev.outbox.title);
    const message = page
      .getByTestId("outbox-message")
      .filter({ has: page.getByTestId("outbox-recipient").getByText(phone.e164, { exact: true }) });
    await expect(message).toBeVisible();
    const time = message.locator("time");
    const at = new Date((await time.getAttribute("datetime")) ?? "");
    expect(Math.abs(at.getTime() - sentAt), "the message's time is not when it was sent").toBeLessThan(
      60_000,
    );
    // Jakarta's wall clock, in the reader's language, named: never the server's UTC.
    const jakarta = new Intl.DateTimeFormat(htmlLang[lang], {
      dateStyle: "medium",
      timeStyle: "medium",
      timeZone: "Asia/Jakarta",
    }).format(at);
    await expect(time).toHaveText(`${jakarta} WIB`);
  });
}
