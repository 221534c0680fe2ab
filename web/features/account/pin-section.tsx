import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageKey } from "#common/i18n/messages.ts";
import { SubmitButton, type FieldErrors } from "../auth/form.tsx";
import { PinField } from "./pin-field.tsx";
import { ActionCodeField } from "./action-code-field.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

// The payment PIN on the account security page (issue 43): set or reset with a code sent to the account, changed
// with the current one. The server decides everything (easy PINs, tries, locks); the form checks only the shape.

/** The new PIN twice: errors when either is not 6 digits or they differ. */
function checkNewPin(values: { pin: string; confirm: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^\d{6}$/.test(values.pin)) errors.pin = "errors.pin.format";
  else if (values.confirm !== values.pin) errors.confirm = "account.pin.mismatch";
  return errors;
}

/** A form's values and errors; changing a field clears its error. */
export function useFormState<V extends Record<string, string>>(initial: V) {
  const { t } = useI18n();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: keyof V) => {
    const key = errors[field as string];
    return key ? t(key as MessageKey) : undefined;
  };
  /** Shows `found`; answers whether the form may be sent. */
  const accept = (found: FieldErrors) => {
    setErrors(found);
    return !Object.values(found).some(Boolean);
  };
  return { values, set, message, accept };
}

/** The new PIN, twice. */
function NewPinFields(props: { form: ReturnType<typeof useFormState<{ pin: string; confirm: string }>> }) {
  const { t } = useI18n();
  const { values, set, message } = props.form;
  return (
    <>
      <PinField
        name="pin"
        label={t("account.pin.new")}
        value={values.pin}
        onChange={set("pin")}
        error={message("pin")}
      />
      <PinField
        name="confirm"
        label={t("account.pin.confirm")}
        value={values.confirm}
        onChange={set("confirm")}
        error={message("confirm")}
      />
    </>
  );
}

/** Setting (or resetting) the PIN: a code sent to the account, then the new PIN twice. */
function PinByCodeForm(props: { onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useFormState({ code: "", pin: "", confirm: "" });
  const save = useMutation(
    trpc.account.pin.set.mutationOptions({
      onSuccess: () => {
        toast.notify(t("account.pin.saved"), "success");
        props.onDone();
      },
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.account.pin.status.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.account.securityHistory.queryKey() });
      },
    }),
  );
  const { values } = form;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = checkNewPin(values);
        if (!/^\d{6}$/.test(values.code)) found.code = "auth.validation.invalidCode";
        if (form.accept(found)) save.mutate({ code: values.code, pin: values.pin });
      }}
    >
      <ActionCodeField
        sendOptions={trpc.account.pin.sendCode.mutationOptions()}
        value={values.code}
        onChange={form.set("code")}
        error={form.message("code")}
      />
      <NewPinFields form={form} />
      <SubmitButton busy={save.isPending}>{t("account.pin.save")}</SubmitButton>
    </form>
  );
}

/** Changing the PIN with the current one. */
function PinChangeForm(props: { onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useFormState({ current: "", pin: "", confirm: "" });
  const change = useMutation(
    trpc.account.pin.change.mutationOptions({
      onSuccess: () => {
        toast.notify(t("account.pin.changed"), "success");
        props.onDone();
      },
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.account.pin.status.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.account.securityHistory.queryKey() });
      },
    }),
  );
  const { values } = form;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = checkNewPin(values);
        if (!/^\d{6}$/.test(values.current)) found.current = "errors.pin.format";
        if (form.accept(found)) change.mutate({ currentPin: values.current, pin: values.pin });
      }}
    >
      <PinField
        name="current"
        label={t("account.pin.current")}
        value={values.current}
        onChange={form.set("current")}
        error={form.message("current")}
      />
      <NewPinFields form={form} />
      <SubmitButton busy={change.isPending}>{t("account.pin.change")}</SubmitButton>
    </form>
  );
}

// Side by side where both labels fit (160 px each), one under the other on a narrower phone; a label that still
// wraps makes its button taller, never spills out of it.
const outlined =
  "min-h-11 grow basis-40 rounded-full border border-primary-700 px-3 py-2 leading-tight font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300";

export function PinSection() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const status = useQuery(trpc.account.pin.status.queryOptions()).data;
  const [form, setForm] = useState<"code" | "change" | null>(null);
  if (!status) return null;
  const state = !status.set
    ? t("account.pin.notSet")
    : status.disabled
      ? t("account.pin.disabled")
      : status.lockedUntil
        ? t("account.pin.lockedUntil", { time: formatDateTime(status.lockedUntil, locale, zone) })
        : t("account.pin.active");
  const usable = status.set && !status.disabled && !status.lockedUntil;
  return (
    <Card labelledBy="pin-title">
      <h2 id="pin-title" className="font-semibold">
        {t("account.pin.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("account.pin.intro")}</p>
      <p className="mt-2 text-sm font-medium" data-testid="pin-state">
        {state}
      </p>
      {form === null ? (
        <div className="mt-3 flex flex-wrap gap-3">
          {usable && (
            <button type="button" onClick={() => setForm("change")} className={outlined}>
              {t("account.pin.change")}
            </button>
          )}
          <button type="button" onClick={() => setForm("code")} className={outlined}>
            {!status.set
              ? t("account.pin.create")
              : usable
                ? t("account.pin.forgot")
                : t("account.pin.reset")}
          </button>
        </div>
      ) : (
        <>
          {form === "code" ? (
            <PinByCodeForm onDone={() => setForm(null)} />
          ) : (
            <PinChangeForm onDone={() => setForm(null)} />
          )}
          <button
            type="button"
            onClick={() => setForm(null)}
            className="mt-3 h-12 w-full rounded-full border border-gray-300 font-semibold dark:border-gray-600"
          >
            {t("catalog.search.cancel")}
          </button>
        </>
      )}
    </Card>
  );
}
