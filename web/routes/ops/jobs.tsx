import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/jobs";
import { DeadJobs } from "../../features/ops/dead-jobs.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

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
  const { t } = useI18n();
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
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.jobs")}</h1>
      <p className="px-4 pt-1 text-sm text-gray-600 dark:text-gray-400">{t("ops.jobs.note")}</p>
      {list.data && (
        <DeadJobs
          items={list.data.items}
          zone={zone}
          busy={retry.isPending}
          onRetry={(id) => retry.mutate({ id })}
        />
      )}
    </main>
  );
}

export default function OpsJobs({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <JobsContent />
    </QueryBoundary>
  );
}
