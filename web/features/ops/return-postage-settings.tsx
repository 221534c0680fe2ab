import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { ReturnPostage } from "#common/contracts/settings.ts";
import { postagePayers, returnReasons, type PostagePayer } from "#common/order-states.ts";
import type { FieldErrors } from "../auth/form.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { issueErrors } from "./ops-ui.tsx";
import { Section, submitButton, useSaved } from "./settings-ui.tsx";

/**
 * Who pays return postage for each reason a shopper gives (issue 27): Pasar, the store or the shopper. Saved
 * together, audited; returns approved from then on follow it.
 */
export function ReturnPostageForm(props: { returnPostage: ReturnPostage }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const saved = useSaved();
  const [values, setValues] = useState(props.returnPostage);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.ops.settings.updateReturnPostage.mutationOptions({
      onSuccess: (s) => {
        setValues(s.returnPostage);
        saved(s, "ops.settings.returnPostageSaved");
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  const field =
    "mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800";
  return (
    <Section title={t("ops.settings.returnPostage")} note={t("ops.settings.returnPostageNote")}>
      <form
        noValidate
        data-testid="return-postage-form"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(values);
        }}
      >
        {returnReasons.map((reason) => (
          <div key={reason} className="mt-3">
            <label htmlFor={`payer-${reason}`} className="text-sm font-medium">
              {t(`aftersales.categories.${reason}`)}
            </label>
            <select
              id={`payer-${reason}`}
              name={reason}
              value={values[reason]}
              aria-invalid={errors[reason] ? true : undefined}
              onChange={(e) => {
                setValues((v) => ({ ...v, [reason]: e.target.value as PostagePayer }));
                setErrors((x) => ({ ...x, [reason]: undefined }));
              }}
              className={field}
            >
              {postagePayers.map((p) => (
                <option key={p} value={p}>
                  {t(`ops.settings.payers.${p}`)}
                </option>
              ))}
            </select>
            {errors[reason] && (
              <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors[reason]}</p>
            )}
          </div>
        ))}
        <button type="submit" disabled={update.isPending} className={submitButton}>
          {t("ops.settings.saveReturnPostage")}
        </button>
      </form>
    </Section>
  );
}
