import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, CircleCheck, CircleX, Clock, CreditCard } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/withdraw";
import type { WithdrawalView } from "#common/contracts/wallet.ts";
import { SubmitButton } from "../../features/auth/form.tsx";
import { askPin } from "../../features/account/pin-dialog.tsx";
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
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id");
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) => {
    const load: Promise<unknown> = id
      ? queryClient.fetchQuery(trpc.wallet.withdrawal.queryOptions({ id })).catch(rethrowNotFound)
      : Promise.all([
          queryClient.fetchQuery(trpc.wallet.withdrawForm.queryOptions()),
          queryClient.fetchQuery(trpc.wallet.withdrawals.queryOptions({ limit: 5 })),
        ]);
    return load.catch(signInOnUnauthorized(url, locale));
  });
  return { dehydrated, title: serverT(context, locale)("wallet.withdraw.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const statusIcons = { pending: Clock, paid: CircleCheck, rejected: CircleX } as const;
const statusTones: Record<WithdrawalView["status"], string> = {
  pending: "text-amber-800 dark:text-amber-300",
  paid: "text-primary-800 dark:text-primary-300",
  rejected: "text-red-700 dark:text-red-400",
};

function WithdrawForm() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useQuery(trpc.wallet.withdrawForm.queryOptions()).data;
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const intent = useIntentKey();
  const withdraw = useMutation(
    trpc.wallet.withdraw.mutationOptions({
      onSuccess: (withdrawal) => {
        intent.done();
        toast.notify(t("wallet.withdraw.requested"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
        void navigate(localizePath(locale, `/h5/merchant/withdraw?id=${withdrawal.id}`));
      },
    }),
  );
  if (!form) return null;
  if (!form.card) {
    return (
      <Card className="text-center">
        <CreditCard className="mx-auto size-12 text-primary-700 dark:text-primary-400" aria-hidden="true" />
        <p className="mt-3 font-semibold" role="status">
          {t("errors.withdraw.bindBankFirst")}
        </p>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("wallet.withdraw.bindNote")}</p>
        <div className="mt-5 flex">
          <Link
            to={localizePath(locale, "/h5/merchant/bank?next=withdraw")}
            className={buttonLink("primary")}
          >
            {t("wallet.bank.bind")}
          </Link>
        </div>
      </Card>
    );
  }
  const fee = form.fee;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    let problem: string | undefined;
    if (amount === null || amount < form.min) {
      problem = t("errors.withdraw.belowMin", { min: formatRupiah(form.min) });
    } else if (amount > form.balance) problem = t("errors.money.insufficientBalance");
    // Held (issue 43): said here, before any PIN is asked for; the server refuses it all the same.
    else if (form.holdUntil) {
      problem = t("wallet.withdraw.holdUntil", { time: formatDateTime(form.holdUntil, locale, zone) });
    }
    setError(problem);
    if (problem || amount === null) return;
    const request = { amount };
    askPin({
      title: t("wallet.withdraw.pinTitle", { amount: formatRupiah(amount) }),
      confirmLabel: t("wallet.withdraw.submit"),
      onProof: (proof) => withdraw.mutateAsync({ ...request, proof, idempotencyKey: intent.keyFor(request) }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="pb-4">
      <Card>
        <Link
          to={localizePath(locale, "/h5/merchant/bank")}
          className="-m-1 flex items-center gap-3 rounded-lg p-1 hover:bg-gray-50 dark:hover:bg-gray-800"
        >
          <CreditCard className="size-6 text-primary-700 dark:text-primary-400" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block text-sm text-gray-600 dark:text-gray-400">{t("wallet.withdraw.to")}</span>
            <span className="block font-medium" data-testid="withdraw-card">
              {form.card.bankName} {form.card.maskedNumber}
            </span>
            <span className="block text-sm text-gray-700 dark:text-gray-300">{form.card.accountName}</span>
          </span>
          <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
        </Link>
      </Card>
      <Card>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t("wallet.withdraw.available")}{" "}
          <strong className="tabular-nums" data-testid="withdraw-balance">
            {formatRupiah(form.balance)}
          </strong>
        </p>
        <AmountField
          label={t("wallet.withdraw.amount")}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(undefined);
          }}
          hint={t("wallet.withdraw.minimum", { min: formatRupiah(form.min) })}
          error={error}
          action={
            <button
              type="button"
              onClick={() => {
                setAmount(form.balance);
                setError(undefined);
              }}
              className="rounded px-1 text-sm font-semibold whitespace-nowrap text-primary-800 underline dark:text-primary-300"
            >
              {t("wallet.withdraw.all")}
            </button>
          }
        />
        <dl className="mt-4 border-t border-gray-100 pt-2 dark:border-gray-800">
          <SummaryRow label={t("wallet.withdraw.fee")}>{formatRupiah(fee)}</SummaryRow>
          <SummaryRow label={t("wallet.withdraw.receive")} strong>
            <span data-testid="withdraw-receive">
              {formatRupiah(amount !== null && amount > fee ? amount - fee : 0)}
            </span>
          </SummaryRow>
        </dl>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t("wallet.withdraw.reviewNote")}</p>
        {form.holdUntil && (
          <p
            className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            role="status"
            data-testid="withdraw-hold"
          >
            {t("wallet.withdraw.holdUntil", { time: formatDateTime(form.holdUntil, locale, zone) })}
          </p>
        )}
        <SubmitButton busy={withdraw.isPending}>{t("wallet.withdraw.submit")}</SubmitButton>
      </Card>
    </form>
  );
}

