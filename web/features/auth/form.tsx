import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import type { z } from "zod";
import type { MessageKey } from "#common/i18n/messages.ts";
import { phoneFieldValue } from "#common/account-display.ts";
import { useI18n } from "../../lib/i18n.tsx";
import type * as Schemas from "./schemas.ts";

export type FieldErrors = Record<string, string | undefined>;

/** The forms' schemas, loaded on first use (./schemas.ts); the same promise every time. */
let schemas: Promise<typeof Schemas> | undefined;
export function loadSchemas(): Promise<typeof Schemas> {
  schemas ??= import("./schemas.ts").catch((error: unknown) => {
    schemas = undefined; // tried again on the next use
    throw error;
  });
  return schemas;
}

/**
 * Validates form values with the same zod schema the server uses; each issue's message is a
 * translation key (seed section 5), translated here. Returns the parsed values or the errors by field.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: (key: MessageKey) => string,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= t(issue.message as MessageKey);
  }
  return { ok: false, errors };
}

/** A labelled input with its hint and error, wired for screen readers. */
export function Field(props: {
  label: string;
  error?: string;
  hint?: string;
  prefix?: ReactNode;
  action?: ReactNode;
  input: InputHTMLAttributes<HTMLInputElement> & { name: string };
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The hint gives way to the error, so the field points at whichever is shown.
  const describedBy = props.error ? errorId : props.hint ? hintId : undefined;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {props.label}
      </label>
      <div
        className={`mt-1 flex items-center gap-2 rounded-lg border bg-white px-3 dark:bg-gray-800 ${
          props.error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-600"
        } focus-within:border-primary-600 focus-within:ring-2 focus-within:ring-primary-600/30`}
      >
        {props.prefix}
        <input
          id={id}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className="h-11 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-gray-500"
          {...props.input}
        />
        {props.action}
      </div>
      {props.hint && !props.error && (
        <p id={hintId} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * What a phone number may be typed with (the server reads `0812…`, `812…`, `+62 812-…`). As the field's
 * `pattern`, an entry with anything else (an email address) matches `:invalid`, and CSS hides the +62 prefix: it
 * follows the entry without JavaScript, and while the page's scripts are still loading. The forms are `noValidate`,
 * so the pattern never blocks a submission, and `aria-invalid` says the field's real state, so an email address is
 * not read out as invalid.
 */
const phoneEntryPattern = String.raw`[\d\s\(\)\+\-]+`;

/** The account field: email or Indonesian mobile; the +62 prefix shows only while the entry looks like a number. */
export function AccountField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useI18n();
  return (
    <Field
      label={t("auth.fields.account")}
      hint={t("auth.fields.accountHint")}
      error={props.error}
      prefix={
        <span className="border-e border-gray-300 pe-2 text-gray-700 dark:border-gray-600 dark:text-gray-300 [div:has(>input:invalid)>&]:hidden">
          +62
        </span>
      }
      input={{
        name: "account",
        type: "text",
        inputMode: "email",
        autoComplete: "username",
        autoCapitalize: "none",
        spellCheck: false,
        pattern: phoneEntryPattern,
        "aria-invalid": props.error ? true : false,
        value: props.value,
        onChange: (e) => props.onChange(phoneFieldValue(e.target.value)),
      }}
    />
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error}
      action={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={t("auth.fields.showPassword")}
          aria-pressed={shown}
          className="-me-1 rounded p-1 text-gray-600 dark:text-gray-300"
        >
          {shown ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
        </button>
      }
      input={{
        name: props.name,
        type: shown ? "text" : "password",
        autoComplete: props.autoComplete,
        value: props.value,
        onChange: (e) => props.onChange(e.target.value),
      }}
    />
  );
}

/** The page frame of the sign-in, sign-up and reset screens. */
export function AuthPage(props: { title: string; children: ReactNode; footer?: ReactNode }) {
  // The first touch or focus starts loading the validation, so it is there by the time the form is sent.
  const preload = () => void loadSchemas().catch(() => {});
  return (
    <main id="main" className="px-5 pt-6 pb-10" onFocus={preload} onPointerDown={preload}>
      <h1 className="text-2xl font-bold">{props.title}</h1>
      {props.children}
      {props.footer && <div className="mt-6 text-center text-sm">{props.footer}</div>}
    </main>
  );
}

/**
 * The first submit button of a form that also posts other intents ("Get code"): pressing Enter in a
 * field clicks the first submit button, so this hidden one makes Enter submit the form itself.
 */
export function DefaultSubmit() {
  return <button type="submit" name="intent" value="submit" hidden tabIndex={-1} aria-hidden="true" />;
}

/** A form-wide message after a post made without JavaScript: an error, or that a code was sent. */
export function FormNotice(props: { notice?: { text: string; error: boolean } }) {
  if (!props.notice) return null;
  return (
    <p
      role={props.notice.error ? "alert" : "status"}
      className={`mt-4 rounded-lg px-3 py-2 text-sm ${
        props.notice.error
          ? "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
          : "bg-primary-50 text-primary-900 dark:bg-primary-950 dark:text-primary-100"
      }`}
    >
      {props.notice.text}
    </p>
  );
}

export function SubmitButton(props: { children: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value="submit"
      disabled={props.busy}
      className="mt-6 h-12 w-full rounded-full bg-primary-700 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
    >
      {props.children}
    </button>
  );
}
