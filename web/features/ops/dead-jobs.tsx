import type { DeadJobView } from "#common/contracts/ops.ts";
import { jobKindKey } from "#common/job-kinds.ts";
import { useI18n } from "../../lib/i18n.tsx";
import type { TimeZoneName } from "#common/time-zones.ts";
import { formatDateTime } from "../../lib/time-zone.ts";

export type { DeadJobView };

/** Durable jobs that used up their tries, each with "Try again" (the operator's failed-jobs page). */
export function DeadJobs(props: {
  items: readonly DeadJobView[];
  zone: TimeZoneName;
  busy: boolean;
  onRetry: (id: string) => void;
}) {
  const { t, locale } = useI18n();
  const zone = props.zone;
  if (props.items.length === 0) {
    return <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>;
  }
  return (
    <ul className="mx-3 mt-3 grid grid-cols-[minmax(0,1fr)] gap-3">
      {props.items.map((job) => {
        const key = jobKindKey(job.kind);
        return (
          <li key={job.id} className="rounded-xl bg-white px-4 py-3 dark:bg-gray-900" data-testid="dead-job">
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
              <span className="font-mono text-red-800 dark:text-red-300">{job.error}</span>
            </p>
            <button
              type="button"
              className="mt-2 min-h-10 w-full rounded-full bg-primary-700 py-1 leading-tight font-semibold text-white disabled:opacity-60"
              disabled={props.busy}
              onClick={() => props.onRetry(job.id)}
            >
              {t("ops.jobs.retry")}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
