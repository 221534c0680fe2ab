import { useSyncExternalStore } from "react";
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
