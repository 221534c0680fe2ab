import { useCallback, useEffect, useSyncExternalStore } from "react";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const themeStorageKey = "pasar-theme";

/**
 * Runs inline in <head> before the first paint, so the page never flashes the wrong theme.
 * A page may force light or dark through `data-forced-theme` on <html>.
 */
export const themeScript = `(function(){try{var h=document.documentElement,f=h.getAttribute("data-forced-theme"),s=localStorage.getItem("${themeStorageKey}"),m=f||s||"system",d=m==="dark"||(m==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);h.classList.toggle("dark",d);h.style.colorScheme=d?"dark":"light"}catch(e){}})()`;

function readTheme(): Theme {
  try {
    const v = localStorage.getItem(themeStorageKey);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system";
  }
}

function apply() {
  const html = document.documentElement;
  const mode = html.getAttribute("data-forced-theme") || readTheme();
  const dark = mode === "dark" || (mode === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  html.classList.toggle("dark", dark);
  html.style.colorScheme = dark ? "dark" : "light";
}

const listeners = new Set<() => void>();

/** The stored theme and a setter; in system mode the page follows the OS as it changes. */
export function useTheme() {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readTheme,
    () => "system" as Theme,
  );
  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(themeStorageKey, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    apply();
    listeners.forEach((l) => l());
  }, []);
  return { theme, setTheme };
}

/**
 * Keeps the page's theme right for as long as the app runs: re-applies it when the page's forced theme
 * changes during client navigation, and follows the OS live in system mode.
 */
export function useThemeSync(forced: "light" | "dark" | undefined) {
  useEffect(() => {
    const html = document.documentElement;
    if (forced) html.setAttribute("data-forced-theme", forced);
    else html.removeAttribute("data-forced-theme");
    apply();
  }, [forced]);
  useEffect(() => {
    const query = matchMedia("(prefers-color-scheme: dark)");
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);
}
