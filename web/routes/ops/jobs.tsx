import { HydrationBoundary, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/jobs";
import { jobKindKey } from "#common/job-kinds.ts";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.jobs.dead.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.jobs") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Durable jobs that used up their tries (pg-boss's dead-letter queue), each with "Try again". */
function JobsContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.ops.jobs.dead.queryOptions());
  const retry = useMutation(
    trpc.ops.jobs.retry.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.jobs.retried"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.ops.jobs.pathKey() });
      },
    }),
  );
  const items = list.data?.items ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.jobs")}</h1>
      <p className="px-4 pt-1 text-sm text-gray-600 dark:text-gray-400">{t("ops.jobs.note")}</p>
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="mx-3 mt-3 grid grid-cols-[minmax(0,1fr)] gap-3">
          {items.map((job) => {
            const key = jobKindKey(job.kind);
            return (
              <li
                key={job.id}
                className="rounded-xl bg-white px-4 py-3 dark:bg-gray-900"
                data-testid="dead-job"
              >
                <p className="font-semibold">{key ? t(`ops.jobs.kinds.${key}`) : job.kind}</p>
                <p className="text-sm break-all">
                  {t("ops.jobs.subject")}: <span className="font-mono">{job.subjectId}</span>
                </p>
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {t("ops.jobs.tries", { count: job.tries })} ·{" "}
                  {t("ops.jobs.firstQueued", { at: formatDateTime(job.firstQueuedAt, locale, zone) })} ·{" "}
                  {t("ops.jobs.failedAt", { at: formatDateTime(job.failedAt, locale, zone) })}
                </p>
                <p className="mt-1 text-sm">
                  <span className="font-medium">{t("ops.jobs.lastError")}:</span>{" "}
                  <span className="font-mono break-all text-red-800 dark:text-red-300">{job.error}</span>
                </p>
                <button
                  type="button"
                  className="mt-2 min-h-10 w-full rounded-full bg-primary-700 py-1 leading-tight font-semibold text-white disabled:opacity-60"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ id: job.id })}
                >
                  {t("ops.jobs.retry")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}

export default function OpsJobs({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <JobsContent />
    </HydrationBoundary>
  );
}
