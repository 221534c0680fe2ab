import { useInfiniteQuery } from "@tanstack/react-query";
import type { Route } from "./+types/audit";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;

const auditQuery = (trpc: Trpc) =>
  trpc.ops.money.audit.infiniteQueryOptions(
    { limit: 50 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchInfiniteQuery(auditQuery(trpc)).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.audit") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A recorded state as short text: `{"status":"paid"}` reads `status: paid`. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

function AuditContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const list = useInfiniteQuery(auditQuery(trpc));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.audit")}</h1>
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="mx-3 mt-3 divide-y divide-gray-100 rounded-xl bg-white text-sm dark:divide-gray-800 dark:bg-gray-900">
          {items.map((entry) => (
            <li key={entry.id} className="px-4 py-3" data-testid="audit-entry">
              <p className="flex justify-between gap-3">
                <span className="font-semibold">{entry.action}</span>
                <span className="text-gray-600 dark:text-gray-400">
                  {formatDateTime(entry.createdAt, locale, zone)}
                </span>
              </p>
              <p className="break-all">
                {t("ops.audit.by", { actor: entry.actor ?? t("ops.audit.nobody") })} ·{" "}
                <span className="font-mono break-all">{entry.subjectId}</span>
              </p>
              <p className="break-all text-gray-700 dark:text-gray-300">
                {describe(entry.before)} → {describe(entry.after)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsAudit({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <AuditContent />
    </QueryBoundary>
  );
}
