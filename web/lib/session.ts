import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useI18n } from "./i18n.tsx";
import { signInPath } from "./locale.ts";
import { hasSessionHint, storedToken, tokenChangeEvent } from "./client.ts";

function subscribe(onChange: () => void) {
  window.addEventListener(tokenChangeEvent, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(tokenChangeEvent, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * Whether this browser holds a session: a stored token, or the server's hint cookie after a sign-in by a
 * plain form post. Server rendering and hydration say no; the real answer follows right after, and a stale
 * session is corrected by the first UNAUTHORIZED answer (seed section 8).
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => storedToken() !== "" || hasSessionHint(),
    () => false,
  );
}

/** The query parameter naming what a visitor asked for before being sent to sign in ("collect", "follow"). */
const afterSignInParam = "after";

/**
 * Runs an action for a signed-in visitor; a visitor who is not signed in goes to sign in first and comes
 * back to this page afterwards. With an `intent`, the way back carries `?after=<intent>`, and the page's
 * `useIntentAfterSignIn(intent, …)` carries the action out then.
 */
export function useRequireSignIn(): (action: () => void, intent?: string) => void {
  const signedIn = useSignedIn();
  const { locale } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  return (action, intent) => {
    if (signedIn) {
      action();
      return;
    }
    const search = new URLSearchParams(location.search);
    if (intent) search.set(afterSignInParam, intent);
    const query = search.toString();
    void navigate(signInPath(locale, location.pathname + (query ? `?${query}` : "")));
  };
}

/**
 * Carries out, once, the action a visitor asked for before signing in: when the page is back with
 * `?after=<intent>`, the visitor is signed in and `ready` (the current state is known, so "collect" does
 * not undo an earlier collect), `perform` runs and the parameter leaves the URL without a history entry.
 */
export function useIntentAfterSignIn(intent: string, ready: boolean, perform: () => void): void {
  const signedIn = useSignedIn();
  const [search, setSearch] = useSearchParams();
  const pending = search.get(afterSignInParam) === intent;
  const run = useEffectEvent(perform);
  const done = useRef(false);
  useEffect(() => {
    if (!pending || !signedIn || !ready || done.current) return;
    done.current = true;
    run();
    setSearch(
      (s) => {
        s.delete(afterSignInParam);
        return s;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [pending, signedIn, ready, setSearch]);
}
