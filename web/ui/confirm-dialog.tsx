import { modal } from "../lib/modal.ts";
import { buttonRow, rowButton } from "./card.tsx";

/**
 * A yes/no question shown in the modal host, with what it means when that needs saying; the confirming action is
 * red when it cannot be undone (the default), the primary colour when it is an ordinary step such as paying.
 */
export function ConfirmDialog(props: {
  title: string;
  body?: string;
  cancelLabel: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.body && <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{props.body}</p>}
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
          className={`${rowButton} min-h-11 font-semibold text-white ${props.danger === false ? "bg-primary-700" : "bg-red-700"}`}
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
