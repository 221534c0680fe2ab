import { useSyncExternalStore } from "react";
import type { PasskeyAnswer } from "#common/contracts/auth.ts";

// Passkeys in the browser (issue 43): @simplewebauthn/browser runs the ceremony the server's options describe. It is
// loaded only when a passkey is used, so pages that merely offer one carry none of it.

/** Whether this browser can use passkeys at all (checked after hydration: the server cannot know). */
export function supportsPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

const never = () => () => {};

/** Whether passkeys can be offered: false while the page renders on the server and hydrates, then the browser's. */
export function usePasskeysSupported(): boolean {
  return useSyncExternalStore(never, supportsPasskeys, () => false);
}

/**
 * The browser's answer to a ceremony: a new passkey for registration options, or a signature for authentication
 * options. A ceremony the person cancels (or the device refuses) throws `cancelled`, in the reader's words.
 */
export async function passkeyAnswer(
  kind: "create" | "get",
  ceremony: { challengeId: string; options: Record<string, unknown> },
  cancelled: () => Error,
): Promise<PasskeyAnswer> {
  const webauthn = await import("@simplewebauthn/browser");
  try {
    const response =
      kind === "create"
        ? await webauthn.startRegistration({ optionsJSON: ceremony.options as never })
        : await webauthn.startAuthentication({ optionsJSON: ceremony.options as never });
    return { challengeId: ceremony.challengeId, response: response as unknown as PasskeyAnswer["response"] };
  } catch {
    throw cancelled();
  }
}
