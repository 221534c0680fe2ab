import { useEffect, useState } from "react";
import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { Field } from "../auth/form.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";

/** A 6-digit entry; anything else typed is dropped. */
export const onlyDigits = (value: string) => value.replace(/\D/g, "").slice(0, 6);

/**
 * The field for a code sent for a signed-in user's action (issue 43), to their own address or to a new one, with its
 * "Get code" button, which waits out the time before another code and says where the code went.
 */
export function ActionCodeField<V = void>(props: {
  /** The procedure that sends the code (its `mutationOptions()`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tRPC procedure's options that answer this
  sendOptions: UseMutationOptions<{ channel: "email" | "sms"; resendInSeconds: number }, any, V, any>;
  /** What the procedure is sent (the new address a code goes to); none for the account's own address. */
  sendInput?: V;
  /** Whether the code may be asked for yet (a new address must be typed first). */
  ready?: () => boolean;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useI18n();
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = useMutation({
    ...props.sendOptions,
    onSuccess: (sent) => {
      setWait(sent.resendInSeconds);
      toast.notify(
        t(sent.channel === "email" ? "account.pin.codeSentEmail" : "account.pin.codeSentSms"),
        "success",
      );
    },
  });
  return (
    <Field
      label={t("auth.fields.code")}
      error={props.error}
      action={
        <button
          type="button"
          onClick={() => {
            if (props.ready?.() !== false) send.mutate(props.sendInput as V);
          }}
          disabled={wait > 0 || send.isPending}
          className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-primary-800 disabled:text-gray-600 dark:text-primary-300 dark:disabled:text-gray-400"
        >
          {wait > 0 ? t("auth.fields.resendIn", { seconds: wait }) : t("auth.fields.sendCode")}
        </button>
      }
      input={{
        name: "code",
        type: "text",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: 6,
        value: props.value,
        onChange: (e) => props.onChange(onlyDigits(e.target.value)),
      }}
    />
  );
}
