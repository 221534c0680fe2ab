import { useSyncExternalStore } from "react";

type ToastColor = "info" | "success" | "error" | "loading";

interface ToastAction {
  label: string;
  onClick?: () => void;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  color: ToastColor;
  /** Milliseconds before it closes; 0 keeps it until it is removed. */
  timeout: number;
  actions?: ToastAction[];
  /** Called when the toast is closed by its button or an action. */
  callback?: () => void;
}

/** Seed section 9: generic toasts last 5000 ms, the app's own notices 2000 ms. */
export const genericToastTimeout = 5000;
export const appToastTimeout = 2000;

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The toast store: add, update and remove by id, or clear all (seed section 4). */
export const toast = {
  add(input: Omit<Toast, "id" | "timeout" | "color"> & Partial<Pick<Toast, "id" | "timeout" | "color">>) {
    // Seed: the id is the current time in milliseconds as a string; bump on collision.
    let id = input.id ?? Date.now().toString();
    while (!input.id && toasts.some((t) => t.id === id)) id = String(Number(id) + 1);
    const next: Toast = { color: "info", timeout: genericToastTimeout, ...input, id };
    toasts = [...toasts.filter((t) => t.id !== id), next];
    emit();
    return id;
  },
  update(id: string, patch: Partial<Omit<Toast, "id">>) {
    toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
    emit();
  },
  remove(id: string) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
  clear() {
    toasts = [];
    emit();
  },
  /** An app notice: short-lived, in the app's default duration. */
  notify(title: string, color: ToastColor = "info") {
    return toast.add({ title, color, timeout: appToastTimeout });
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts shown now, oldest first. */
export function currentToasts(): Toast[] {
  return toasts;
}

const serverSnapshot: Toast[] = [];
export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, currentToasts, () => serverSnapshot);
}
