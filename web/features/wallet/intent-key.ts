import { useRef } from "react";

/** 24 URL-safe random characters; `crypto.getRandomValues` works on plain http too, unlike `randomUUID`. */
export function newIntentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/**
 * The idempotency key of one intent ("Withdraw" pressed for this amount). Pressing again, or retrying after a
 * network failure, sends the same key, so the server moves the money once; a changed request is a new intent
 * with a new key; `done()` after success makes the next press a new intent.
 */
export function useIntentKey() {
  const current = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor(request: unknown): string {
      const signature = JSON.stringify(request);
      if (current.current?.request !== signature) {
        current.current = { request: signature, key: newIntentKey() };
      }
      return current.current.key;
    },
    done() {
      current.current = null;
    },
  };
}
