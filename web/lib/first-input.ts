/**
 * Runs `start` once, at the visitor's first touch, key or click (capturing, so before the page's own handlers):
 * to start downloading code the action that probably follows will need (the API transport, the toasts), so that
 * action does not wait for it. Nothing on the server, where there is no visitor to wait for.
 */
export function onFirstInput(start: () => void): void {
  if (typeof window === "undefined") return;
  const events = ["pointerdown", "keydown", "touchstart"] as const;
  const once = () => {
    for (const e of events) window.removeEventListener(e, once, true);
    start();
  };
  for (const e of events) window.addEventListener(e, once, { capture: true, passive: true });
}
