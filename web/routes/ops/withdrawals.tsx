import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/withdrawals";
import { withdrawalStates } from "#common/wallet-states.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { buttonRow, rowButton } from "../../ui/card.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;
const tabs = [...withdrawalStates, "all"] as const;
type Tab = (typeof tabs)[number];

const listQuery = (trpc: Trpc, tab: Tab) =>
  trpc.ops.money.withdrawals.infiniteQueryOptions(
    { status: tab === "all" ? undefined : tab, limit: 30 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, tabs)))
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.withdrawals") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function WithdrawalsContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const tab = statusParam(search, tabs);
  const list = useInfiniteQuery(listQuery(trpc, tab));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.money.pathKey() });
  const approve = useMutation(
    trpc.ops.money.approveWithdrawal.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.withdrawals.approved"), "success");
        refresh();
      },
    }),
  );
  const reject = useMutation(
    trpc.ops.money.rejectWithdrawal.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.withdrawals.rejected"), "success");
        refresh();
      },
    }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.withdrawals")}</h1>
      <StatusTabs label={t("ops.filter")} statuses={tabs} names={(s) => t(`ops.withdrawals.tabs.${s}`)} />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid gap-3 px-3">
        {items.map((w) => {
          const payee = `${w.bankName} ${w.accountNumber} (${w.accountName})`;
          return (
            <li key={w.id} className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="ops-withdrawal">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-all">{w.user}</p>
                  <p className="text-sm text-gray-600 dark:text-gray-400">
                    {formatDateTime(w.createdAt, locale, zone)} ·{" "}
                    <span className="font-mono break-all">{w.id}</span>
                  </p>
                </div>
                <p className="text-sm font-medium">{t(`wallet.withdraw.statuses.${w.status}`)}</p>
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-gray-600 dark:text-gray-400">{t("wallet.withdraw.amount")}</dt>
                  <dd className="font-semibold tabular-nums">{formatRupiah(w.amount)}</dd>
                </div>
                <div>
                  <dt className="text-gray-600 dark:text-gray-400">{t("wallet.withdraw.fee")}</dt>
                  <dd className="tabular-nums">{formatRupiah(w.fee)}</dd>
                </div>
                <div>
                  <dt className="text-gray-600 dark:text-gray-400">{t("ops.withdrawals.payout")}</dt>
                  <dd className="font-semibold tabular-nums">{formatRupiah(w.payout)}</dd>
                </div>
              </dl>
              <p className="mt-2 text-sm">
                <span className="text-gray-600 dark:text-gray-400">{t("ops.withdrawals.payee")}: </span>
                <span className="font-medium">{payee}</span>
              </p>
              {w.reason && (
                <p className="mt-1 text-sm">{t("wallet.withdraw.reason", { reason: w.reason })}</p>
              )}
              {w.status === "pending" && (
                <div className={`mt-3 ${buttonRow}`}>
                  <button
                    type="button"
                    onClick={() =>
                      modal.open(DecisionDialog, {
                        title: t("ops.withdrawals.rejectTitle"),
                        body: t("ops.withdrawals.rejectBody", {
                          amount: formatRupiah(w.amount),
                          user: w.user,
                        }),
                        reasonLabel: t("ops.reason"),
                        confirmLabel: t("ops.withdrawals.reject"),
                        danger: true,
                        onConfirm: ({ reason, idempotencyKey }) =>
                          reject.mutate({ id: w.id, reason, idempotencyKey }),
                      })
                    }
                    className={`${rowButton} min-h-10 border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400`}
                  >
                    {t("ops.withdrawals.reject")}
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      modal.open(DecisionDialog, {
                        title: t("ops.withdrawals.approveTitle"),
                        body: t("ops.withdrawals.approveBody", { payout: formatRupiah(w.payout), payee }),
                        confirmLabel: t("ops.withdrawals.approve"),
                        onConfirm: ({ idempotencyKey }) => approve.mutate({ id: w.id, idempotencyKey }),
                      })
                    }
                    className={`${rowButton} min-h-10 bg-primary-700 font-semibold text-white`}
                  >
                    {t("ops.withdrawals.approve")}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsWithdrawals({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <WithdrawalsContent />
    </QueryBoundary>
  );
}
