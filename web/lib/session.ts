import { useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { useI18n } from "./i18n.tsx";
import { signInPath } from "./locale.ts";
import { storedToken, tokenChangeEvent } from "./trpc.ts";

function subscribe(onChange: () => void) {
  window.addEventListener(tokenChangeEvent, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(tokenChangeEvent, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * Whether this browser holds a session token. Server rendering and hydration say no; the real answer
 * follows right after, and a stale token is corrected by the first UNAUTHORIZED answer (seed section 8).
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => storedToken() !== "",
    () => false,
  );
}

/**
 * Runs an action for a signed-in visitor; a visitor who is not signed in goes to sign in first and comes
 * back to this page afterwards.
 */
export function useRequireSignIn(): (action: () => void) => void {
  const signedIn = useSignedIn();
  const { locale } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  return (action) => {
    if (signedIn) action();
    else void navigate(signInPath(locale, location.pathname + location.search));
  };
}
