import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/category";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { callServerApi, serverT } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { keepDataOnQueryChange } from "../../lib/revalidate.ts";
import { Picture } from "../../ui/picture.tsx";

export const handle = { tabBar: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const tree = await callServerApi({ request, context }, locale, (api) => api.catalog.categories());
  return { tree, title: serverT(context, locale)("catalog.category.title") };
}

/** Choosing a top category changes only the address's `top`: the page already has the whole tree. */
export const shouldRevalidate = keepDataOnQueryChange;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The category tree: top categories as tabs, their subcategories beside them. */
export default function Category({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { tree } = loaderData;
  const [search, setSearch] = useSearchParams();
  const active = tree.find((c) => c.id === Number(search.get("top"))) ?? tree[0];
  const listHref = (id: number) => `${localizePath(locale, "/h5/products/list")}?category=${id}`;
  return (
    <>
      <AppHeader title={t("catalog.category.title")} />
      <main id="main" className="flex min-h-[calc(100dvh-8rem)]">
        <h1 className="sr-only">{t("catalog.category.title")}</h1>
        <nav aria-label={t("catalog.category.title")} className="w-28 shrink-0 bg-gray-100 dark:bg-gray-950">
          <ul>
            {tree.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-current={active?.id === c.id ? "true" : undefined}
                  onClick={() =>
                    setSearch({ top: String(c.id) }, { replace: true, preventScrollReset: true })
                  }
                  className={`w-full px-2 py-4 text-start text-sm ${
                    active?.id === c.id
                      ? "border-s-4 border-primary-700 bg-white font-semibold text-primary-800 dark:bg-gray-900 dark:text-primary-300"
                      : "text-gray-700 dark:text-gray-300"
                  }`}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {active && (
          <section aria-labelledby="sub-title" className="flex-1 bg-white p-3 dark:bg-gray-900">
            <h2 id="sub-title" className="font-semibold">
              {active.name}
            </h2>
            <Link
              to={listHref(active.id)}
              className="mt-2 block rounded-lg bg-primary-50 px-3 py-2 text-sm font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-300"
            >
              {t("catalog.category.all", { name: active.name })}
            </Link>
            <ul className="mt-3 grid grid-cols-3 gap-3">
              {active.children.map((c, i) => (
                <li key={c.id}>
                  <Link to={listHref(c.id)} className="flex flex-col items-center gap-1 text-center text-xs">
                    {c.icon ? (
                      <Picture
                        image={c.icon}
                        alt=""
                        sizes="56px"
                        width={56}
                        height={56}
                        eager={i < 12}
                        className="size-14 rounded-full"
                      />
                    ) : (
                      <span className="size-14 rounded-full bg-gray-100 dark:bg-gray-800" />
                    )}
                    <span className="line-clamp-2">{c.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </>
  );
}
