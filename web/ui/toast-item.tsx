import { useEffect, useRef, useState } from "react";
import { X } from "lucide-react";
import { toast as toastStore, type Toast } from "../lib/toast.ts";

const colorClasses: Record<Toast["color"], string> = {
  info: "border-gray-200 dark:border-gray-700",
  success: "border-primary-500",
  error: "border-red-500",
  loading: "border-primary-300",
};

/** One toast: its countdown (paused under the pointer), its actions and its close button (seed section 9). */
export default function ToastItem(props: { toast: Toast; closeLabel: string }) {
  const { toast } = props;
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.timeout);
  const startedAt = useRef(0);

  // The countdown pauses while the pointer is over the toast and resumes when it leaves.
  useEffect(() => {
    if (toast.timeout <= 0 || paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => toastStore.remove(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [toast.id, toast.timeout, paused]);

  useEffect(() => {
    remaining.current = toast.timeout;
  }, [toast.timeout]);

  const close = () => {
    toast.callback?.();
    toastStore.remove(toast.id);
  };

  return (
    // The role sits inside the list item: a list may only hold list items (axe "list").
    <li
      data-toast-id={toast.id}
      data-color={toast.color}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      className="pointer-events-auto"
    >
      <div
        role={toast.color === "error" ? "alert" : "status"}
        className={`flex items-start gap-3 rounded-lg border-l-4 bg-white p-3 text-sm text-gray-900 shadow-lg dark:bg-gray-800 dark:text-gray-50 ${colorClasses[toast.color]}`}
      >
        {toast.color === "loading" && (
          <span
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-primary-600 border-t-transparent"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium">{toast.title}</p>
          {toast.description && (
            <p className="mt-0.5 text-gray-600 dark:text-gray-300">{toast.description}</p>
          )}
          {toast.actions && toast.actions.length > 0 && (
            <div className="mt-2 flex gap-2">
              {toast.actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className="rounded-md bg-primary-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-primary-700"
                  onClick={() => {
                    action.onClick?.();
                    close();
                  }}
                >
                  {action.label}
                </button>
              ))}
            </div>
          )}
        </div>
        {toast.color !== "loading" && (
          <button
            type="button"
            onClick={close}
            aria-label={props.closeLabel}
            className="-m-1 rounded p-1 text-gray-500 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-700"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}
