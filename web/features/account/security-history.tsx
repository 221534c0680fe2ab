import { useQuery } from "@tanstack/react-query";
import type { SecurityEventView } from "#common/contracts/auth.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

// The account's security history (issue 43): sign-ins from a new device, failed passwords, and every change to what
// guards the money (password, PIN, bank account, freezing), newest first, so a stranger's doing is seen in time.

/** Failed tries and blocks read as warnings. */
const warnings = new Set<SecurityEventView["kind"]>([
  "signinFailed",
  "pinLock",
  "pinDisable",
  "signedOutByOperator",
]);

export function SecurityHistory() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const events = useQuery(trpc.account.securityHistory.queryOptions()).data;
  if (!events) return null;
  return (
    <Card labelledBy="history-title">
      <h2 id="history-title" className="font-semibold">
        {t("account.history.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("account.history.hint")}</p>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("account.history.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-700" data-testid="security-history">
          {events.map((e) => (
            <li key={e.id} className="py-2.5" data-testid="security-event">
              <p className={`font-medium ${warnings.has(e.kind) ? "text-red-800 dark:text-red-300" : ""}`}>
                {t(`account.history.kinds.${e.kind}`)}
                {e.detail && <span className="font-normal"> · {e.detail}</span>}
              </p>
              {(e.device || e.ip) && (
                <p className="text-sm break-words text-gray-700 dark:text-gray-300">
                  {[e.device, e.ip].filter(Boolean).join(" · ")}
                </p>
              )}
              <p className="text-sm text-gray-600 dark:text-gray-400">{formatDateTime(e.at, locale, zone)}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
