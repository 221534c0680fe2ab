import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clock } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/recharge";
import type { RechargeView } from "#common/contracts/wallet.ts";
import { channelNames, isPaymentChannel, type PaymentChannel } from "#common/payment-channels.ts";
import { SubmitButton } from "../../features/auth/form.tsx";
import { ChannelPicker } from "../../features/payments/channel-picker.tsx";
import { attemptPath, formatWindow, walletPhoneProblem } from "../../features/payments/channels.ts";
import { useSuggestPhone } from "../../features/payments/suggest-phone.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { useIntentKey } from "../../features/wallet/intent-key.ts";
import { AmountField } from "../../features/wallet/wallet-ui.tsx";
import { buttonLink, Card, SummaryRow } from "../../ui/card.tsx";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const result = url.searchParams.get("result");
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) => {
    const load: Promise<unknown> = result
      ? queryClient.fetchQuery(trpc.wallet.rechargeStatus.queryOptions({ id: result })).catch(rethrowNotFound)
      : queryClient.fetchQuery(trpc.wallet.rechargeForm.queryOptions());
    return load.catch(signInOnUnauthorized(url, locale));
  });
  return { dehydrated, title: serverT(context, locale)("wallet.recharge.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function RechargeForm() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useQuery(trpc.wallet.rechargeForm.queryOptions()).data;
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentChannel | null>(null);
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; method?: string; phone?: string }>({});
  const intent = useIntentKey();
  const suggestPhone = useSuggestPhone();
  const start = useMutation(
    trpc.wallet.recharge.mutationOptions({
      // How to pay it by the channel chosen; the result lands on this page's `?result=`.
      onSuccess: (started) =>
        void navigate(localizePath(locale, attemptPath(started.attemptId, { open: true }))),
    }),
  );
  if (!form) return null;
  const chosen = form.channels.find((c) => c.channel === method);
  const fee = chosen?.fee ?? 0;
  const range = { min: formatRupiah(form.min), max: formatRupiah(form.max) };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (amount === null || amount < form.min || amount > form.max) {
      next.amount = t("errors.recharge.outOfRange", range);
    }
    if (!method) next.method = t("errors.recharge.selectMethod");
    const phoneProblem = method === "ovo" ? walletPhoneProblem(phone) : undefined;
    if (phoneProblem) next.phone = t(phoneProblem);
    setErrors(next);
    if (amount === null || !method || next.amount || next.phone) return;
    const request = { amount, method, ...(method === "ovo" ? { phone: phone.trim() } : {}) };
    start.mutate({ ...request, idempotencyKey: intent.keyFor(request) });
  };
  return (
    <form onSubmit={submit} noValidate className="px-4 pt-4 pb-8">
      <fieldset>
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("wallet.recharge.amount")}
        </legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {form.presets.map((preset) => (
            <label
              key={preset}
              className="flex h-12 cursor-pointer items-center justify-center rounded-lg border border-gray-300 bg-white text-sm font-semibold tabular-nums has-checked:border-primary-700 has-checked:bg-primary-50 has-checked:text-primary-900 has-focus-visible:ring-2 has-focus-visible:ring-primary-600 dark:border-gray-600 dark:bg-gray-900 dark:has-checked:bg-primary-950 dark:has-checked:text-primary-100"
            >
              <input
                type="radio"
                name="preset"
                value={preset}
                checked={amount === preset}
                onChange={() => {
                  setAmount(preset);
                  setErrors((v) => ({ ...v, amount: undefined }));
                }}
                className="sr-only"
              />
              {formatRupiah(preset)}
            </label>
          ))}
        </div>
      </fieldset>
      <AmountField
        label={t("wallet.recharge.otherAmount")}
        value={amount}
        onChange={setAmount}
        hint={t("wallet.recharge.range", range)}
        error={errors.amount}
      />
      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("wallet.recharge.method")}
        </legend>
        <ChannelPicker
          name="method"
          offers={form.channels}
          value={method}
          onChange={(next) => {
            setMethod(next);
            setErrors((v) => ({ ...v, method: undefined, phone: undefined }));
          }}
          phone={phone}
          onPhoneChange={(next) => {
            setPhone(next);
            setErrors((v) => ({ ...v, phone: undefined }));
          }}
          phoneError={errors.phone}
          suggestPhone={suggestPhone}
          errorId={errors.method ? "method-error" : undefined}
        />
        {errors.method && (
          <p id="method-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.method}
          </p>
        )}
      </fieldset>
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
        {fee > 0 && `${t("payments.screen.fee")} ${formatRupiah(fee)}. `}
        {chosen && t("wallet.recharge.window", { time: formatWindow(t, chosen.windowMinutes) })}
      </p>
      <SubmitButton busy={start.isPending || start.isSuccess}>
        {amount !== null
          ? t("wallet.recharge.payAmount", { amount: formatRupiah(amount + fee) })
          : t("wallet.recharge.toPayment")}
      </SubmitButton>
    </form>
  );
}

