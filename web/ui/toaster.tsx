import { lazy, Suspense } from "react";
import { useToasts } from "../lib/toast.ts";

// A toast's own code (its countdown, actions, close button) loads with the first toast, not with every page; the
// region itself is always there, so screen readers announce what arrives in it.
const loadItem = () => import("./toast-item.tsx");
const ToastItem = lazy(loadItem);

/** Starts loading the toasts' code at the visitor's first touch or key, before the action that shows one. */
function preloadOnFirstInput() {
  if (typeof window === "undefined") return;
  const events = ["pointerdown", "keydown"] as const;
  const preload = () => {
    for (const e of events) window.removeEventListener(e, preload, true);
    void loadItem().catch(() => {
      // Tried again when a toast is shown.
    });
  };
  for (const e of events) window.addEventListener(e, preload, { capture: true, passive: true });
}
preloadOnFirstInput();

/** Bottom-end stack; full width on small screens, 24rem from the small breakpoint up (seed section 9). */
export function Toaster(props: { regionLabel: string; closeLabel: string }) {
  const toasts = useToasts();
  const blocking = toasts.some((t) => t.color === "loading");
  return (
    <>
      {blocking && <div className="fixed inset-0 z-40 cursor-wait" aria-hidden="true" />}
      <section
        aria-label={props.regionLabel}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-3 sm:start-auto sm:w-96"
      >
        <ol className="flex flex-col gap-2" aria-live="polite">
          <Suspense fallback={null}>
            {toasts.map((t) => (
              <ToastItem key={t.id} toast={t} closeLabel={props.closeLabel} />
            ))}
          </Suspense>
        </ol>
      </section>
    </>
  );
}
