import type { Route } from "./+types/faq";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { SupportContacts } from "../../features/support/support-contacts.tsx";
import { callServerApi, serverT } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const faqs = await callServerApi({ request, context }, locale, (api) => api.faq.list());
  return { faqs, title: serverT(context, locale)("support.faq.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Questions and answers from the database, each opening in place (native details/summary). */
export default function Question({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { faqs } = loaderData;
  return (
    <>
      <AppHeader back title={t("support.faq.title")} />
      <main id="main" className="grid gap-2 p-4">
        <h1 className="sr-only">{t("support.faq.title")}</h1>
        {faqs.map((f, i) => (
          <details
            key={f.id}
            open={i === 0}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700"
          >
            <summary className="cursor-pointer font-semibold">{f.question}</summary>
            <p className="mt-2 text-sm leading-6 text-gray-700 dark:text-gray-300">{f.answer}</p>
          </details>
        ))}
        <SupportContacts className="mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 dark:bg-gray-800 dark:ring-gray-700" />
      </main>
    </>
  );
}