const resultIcons = {
  pending: Clock,
  completed: CircleCheck,
  cancelled: CircleX,
  expired: CircleX,
} as const;

/** Where a recharge's payment lands: its state, watched until the provider has told us. */
function RechargeResult(props: { id: string }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const recharge = useQuery({
    ...trpc.wallet.rechargeStatus.queryOptions({ id: props.id }),
    // The notification may arrive a moment after the shopper does.
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 2000 : false),
  }).data;
  if (!recharge) return null;
  const Icon = resultIcons[recharge.status];
  // While it waits, the way back to its method screen.
  const waiting = recharge.status === "pending" ? recharge.attemptId : null;
  const tone: Record<RechargeView["status"], string> = {
    pending: "text-amber-700 dark:text-amber-300",
    completed: "text-primary-700 dark:text-primary-400",
    cancelled: "text-red-700 dark:text-red-400",
    expired: "text-gray-600 dark:text-gray-400",
  };
  return (
    <Card className="text-center" labelledBy="recharge-result">
      <Icon className={`mx-auto size-14 ${tone[recharge.status]}`} aria-hidden="true" />
      <div role="status">
        <h2 id="recharge-result" className="mt-3 text-xl font-bold">
          {t(`wallet.recharge.results.${recharge.status}`)}
        </h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {t(`wallet.recharge.resultNotes.${recharge.status}`)}
        </p>
      </div>
      <dl className="mt-4 text-start">
        <SummaryRow label={t("wallet.recharge.amount")} strong>
          {formatRupiah(recharge.amount)}
        </SummaryRow>
        <SummaryRow label={t("wallet.recharge.method")}>
          {isPaymentChannel(recharge.method)
            ? channelNames[recharge.method]
            : t(`wallet.recharge.methods.${recharge.method}`)}
        </SummaryRow>
        <SummaryRow label={t("wallet.recharge.created")}>
          {formatDateTime(recharge.createdAt, locale, zone)}
        </SummaryRow>
        {recharge.completedAt && (
          <SummaryRow label={t("wallet.recharge.completed")}>
            {formatDateTime(recharge.completedAt, locale, zone)}
          </SummaryRow>
        )}
        <SummaryRow label={t("wallet.recharge.reference")}>
          <span className="font-mono text-xs">{recharge.id}</span>
        </SummaryRow>
      </dl>
      {waiting && (
        <div className="mt-5 flex">
          <Link to={localizePath(locale, attemptPath(waiting))} className={buttonLink("primary")}>
            {t("wallet.recharge.continue")}
          </Link>
        </div>
      )}
      <div className="mt-3 flex gap-3">
        <Link
          to={localizePath(locale, "/h5/merchant/fund")}
          className={buttonLink(waiting ? "secondary" : "primary")}
        >
          {t("wallet.fund.title")}
        </Link>
        <Link to={localizePath(locale, "/h5/merchant/recharge")} className={buttonLink("secondary")}>
          {t("wallet.recharge.again")}
        </Link>
      </div>
    </Card>
  );
}

function RechargeContent() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const result = search.get("result");
  return (
    <>
      <AppHeader back title={t("wallet.recharge.title")} />
      <main id="main">
        <h1 className="sr-only">{t("wallet.recharge.title")}</h1>
        {result ? <RechargeResult id={result} /> : <RechargeForm />}
      </main>
    </>
  );
}

export default function Recharge({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <RechargeContent />
    </QueryBoundary>
  );
}
