import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/adjust";
import { Field, SubmitButton } from "../../features/auth/form.tsx";
import { useIntentKey } from "../../features/wallet/intent-key.ts";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  // Nothing to show before the form is sent, but only an operator sees the form.
  await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.money.ledger.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { title: serverT(context, locale)("ops.nav.adjust") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A correction of one wallet, credited or debited against the adjustments account, with its reason. */
/** The screen calls the API through TanStack Query (sending codes): it brings its own clients. */
export default function OpsAdjust() {
  return (
    <QueryBoundary>
      <OpsAdjustScreen />
    </QueryBoundary>
  );
}

function OpsAdjustScreen() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ account: "", amount: "", reason: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const intent = useIntentKey();
  const adjust = useMutation(
    trpc.ops.money.adjust.mutationOptions({
      onSuccess: (result) => {
        intent.done();
        toast.notify(t("ops.adjust.done", { balance: formatRupiah(result.balance) }), "success");
        setValues({ account: "", amount: "", reason: "" });
        void queryClient.invalidateQueries({ queryKey: trpc.ops.money.pathKey() });
      },
    }),
  );
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((v) => ({ ...v, [field]: undefined }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const amount = Number(values.amount.replace(/[\s.,]/g, ""));
    const found: typeof errors = {};
    if (!values.account.trim()) found.account = t("ops.adjust.accountRequired");
    if (!Number.isSafeInteger(amount) || amount === 0) found.amount = t("errors.ops.adjustAmount");
    if (!values.reason.trim()) found.reason = t("errors.ops.reasonRequired");
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const request = { account: values.account.trim(), amount, reason: values.reason.trim() };
    adjust.mutate({ ...request, idempotencyKey: intent.keyFor(request) });
  };
  return (
    <main id="main" className="px-4 pb-8">
      <h1 className="pt-4 text-xl font-bold">{t("ops.nav.adjust")}</h1>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("ops.adjust.note")}</p>
      <form onSubmit={submit} noValidate className="mt-2 rounded-xl bg-white p-4 dark:bg-gray-900">
        <Field
          label={t("ops.adjust.account")}
          error={errors.account}
          input={{ name: "account", autoComplete: "off", value: values.account, onChange: set("account") }}
        />
        <Field
          label={t("ops.adjust.amount")}
          hint={t("ops.adjust.amountHint")}
          error={errors.amount}
          input={{ name: "amount", inputMode: "numeric", value: values.amount, onChange: set("amount") }}
        />
        <Field
          label={t("ops.reason")}
          error={errors.reason}
          input={{ name: "reason", maxLength: 300, value: values.reason, onChange: set("reason") }}
        />
        <SubmitButton busy={adjust.isPending}>{t("ops.adjust.submit")}</SubmitButton>
      </form>
    </main>
  );
}
