import { useSyncExternalStore, type ComponentType } from "react";

interface ModalState {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component with its own props
  component: ComponentType<any>;
  props: Record<string, unknown>;
}

let state: ModalState | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The modal store (seed section 4): open a component with props, then close or reset. */
export const modal = {
  open<P extends object>(component: ComponentType<P>, props: P) {
    state = { component, props: props as Record<string, unknown> };
    emit();
  },
  close() {
    state = null;
    emit();
  },
  reset() {
    modal.close();
  },
};

export function useModal(): ModalState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => null,
  );
}
