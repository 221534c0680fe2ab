import { HydrationBoundary, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { Route } from "./+types/ledger";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { useFundTypeLabel } from "../../features/wallet/wallet-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";

type Trpc = ReturnType<typeof useTRPC>;

const transfersQuery = (trpc: Trpc) =>
  trpc.ops.money.transfers.infiniteQueryOptions(
    { limit: 50 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.ops.money.ledger.queryOptions()),
      queryClient.fetchInfiniteQuery(transfersQuery(trpc)),
    ]).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.ledger") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** "platform:escrow" reads "Escrow"; a wallet is named by its user's account where the server knows it. */
function useAccountName() {
  const { t } = useI18n();
  return (id: string) => {
    const [kind, rest] = id.split(":") as [string, string];
    return kind === "platform" ? t(`ops.ledger.accounts.${rest as "escrow"}`) : rest;
  };
}

function LedgerContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const accountName = useAccountName();
  const typeLabel = useFundTypeLabel();
  // The check runs again every 15 s while the page is open.
  const ledger = useQuery({ ...trpc.ops.money.ledger.queryOptions(), refetchInterval: 15_000 }).data;
  const transfers = useInfiniteQuery(transfersQuery(trpc));
  const items = transfers.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.ledger")}</h1>
      {ledger && (
        <>
          <section
            aria-labelledby="ledger-check"
            className={`mx-3 mt-3 rounded-xl p-4 ${
              ledger.ok
                ? "bg-primary-50 text-primary-950 dark:bg-primary-950 dark:text-primary-50"
                : "bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50"
            }`}
          >
            <div className="flex items-center gap-2">
              {ledger.ok ? (
                <CircleCheck className="size-6" aria-hidden="true" />
              ) : (
                <CircleAlert className="size-6" aria-hidden="true" />
              )}
              <h2 id="ledger-check" className="font-semibold" data-testid="ledger-check">
                {ledger.ok ? t("ops.ledger.balanced") : t("ops.ledger.unbalanced")}
              </h2>
            </div>
            <p className="mt-1 text-sm">
              {t("ops.ledger.summary", { transfers: ledger.transfers, total: formatRupiah(ledger.total) })}
            </p>
            {ledger.mismatches.map((m) => (
              <p key={m.id} className="mt-1 text-sm">
                {t("ops.ledger.mismatch", {
                  account: m.id,
                  balance: formatRupiah(m.balance),
                  computed: formatRupiah(m.computed),
                })}
              </p>
            ))}
            {ledger.negativeWallets.map((id) => (
              <p key={id} className="mt-1 text-sm">
                {t("ops.ledger.negative", { account: id })}
              </p>
            ))}
          </section>
          <section
            aria-labelledby="ledger-accounts"
            className="mx-3 mt-3 rounded-xl bg-white p-4 dark:bg-gray-900"
          >
            <h2 id="ledger-accounts" className="font-semibold">
              {t("ops.ledger.balances")}
            </h2>
            <dl className="mt-2 divide-y divide-gray-100 text-sm dark:divide-gray-800">
              {ledger.platform.map((a) => (
                <div key={a.id} className="flex justify-between gap-3 py-2">
                  <dt>{accountName(a.id)}</dt>
                  <dd className="tabular-nums">{formatRupiah(a.balance)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 py-2 font-semibold">
                <dt>{t("ops.ledger.wallets", { count: ledger.wallets.count })}</dt>
                <dd className="tabular-nums" data-testid="ledger-wallets">
                  {formatRupiah(ledger.wallets.total)}
                </dd>
              </div>
            </dl>
          </section>
        </>
      )}
      <h2 className="px-4 pt-5 pb-2 font-semibold">{t("ops.ledger.transfers")}</h2>
      {transfers.data && items.length === 0 && (
        <p className="px-4 py-6 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="mx-3 divide-y divide-gray-100 rounded-xl bg-white text-sm dark:divide-gray-800 dark:bg-gray-900">
          {items.map((x) => (
            <li key={x.id} className="px-4 py-3">
              <div className="flex justify-between gap-3">
                <span className="font-medium">
                  {typeLabel(x.kind)} · {x.step}
                </span>
                <span className="font-semibold tabular-nums">{formatRupiah(x.amount)}</span>
              </div>
              <p className="break-words text-gray-700 dark:text-gray-300">
                {x.debitUser ?? accountName(x.debitAccountId)} →{" "}
                {x.creditUser ?? accountName(x.creditAccountId)}
              </p>
              <p className="text-gray-600 dark:text-gray-400">
                {formatDateTime(x.createdAt, locale, zone)} · <span className="font-mono">{x.subjectId}</span>
                {x.memo ? ` · ${x.memo}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={transfers} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsLedger({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <LedgerContent />
    </HydrationBoundary>
  );
}
