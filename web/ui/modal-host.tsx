import { Suspense, useEffect, useRef } from "react";
import { modal, modalWrapper, useModal } from "../lib/modal.ts";

/** Renders the open modal in a native <dialog>: focus trapping, Escape and the backdrop come for free. */
export function ModalHost() {
  const current = useModal();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (current && !dialog.open) dialog.showModal();
    if (!current && dialog.open) dialog.close();
  }, [current]);
  const Component = current?.component;
  return (
    <dialog
      ref={ref}
      onClose={() => modal.close()}
      onClick={(e) => {
        if (e.target === ref.current) modal.close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/50 dark:bg-gray-900 dark:text-gray-50"
    >
      {Component && (
        <Suspense fallback={<div className="h-40 animate-pulse" />}>
          {modalWrapper(<Component {...current.props} />)}
        </Suspense>
      )}
    </dialog>
  );
}
