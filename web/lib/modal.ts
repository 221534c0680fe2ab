import { useSyncExternalStore, type ComponentType, type ReactNode } from "react";

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
  /** Whether a modal is open: it shows its own action's errors (a toast would sit under it, unseen). */
  isOpen(): boolean {
    return state !== null;
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

let wrapper: (children: ReactNode) => ReactNode = (children) => children;

/**
 * What every modal is rendered inside. The modal host sits at the root, outside the screens; a screen that uses
 * TanStack Query registers its clients here (web/lib/queries.tsx), so its dialogs read the same cache.
 */
export function wrapModals(wrap: (children: ReactNode) => ReactNode): void {
  wrapper = wrap;
}

/** The modals' wrapper, as registered last. */
export const modalWrapper = (children: ReactNode): ReactNode => wrapper(children);
