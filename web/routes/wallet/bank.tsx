import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Landmark } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/bank";
import { bankByCode, banks } from "#common/banks.ts";
import type { BankCardView } from "#common/contracts/wallet.ts";
import { Field, SubmitButton, type FieldErrors } from "../../features/auth/form.tsx";
import { askPin } from "../../features/account/pin-dialog.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { Card } from "../../ui/card.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.wallet.bankCard.queryOptions()).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("wallet.bank.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The same checks as the server's schema (common/contracts/wallet.ts), without loading zod on this page. */
function check(values: { accountName: string; bankCode: string; accountNumber: string }): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.accountName.trim();
  if (!name) errors.accountName = "errors.bank.accountNameRequired";
  else if (name.length > 80) errors.accountName = "errors.bank.accountNameLong";
  const bank = bankByCode(values.bankCode);
  if (!bank) errors.bankCode = "errors.bank.selectBank";
  const digits = values.accountNumber.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) errors.accountNumber = "errors.bank.accountNumberDigits";
  else if (bank && !bank.lengths.includes(digits.length))
    errors.accountNumber = "errors.bank.accountNumberLength";
  return errors;
}

function BankForm(props: { card: BankCardView | null; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [values, setValues] = useState({
    accountName: props.card?.accountName ?? "",
    bankCode: props.card?.bankCode ?? "",
    accountNumber: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.wallet.saveBankCard.mutationOptions({
      onSuccess: (card) => {
        queryClient.setQueryData(trpc.wallet.bankCard.queryKey(), card);
        void queryClient.invalidateQueries({ queryKey: trpc.wallet.withdrawForm.queryKey() });
        toast.notify(t("wallet.bank.saved"), "success");
        props.onSaved();
      },
    }),
  );
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const bank = bankByCode(values.bankCode);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    askPin({
      title: t("wallet.bank.pinTitle"),
      confirmLabel: t("wallet.bank.save"),
      onProof: (proof) => save.mutateAsync({ ...values, proof }),
    });
  };
  const message = (key: string | undefined) => (key ? t(key as Parameters<typeof t>[0]) : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t("wallet.bank.accountName")}
        hint={t("wallet.bank.accountNameHint")}
        error={message(errors.accountName)}
        input={{
          name: "accountName",
          autoComplete: "name",
          value: values.accountName,
          onChange: (e) => set("accountName")(e.target.value),
        }}
      />
      <div className="mt-4">
        <label htmlFor={selectId} className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("wallet.bank.bankName")}
        </label>
        <select
          id={selectId}
          name="bankCode"
          value={values.bankCode}
          onChange={(e) => set("bankCode")(e.target.value)}
          aria-invalid={errors.bankCode ? true : undefined}
          aria-describedby={errors.bankCode ? `${selectId}-error` : undefined}
          className={`mt-1 h-12 w-full rounded-lg border bg-white px-3 text-base dark:bg-gray-800 ${
            errors.bankCode ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-600"
          }`}
        >
          <option value="">{t("errors.bank.selectBank")}</option>
          {banks.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
        {errors.bankCode && (
          <p id={`${selectId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {message(errors.bankCode)}
          </p>
        )}
      </div>
      <Field
        label={t("wallet.bank.accountNumber")}
        hint={
          bank
            ? t("wallet.bank.digits", {
                bank: bank.name,
                digits: bank.lengths.join(" / "),
                count: Math.max(...bank.lengths),
              })
            : props.card
              ? t("wallet.bank.numberAgain")
              : undefined
        }
        error={message(errors.accountNumber)}
        input={{
          name: "accountNumber",
          inputMode: "numeric",
          autoComplete: "off",
          value: values.accountNumber,
          onChange: (e) => set("accountNumber")(e.target.value),
        }}
      />
      <SubmitButton busy={save.isPending}>{t("wallet.bank.save")}</SubmitButton>
      {props.onCancel && (
        <button
          type="button"
          onClick={props.onCancel}
          className="mt-3 h-12 w-full rounded-full border border-gray-300 font-semibold dark:border-gray-600"
        >
          {t("catalog.search.cancel")}
        </button>
      )}
    </form>
  );
}

function BoundCard(props: { card: BankCardView; onChange: () => void }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [full, setFull] = useState<string | null>(null);
  const reveal = useMutation(trpc.wallet.revealBankCard.mutationOptions());
  const remove = useMutation(
    trpc.wallet.removeBankCard.mutationOptions({
      onSuccess: () => {
        queryClient.setQueryData(trpc.wallet.bankCard.queryKey(), null);
        void queryClient.invalidateQueries({ queryKey: trpc.wallet.withdrawForm.queryKey() });
        toast.notify(t("wallet.bank.removed"), "success");
      },
    }),
  );
  return (
    <>
      <div className="rounded-xl bg-gradient-to-br from-primary-700 to-primary-900 p-5 text-white">
        <Landmark className="size-7" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold" data-testid="bank-card-bank">
          {props.card.bankName}
        </p>
        <p className="mt-1 font-mono text-xl tracking-widest break-all" data-testid="bank-card-number">
          {full ?? props.card.maskedNumber}
        </p>
        <p className="mt-2 text-sm opacity-90">{props.card.accountName}</p>
      </div>
      <button
        type="button"
        aria-pressed={full !== null}
        onClick={() =>
          full !== null
            ? setFull(null)
            : askPin({
                title: t("wallet.bank.reveal"),
                confirmLabel: t("wallet.bank.reveal"),
                onProof: (proof) => reveal.mutateAsync({ proof }).then((r) => setFull(r.accountNumber)),
              })
        }
        className="mt-2 min-h-11 py-2 text-sm font-medium text-primary-800 dark:text-primary-300"
      >
        {t("wallet.bank.reveal")}
      </button>
      {props.card.holdUntil && (
        <p
          className="mt-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="bank-hold"
        >
          {t("wallet.bank.holdUntil", { time: formatDateTime(props.card.holdUntil, locale, zone) })}
        </p>
      )}
      <div className="mt-4 flex gap-3">
        <button
          type="button"
          onClick={props.onChange}
          className="h-11 flex-1 rounded-full border border-primary-700 font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
        >
          {t("wallet.bank.changeShort")}
        </button>
        <button
          type="button"
          onClick={() =>
            askPin({
              title: t("wallet.bank.confirmRemove"),
              confirmLabel: t("wallet.bank.remove"),
              onProof: (proof) => remove.mutateAsync({ proof }),
            })
          }
          className="h-11 flex-1 rounded-full border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400"
        >
          {t("wallet.bank.remove")}
        </button>
      </div>
    </>
  );
}

function BankContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const card = useQuery(trpc.wallet.bankCard.queryOptions()).data ?? null;
  const [editing, setEditing] = useState(false);
  const afterSave = () => {
    setEditing(false);
    if (search.get("next") === "withdraw") void navigate(localizePath(locale, "/h5/merchant/withdraw"));
  };
  return (
    <>
      <AppHeader back title={t("wallet.bank.title")} />
      <main id="main">
        <h1 className="sr-only">{t("wallet.bank.title")}</h1>
        <Card>
          {card && !editing ? (
            <BoundCard card={card} onChange={() => setEditing(true)} />
          ) : (
            <>
              <h2 className="font-semibold">{card ? t("wallet.bank.change") : t("wallet.bank.bind")}</h2>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("wallet.bank.note")}</p>
              <BankForm
                card={card}
                onSaved={afterSave}
                onCancel={card ? () => setEditing(false) : undefined}
              />
            </>
          )}
        </Card>
      </main>
    </>
  );
}

export default function Bank({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <BankContent />
    </QueryBoundary>
  );
}
