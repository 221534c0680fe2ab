import { Link, useSearchParams } from "react-router";
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

/**
 * A refused save as a form shows it: each zod issue (translated by the server) under its field (`issueErrors`),
 * and a refusal of the whole (a translated DomainError, which names no field) as the form's own error.
 */
export function refusalErrors(error: unknown, depth = 1): FieldErrors {
  const errors = issueErrors(error, depth);
  const message = (error as { message?: unknown } | null)?.message;
  if (Object.keys(errors).length === 0 && typeof message === "string" && message) errors.form = message;
  return errors;
}
