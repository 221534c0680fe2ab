import { describe, expect, it } from "vitest";
import { themeScript, themeStorageKey } from "./theme.ts";

/** Runs the inline no-flash script against a stand-in page: stored choice, forced theme, OS preference. */
function runThemeScript(opts: {
  stored?: string | null;
  forced?: string;
  osDark?: boolean;
  storageThrows?: boolean;
}) {
  const classes = new Set<string>();
  const html = {
    getAttribute: (name: string) => (name === "data-forced-theme" ? (opts.forced ?? null) : null),
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { colorScheme: "" },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (opts.storageThrows) throw new Error("SecurityError");
      return key === themeStorageKey ? (opts.stored ?? null) : null;
    },
  };
  const matchMedia = () => ({ matches: opts.osDark ?? false });
  new Function("document", "localStorage", "matchMedia", themeScript)(
    { documentElement: html },
    localStorage,
    matchMedia,
  );
  return { dark: classes.has("dark"), colorScheme: html.style.colorScheme };
}

describe("the theme script that runs before the first paint", () => {
  it("follows the phone's setting until the shopper chooses", () => {
    expect(runThemeScript({ osDark: true })).toEqual({ dark: true, colorScheme: "dark" });
    expect(runThemeScript({ osDark: false })).toEqual({ dark: false, colorScheme: "light" });
    expect(runThemeScript({ stored: "system", osDark: true }).dark).toBe(true);
  });

  it("keeps the shopper's choice over the phone's setting", () => {
    expect(runThemeScript({ stored: "light", osDark: true })).toEqual({ dark: false, colorScheme: "light" });
    expect(runThemeScript({ stored: "dark", osDark: false })).toEqual({ dark: true, colorScheme: "dark" });
  });

  it("lets a page force its theme, and never throws when storage is blocked", () => {
    expect(runThemeScript({ stored: "light", forced: "dark" }).dark).toBe(true);
    expect(() => runThemeScript({ storageThrows: true })).not.toThrow();
  });
});
