import { expect, test, type Locator } from "@playwright/test";
import { authPath, createEmailAccount, inviteCodePattern, newEmail, toasts } from "../support/accounts.ts";
import { fill, langs, messages } from "../support/i18n.ts";
import { jpegImage, pngImage } from "../support/images.ts";
import { waitForHydration } from "../support/page.ts";

/**
 * What the avatar is drawn with, and the real width of the rendition the browser loaded (0 for a
 * placeholder, or when the file does not load).
 */
async function avatarState(avatar: Locator) {
  return avatar.evaluate(async (el) => {
    if (el instanceof HTMLImageElement) {
      await el.decode().catch(() => undefined);
      return { tag: "img", src: new URL(el.src).pathname, width: el.naturalWidth, text: "" };
    }
    return { tag: el.tagName.toLowerCase(), src: "", width: 0, text: el.textContent ?? "" };
  });
}

test("avatar upload in Chinese: the initials placeholder becomes the uploaded photo, also after reload", async ({
  page,
}) => {
  const m = messages.zh;
  const email = newEmail("lin.wei");
  // Signs this browser in (the session cookie).
  await createEmailAccount(page.request, email);
  await page.goto(authPath("zh", "account"));
  await waitForHydration(page);

  const name = email.split("@")[0]!.replace(/[._-]+/g, " ");
  const avatar = page.getByRole("img", { name: fill(m.account.page.avatarAlt, { name }), exact: true });
  expect(await avatarState(avatar), "before any upload the avatar is the initials placeholder").toEqual({
    tag: "span",
    src: "",
    width: 0,
    text: "LW",
  });

  const chooser = page.getByLabel(m.account.page.changeAvatar, { exact: true });
  await chooser.setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: await pngImage() });
  await expect(toasts(page, "zh").getByText(m.account.page.avatarUpdated, { exact: true })).toBeVisible();
  await expect.poll(async () => (await avatarState(avatar)).tag).toBe("img");

  await page.reload();
  await waitForHydration(page);
  const uploaded = await avatarState(avatar);
  expect(uploaded.tag).toBe("img");
  expect(uploaded.src).toMatch(/^\/uploads\/avatars\/[^/]+\.webp$/);
  // The 72 px slot on a 1x screen: the browser picks the smallest rendition that is sharp there.
  expect(uploaded.width, "the uploaded photo does not load").toBeGreaterThanOrEqual(72);

  // A JPEG replaces it.
  await chooser.setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: await jpegImage() });
  await expect(toasts(page, "zh").getByText(m.account.page.avatarUpdated, { exact: true })).toBeVisible();
  await expect.poll(async () => (await avatarState(avatar)).src).not.toBe(uploaded.src);
  await page.reload();
  const replaced = await avatarState(avatar);
  expect(replaced.src).toMatch(/^\/uploads\/avatars\/[^/]+\.webp$/);
  expect(replaced.src).not.toBe(uploaded.src);
  expect(replaced.width, "the replacing photo does not load").toBeGreaterThanOrEqual(72);
});

test("the account page's sections are announced by their headings in every language", async ({ page }) => {
  await createEmailAccount(page.request, newEmail("sections"));
  for (const lang of langs) {
    const p = messages[lang].account.page;
    await page.goto(authPath(lang, "account"));
    await expect(page.getByTestId("invite-code")).toHaveText(inviteCodePattern);
    // The page is rendered on the server: the landmarks are there at once.
    for (const section of [p.inviteCode, p.settings, messages[lang].support.contacts.title]) {
      const region = page.getByRole("region", { name: section, exact: true });
      expect.soft(await region.count(), `no section named "${section}" (${lang})`).toBe(1);
    }
    const invite = page.getByRole("region", { name: p.inviteCode, exact: true }).getByTestId("invite-code");
    expect
      .soft(await invite.count(), `the invite code is not in the "${p.inviteCode}" section (${lang})`)
      .toBe(1);
  }
});
