import { modal } from "../lib/modal.ts";
import { buttonRow, rowButton } from "./card.tsx";

/** A yes/no question shown in the modal host; the confirming action is the destructive one. */
export function ConfirmDialog(props: {
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <div className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      <div className={`mt-5 ${buttonRow}`}>
        <button
          type="button"
          onClick={() => modal.close()}
          className={`${rowButton} min-h-11 bg-gray-100 font-medium dark:bg-gray-800`}
        >
          {props.cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => {
            props.onConfirm();
            modal.close();
          }}
          className={`${rowButton} min-h-11 bg-red-700 font-semibold text-white`}
        >
          {props.confirmLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * The two buttons at the foot of a dialog's form: one that closes it (or does `onCancel`), and the form's
 * submit button, red when what it confirms cannot be undone.
 */
export function DialogActions(props: {
  cancelLabel: string;
  confirmLabel: string;
  danger?: boolean;
  disabled?: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className={`mt-5 ${buttonRow}`}>
      <button
        type="button"
        onClick={props.onCancel ?? (() => modal.close())}
        className={`${rowButton} min-h-11 bg-gray-100 font-medium dark:bg-gray-800`}
      >
        {props.cancelLabel}
      </button>
      <button
        type="submit"
        disabled={props.disabled}
        className={`${rowButton} min-h-11 font-semibold text-white disabled:opacity-60 ${props.danger ? "bg-red-700" : "bg-primary-700"}`}
      >
        {props.confirmLabel}
      </button>
    </div>
  );
}
