import type { Route } from "./+types/dev-outbox";
import { callServerApi, rethrowNotFound, serverT } from "../lib/api.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { localeFromParam } from "../lib/locale.ts";
import { pageMeta } from "../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../lib/time-zone.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const messages = await callServerApi({ request, context }, locale, (api) =>
    api.notifications.outbox().catch(rethrowNotFound),
  );
  return { messages, title: serverT(context, locale)("dev.outbox.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Development only: the codes that would have been emailed or texted (404 in production). */
export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { messages } = loaderData;
  // Indonesian time (WIB unless the reader chose another zone), as every time in the shop; the seconds tell
  // apart codes sent within a minute.
  const zone = useTimeZone();
  return (
    <main id="main" className="mx-auto min-h-dvh max-w-md bg-white p-4 dark:bg-gray-900">
      <h1 className="text-xl font-bold">{t("dev.outbox.title")}</h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t("dev.outbox.note")}</p>
      {messages.length === 0 ? (
        <p className="mt-6">{t("dev.outbox.empty")}</p>
      ) : (
        <ol className="mt-4 grid gap-3">
          {messages.map((m) => (
            <li
              key={m.id}
              className="rounded-lg border border-gray-200 p-3 dark:border-gray-700"
              data-testid="outbox-message"
            >
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {m.channel.toUpperCase()} · {t("dev.outbox.to")}{" "}
                <span data-testid="outbox-recipient">{m.recipient}</span> ·{" "}
                <time dateTime={m.createdAt.toISOString()}>
                  {formatDateTime(m.createdAt, locale, zone, { seconds: true })}
                </time>
              </p>
              <p className="mt-1 font-semibold">{m.subject}</p>
              <p className="mt-1 text-sm" data-testid="outbox-body">
                {m.body}
              </p>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