function WithdrawalRow(props: { withdrawal: WithdrawalView }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const w = props.withdrawal;
  return (
    <li>
      <Link
        to={localizePath(locale, `/h5/merchant/withdraw?id=${w.id}`)}
        className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-medium tabular-nums">{formatRupiah(w.amount)}</span>
          <span className="block text-sm text-gray-600 dark:text-gray-400">
            {formatDateTime(w.createdAt, locale, zone)}
          </span>
        </span>
        <span className={`text-sm font-medium ${statusTones[w.status]}`}>
          {t(`wallet.withdraw.statuses.${w.status}`)}
        </span>
        <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
      </Link>
    </li>
  );
}

function RecentWithdrawals() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const items = useQuery(trpc.wallet.withdrawals.queryOptions({ limit: 5 })).data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-withdrawals" className="pb-8">
      <h2 id="recent-withdrawals" className="px-4 pt-4 pb-2 font-semibold">
        {t("wallet.withdraw.recent")}
      </h2>
      <ul className="mx-3 divide-y divide-gray-100 overflow-hidden rounded-xl bg-white dark:divide-gray-800 dark:bg-gray-900">
        {items.map((w) => (
          <WithdrawalRow key={w.id} withdrawal={w} />
        ))}
      </ul>
    </section>
  );
}

/** One withdrawal: where it stands, what reaches the bank, and why it was returned if it was. */
function WithdrawalDetail(props: { id: string }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const w = useQuery(trpc.wallet.withdrawal.queryOptions({ id: props.id })).data;
  if (!w) return null;
  const Icon = statusIcons[w.status];
  return (
    <Card className="text-center" labelledBy="withdrawal-status">
      <Icon className={`mx-auto size-14 ${statusTones[w.status]}`} aria-hidden="true" />
      <h2 id="withdrawal-status" className="mt-3 text-xl font-bold">
        {t(`wallet.withdraw.statuses.${w.status}`)}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        {t(`wallet.withdraw.statusNotes.${w.status}`)}
      </p>
      {w.reason && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {t("wallet.withdraw.reason", { reason: w.reason })}
        </p>
      )}
      <dl className="mt-4 text-start">
        <SummaryRow label={t("wallet.withdraw.amount")}>{formatRupiah(w.amount)}</SummaryRow>
        <SummaryRow label={t("wallet.withdraw.fee")}>{formatRupiah(w.fee)}</SummaryRow>
        <SummaryRow label={t("wallet.withdraw.receive")} strong>
          {formatRupiah(w.payout)}
        </SummaryRow>
        <SummaryRow label={t("wallet.withdraw.to")}>
          {w.bankName} {w.maskedNumber}
        </SummaryRow>
        <SummaryRow label={t("wallet.withdraw.requestedAt")}>
          {formatDateTime(w.createdAt, locale, zone)}
        </SummaryRow>
        {w.decidedAt && (
          <SummaryRow label={t("wallet.withdraw.decidedAt")}>
            {formatDateTime(w.decidedAt, locale, zone)}
          </SummaryRow>
        )}
      </dl>
      <div className="mt-5 flex gap-3">
        <Link to={localizePath(locale, "/h5/merchant/fund")} className={buttonLink("primary")}>
          {t("wallet.fund.title")}
        </Link>
        <Link to={localizePath(locale, "/h5/merchant/withdraw")} className={buttonLink("secondary")}>
          {t("wallet.withdraw.title")}
        </Link>
      </div>
    </Card>
  );
}

function WithdrawContent() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const id = search.get("id");
  return (
    <>
      <AppHeader back title={t("wallet.withdraw.title")} />
      <main id="main">
        <h1 className="sr-only">{t("wallet.withdraw.title")}</h1>
        {id ? (
          <WithdrawalDetail id={id} />
        ) : (
          <>
            <WithdrawForm />
            <RecentWithdrawals />
          </>
        )}
      </main>
    </>
  );
}

export default function Withdraw({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <WithdrawContent />
    </QueryBoundary>
  );
}
