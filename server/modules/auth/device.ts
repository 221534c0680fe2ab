import Bowser from "bowser";
import type { DeviceSessionView } from "#common/contracts/auth.ts";

// A session's device, as its User-Agent says (issue 43): for the sessions list, and to tell a new device's sign-in.

const kinds = new Set(["mobile", "tablet", "desktop"]);

/** What a User-Agent says of the device: browser, system and model (each absent when it does not say). */
export function deviceOf(
  userAgent: string | null,
): Pick<DeviceSessionView, "browser" | "os" | "model" | "kind"> {
  if (!userAgent) return { browser: null, os: null, model: null, kind: "unknown" };
  const { browser, os, platform } = Bowser.parse(userAgent);
  // Windows says "NT 10.0", its name "10"; Android and iOS say their own number.
  const osName = os.name ? [os.name, os.versionName ?? os.version].filter(Boolean).join(" ") : null;
  const model = [platform.vendor, platform.model].filter(Boolean).join(" ") || null;
  return {
    browser: browser.name ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ") : null,
    os: osName,
    model,
    kind:
      platform.type && kinds.has(platform.type) ? (platform.type as DeviceSessionView["kind"]) : "unknown",
  };
}

/** A device in a few words, the same for every sign-in from it: "Chrome 130 · Android 14 · Samsung SM-A546E". */
export function deviceLabel(userAgent: string | null): string | null {
  const d = deviceOf(userAgent);
  return [d.browser, d.os, d.model].filter(Boolean).join(" · ") || null;
}
