import { useId, useState, type ReactNode } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { newIntentKey } from "../wallet/intent-key.ts";

/**
 * An operator's decision: what is decided, an optional reason (required when asked for), and the confirming
 * button. The decision carries one idempotency key for as long as the dialog is open.
 */
export function DecisionDialog(props: {
  title: string;
  body?: ReactNode;
  reasonLabel?: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: (decision: { reason: string; idempotencyKey: string }) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [key] = useState(newIntentKey);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (props.reasonLabel && !reason.trim()) {
      setError(t("errors.ops.reasonRequired"));
      return;
    }
    props.onConfirm({ reason: reason.trim(), idempotencyKey: key });
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.body && <div className="mt-2 text-sm text-gray-700 dark:text-gray-300">{props.body}</div>}
      {props.reasonLabel && (
        <div className="mt-4">
          <label htmlFor={id} className="text-sm font-medium">
            {props.reasonLabel}
          </label>
          <textarea
            id={id}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            maxLength={300}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1 w-full rounded-lg border border-gray-300 bg-white p-2 dark:border-gray-600 dark:bg-gray-800"
          />
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={props.confirmLabel}
        danger={props.danger}
      />
    </form>
  );
}
