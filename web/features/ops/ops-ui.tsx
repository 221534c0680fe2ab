import { useId, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { newIntentKey } from "../wallet/intent-key.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import type { FieldErrors } from "../auth/form.tsx";

/** Tabs over a list's `?status=` (or another parameter); the first is the default when the address names none. */
export function StatusTabs<S extends string>(props: {
  label: string;
  statuses: readonly S[];
  names: (s: S) => string;
  param?: string;
}) {
  const [search] = useSearchParams();
  const param = props.param ?? "status";
  const current = statusParam(search, props.statuses, param);
  return (
    <nav aria-label={props.label} className="flex gap-2 overflow-x-auto px-4 py-3">
      {props.statuses.map((s) => {
        const next = new URLSearchParams(search);
        next.set(param, s);
        return (
          <Link
            key={s}
            to={`?${next.toString()}`}
            replace
            preventScrollReset
            aria-current={s === current ? "page" : undefined}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap ${
              s === current
                ? "border-primary-700 bg-primary-700 font-semibold text-white"
                : "border-gray-300 bg-white text-gray-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-200"
            }`}
          >
            {props.names(s)}
          </Link>
        );
      })}
    </nav>
  );
}

/** A list's `?status=` (or `param`) among `statuses`, the first when absent or unknown; "all" means no filter. */
export function statusParam<S extends string>(
  search: URLSearchParams,
  statuses: readonly S[],
  param = "status",
): S {
  const value = search.get(param);
  return statuses.find((s) => s === value) ?? statuses[0]!;
}

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

/**
 * The fields a refused call names, with the server's translated message for each (`issues` of its error,
 * by the first part of their path): forms validated on the server show them under their fields.
 */
export function issueErrors(error: unknown, depth = 1): FieldErrors {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues;
  const errors: FieldErrors = {};
  for (const issue of issues ?? []) {
    const field = issue.path.split(".").slice(0, depth).join(".") || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}
