import { Link } from "react-router";
import { SquarePlus } from "lucide-react";
import type { Route } from "./+types/down";
import { data } from "react-router";
import { useI18n } from "../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../lib/locale.ts";
import { pageMeta } from "../lib/meta.ts";
import { serverT } from "../lib/api.server.ts";

export const handle = { forcedTheme: "dark" };

export function loader({ params, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang);
  if (!locale) throw data(null, { status: 404 });
  const t = serverT(context, locale);
  return { title: t("pages.down.title"), description: t("pages.down.heading") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, loaderData?.title, loaderData?.description);

/**
 * The notice page the app-download prompt links to (seed: /down). There is no store app, so it says so and
 * shows how to add the shop to the home screen, which opens it like an app.
 */
export default function Down() {
  const { t, locale } = useI18n();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 bg-gray-900 px-8 text-center text-gray-50"
    >
      <span className="grid size-20 place-items-center rounded-3xl bg-primary-600">
        <SquarePlus className="size-10" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">{t("pages.down.heading")}</h1>
      <p className="text-gray-300">{t("pages.down.body")}</p>
      <ol className="grid gap-3 text-start text-gray-100">
        <li>
          <h2 className="font-semibold">{t("pages.down.androidTitle")}</h2>
          <p className="text-gray-300">{t("pages.down.android")}</p>
        </li>
        <li>
          <h2 className="font-semibold">{t("pages.down.iphoneTitle")}</h2>
          <p className="text-gray-300">{t("pages.down.iphone")}</p>
        </li>
      </ol>
      <Link
        to={localizePath(locale, "/h5")}
        className="rounded-full bg-primary-500 px-6 py-3 font-semibold text-gray-950 hover:bg-primary-400"
      >
        {t("pages.down.continue")}
      </Link>
    </main>
  );
}
