import { useEffect, useState } from "react";
import { displayAccount } from "#common/account-display.ts";
import type { CodePurpose } from "#common/contracts/auth.ts";
import type { MessageKey } from "#common/i18n/messages.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { callApi, type ApiInput } from "../../lib/client.ts";
import { Field, loadSchemas } from "./form.tsx";

/** The code field with its "Get code" button, which waits out the 60 s before another code. */
export function CodeField(props: {
  purpose: CodePurpose;
  account: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  onAccountError: (message: string | undefined) => void;
}) {
  const { t } = useI18n();
  const [wait, setWait] = useState(0);
  const send = useApiAction(
    (input: ApiInput<"auth.sendCode">) => callApi("auth.sendCode", input, { mutation: true }),
    {
      onSuccess: async (result, input) => {
        setWait(result.resendInSeconds);
        // Loaded already: the request was validated with it.
        const parsed = (await loadSchemas()).parseAccount(input.account);
        const account = parsed ? displayAccount(parsed) : input.account.trim();
        toast.notify(t("auth.codeSent", { account }), "success");
      },
    },
  );
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const request = async () => {
    const { AccountInputSchema } = await loadSchemas();
    const parsed = AccountInputSchema.safeParse(props.account);
    if (!parsed.success) {
      props.onAccountError(t(parsed.error.issues[0]?.message as MessageKey));
      return;
    }
    props.onAccountError(undefined);
    send.run({ account: parsed.data, purpose: props.purpose });
  };

  return (
    <Field
      label={t("auth.fields.code")}
      error={props.error}
      action={
        // Without JavaScript (or before it loads) this posts the form to ask for a code on the server.
        <button
          type="submit"
          name="intent"
          value="sendCode"
          onClick={(e) => {
            e.preventDefault();
            void request();
          }}
          disabled={wait > 0 || send.pending}
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
        onChange: (e) => props.onChange(e.target.value.replace(/\D/g, "")),
      }}
    />
  );
}
