import { lazy, Suspense } from "react";
import { onFirstInput } from "../lib/first-input.ts";
import { useToasts } from "../lib/toast.ts";

// A toast's own code (its countdown, actions, close button) loads with the first toast, not with every page; the
// region itself is always there, so screen readers announce what arrives in it.
const loadItem = () => import("./toast-item.tsx");
const ToastItem = lazy(loadItem);

// Loaded at the visitor's first touch or key, before the action that shows a toast; a failure is retried then.
onFirstInput(() => void loadItem().catch(() => {}));

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
