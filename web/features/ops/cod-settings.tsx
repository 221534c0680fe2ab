import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { OpsSettingsView } from "#common/contracts/settings.ts";
import { percentToBasisPoints } from "#common/money.ts";
import { Field, type FieldErrors } from "../auth/form.tsx";
import { parseAmount } from "../wallet/wallet-ui.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { issueErrors } from "./ops-ui.tsx";
import { Section, submitButton, useSaved } from "./settings-ui.tsx";

type Cod = OpsSettingsView["cod"];
type CodNumbers = "feeFixed" | "maxAmount" | "minAccountDays" | "maxRefused" | "refusalDays";
type CodValues = Record<CodNumbers, number | null> & {
  enabled: boolean;
  requirePhone: boolean;
  /** The fee's percentage as typed ("2", "1,5"). */
  feePercent: string;
  returnPostage: Cod["returnPostage"];
};

/**
 * Cash on delivery (issue 27): offered or not, its fee and cap, who qualifies (a phone proved by code, the
 * account's age, refused parcels in a window), and who pays a refused parcel's way back.
 */
export function CodForm(props: { cod: Cod }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const saved = useSaved();
  const valuesOf = (c: Cod): CodValues => ({
    ...c,
    feePercent: formatNumber(c.feeBasisPoints / 100, locale),
  });
  const [values, setValues] = useState(() => valuesOf(props.cod));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.ops.settings.updateCod.mutationOptions({
      onSuccess: (s) => {
        setValues(valuesOf(s.cod));
        saved(s, "ops.settings.codSaved");
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  const set = <K extends keyof CodValues>(field: K, value: CodValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field === "feePercent" ? "feeBasisPoints" : field]: undefined }));
  };
  const number = (field: CodNumbers, label: string, rupiah: boolean) => (
    <Field
      label={label}
      error={errors[field]}
      prefix={rupiah ? <span className="font-medium text-gray-700 dark:text-gray-300">Rp</span> : undefined}
      input={{
        name: `cod.${field}`,
        inputMode: "numeric",
        autoComplete: "off",
        value:
          values[field] === null ? "" : rupiah ? formatNumber(values[field], locale) : String(values[field]),
        onChange: (e) => set(field, parseAmount(e.target.value)),
      }}
    />
  );
  const check = (field: "enabled" | "requirePhone", label: string) => (
    <label className="mt-4 flex items-center gap-3">
      <input
        type="checkbox"
        name={`cod.${field}`}
        checked={values[field]}
        onChange={(e) => set(field, e.target.checked)}
        className="size-5 accent-primary-700"
      />
      <span>{label}</span>
    </label>
  );
  return (
    <Section title={t("ops.settings.cod")} note={t("ops.settings.codNote")}>
      <form
        noValidate
        data-testid="cod-form"
        onSubmit={(e) => {
          e.preventDefault();
          const { feePercent, ...rest } = values;
          // Sent as typed; the server's checks (common/contracts/settings.ts) say what is wrong, field by field.
          update.mutate({
            ...(rest as Omit<Cod, "feeBasisPoints">),
            feeBasisPoints: feePercent.trim() === "" ? 0 : (percentToBasisPoints(feePercent) ?? Number.NaN),
          });
        }}
      >
        {check("enabled", t("ops.settings.codEnabled"))}
        {number("feeFixed", t("ops.settings.codFeeFixed"), true)}
        <Field
          label={t("ops.settings.codFeePercent")}
          error={errors.feeBasisPoints}
          action={<span className="text-gray-700 dark:text-gray-300">%</span>}
          input={{
            name: "cod.feePercent",
            inputMode: "decimal",
            autoComplete: "off",
            maxLength: 5,
            value: values.feePercent,
            onChange: (e) => set("feePercent", e.target.value),
          }}
        />
        {number("maxAmount", t("ops.settings.codMaxAmount"), true)}
        {check("requirePhone", t("ops.settings.codRequirePhone"))}
        {number("minAccountDays", t("ops.settings.codMinAccountDays"), false)}
        {number("maxRefused", t("ops.settings.codMaxRefused"), false)}
        {number("refusalDays", t("ops.settings.codRefusalDays"), false)}
        <fieldset className="mt-4">
          <legend className="font-medium">{t("ops.settings.codReturnPostage")}</legend>
          {(["platform", "store"] as const).map((payer) => (
            <label key={payer} className="mt-2 flex items-center gap-3">
              <input
                type="radio"
                name="cod.returnPostage"
                value={payer}
                checked={values.returnPostage === payer}
                onChange={() => set("returnPostage", payer)}
                className="size-5 accent-primary-700"
              />
              <span>{t(`ops.settings.codPayers.${payer}`)}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={update.isPending} className={submitButton}>
          {t("ops.settings.saveCod")}
        </button>
      </form>
    </Section>
  );
}
