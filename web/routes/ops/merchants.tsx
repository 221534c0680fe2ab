import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/merchants";
import { merchantOpsViews, type MerchantOpsView } from "#common/merchant-states.ts";
import type { MerchantOpsItem } from "#common/contracts/merchants.ts";
import { formatIndonesianNumber } from "#common/account-display.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { buttonRow, rowButton } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const listQuery = (trpc: Trpc, view: MerchantOpsView) =>
  trpc.ops.merchants.list.infiniteQueryOptions(
    { view, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, merchantOpsViews))),
      queryClient.fetchQuery(trpc.catalog.categories.queryOptions()),
    ]).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.merchants") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const outline = `${rowButton} min-h-10 border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400`;
const filled = `${rowButton} min-h-10 bg-primary-700 font-semibold text-white`;

function useDecisions() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const done = (message: string) => () => {
    toast.notify(message, "success");
    void queryClient.invalidateQueries({ queryKey: trpc.ops.merchants.pathKey() });
  };
  return {
    approve: useMutation(
      trpc.ops.merchants.approve.mutationOptions({ onSuccess: done(t("ops.merchants.approved")) }),
    ),
    reject: useMutation(
      trpc.ops.merchants.reject.mutationOptions({ onSuccess: done(t("ops.merchants.rejected")) }),
    ),
    suspend: useMutation(
      trpc.ops.merchants.suspend.mutationOptions({ onSuccess: done(t("ops.merchants.suspended")) }),
    ),
    reinstate: useMutation(
      trpc.ops.merchants.reinstate.mutationOptions({ onSuccess: done(t("ops.merchants.reinstated")) }),
    ),
  };
}

function Item(props: {
  item: MerchantOpsItem;
  category?: string;
  decisions: ReturnType<typeof useDecisions>;
}) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const { item, decisions } = props;
  const name = item.storeName;
  return (
    <li className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="ops-merchant">
      <div className="flex items-start gap-3">
        <Avatar image={item.logo} alt={t("merchant.home.logoAlt", { name })} name={name} size={48} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{name}</p>
          <p className="text-sm break-all text-gray-600 dark:text-gray-400">{item.account}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {formatDateTime(item.createdAt, locale, zone)}
          </p>
        </div>
      </div>
      <dl className="mt-3 grid gap-1 text-sm">
        {item.ownerName && (
          <div className="flex gap-2">
            <dt className="text-gray-600 dark:text-gray-400">{t("merchant.fields.ownerName")}:</dt>
            <dd>{item.ownerName}</dd>
          </div>
        )}
        {props.category && (
          <div className="flex gap-2">
            <dt className="text-gray-600 dark:text-gray-400">{t("merchant.fields.category")}:</dt>
            <dd>{props.category}</dd>
          </div>
        )}
        {item.phone && (
          <div className="flex gap-2">
            <dt className="text-gray-600 dark:text-gray-400">{t("merchant.fields.phone")}:</dt>
            <dd>{formatIndonesianNumber(item.phone)}</dd>
          </div>
        )}
      </dl>
      {item.intro && <p className="mt-2 text-sm whitespace-pre-line">{item.intro}</p>}
      {item.reason && <p className="mt-2 text-sm">{t("ops.merchants.reason", { reason: item.reason })}</p>}
      {item.status === "pending" && (
        <div className={`mt-3 ${buttonRow}`}>
          <button
            type="button"
            className={outline}
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.merchants.rejectTitle"),
                body: t("ops.merchants.rejectBody", { name }),
                reasonLabel: t("ops.reason"),
                confirmLabel: t("ops.merchants.reject"),
                danger: true,
                onConfirm: ({ reason, idempotencyKey }) =>
                  decisions.reject.mutate({ id: item.id, reason, idempotencyKey }),
              })
            }
          >
            {t("ops.merchants.reject")}
          </button>
          <button
            type="button"
            className={filled}
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.merchants.approveTitle"),
                body: t("ops.merchants.approveBody", { name, account: item.account }),
                confirmLabel: t("ops.merchants.approve"),
                onConfirm: ({ idempotencyKey }) => decisions.approve.mutate({ id: item.id, idempotencyKey }),
              })
            }
          >
            {t("ops.merchants.approve")}
          </button>
        </div>
      )}
      {item.status === "approved" && (
        <button
          type="button"
          className={`${outline} mt-3 w-full`}
          onClick={() =>
            modal.open(DecisionDialog, {
              title: t("ops.merchants.suspendTitle"),
              body: t("ops.merchants.suspendBody", { name }),
              reasonLabel: t("ops.reason"),
              confirmLabel: t("ops.merchants.suspend"),
              danger: true,
              onConfirm: ({ reason, idempotencyKey }) =>
                decisions.suspend.mutate({ storeId: item.id, reason, idempotencyKey }),
            })
          }
        >
          {t("ops.merchants.suspend")}
        </button>
      )}
      {item.status === "suspended" && (
        <button
          type="button"
          className={`${filled} mt-3 w-full`}
          onClick={() =>
            modal.open(DecisionDialog, {
              title: t("ops.merchants.reinstateTitle"),
              body: t("ops.merchants.reinstateBody", { name }),
              confirmLabel: t("ops.merchants.reinstate"),
              onConfirm: ({ idempotencyKey }) =>
                decisions.reinstate.mutate({ storeId: item.id, idempotencyKey }),
            })
          }
        >
          {t("ops.merchants.reinstate")}
        </button>
      )}
    </li>
  );
}

/** Merchant applications to decide, and stores to suspend or reinstate (product.md section 7). */
function MerchantsContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [search] = useSearchParams();
  const view = statusParam(search, merchantOpsViews);
  const list = useInfiniteQuery(listQuery(trpc, view));
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const decisions = useDecisions();
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.merchants")}</h1>
      <StatusTabs
        label={t("ops.filter")}
        statuses={merchantOpsViews}
        names={(s) => t(`ops.merchants.tabs.${s}`)}
      />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid gap-3 px-3">
        {items.map((item) => (
          <Item key={item.id} item={item} category={categoryName(item.categoryId)} decisions={decisions} />
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsMerchants({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <MerchantsContent />
    </QueryBoundary>
  );
}
