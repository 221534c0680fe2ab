import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/categories";
import { localeNames, locales, localize, type Localized } from "#common/locales.ts";
import { Field } from "../../features/auth/form.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.catalog.categories.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.categories") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

interface CategoryDraft {
  id?: number;
  parentId: number | null;
  sort: number;
  name: Localized;
}

/** A category's names in every language and its place in the tree (top level, or under a top category). */
function CategoryDialog(props: {
  draft: CategoryDraft;
  tops: { id: number; name: string }[];
  onSave: (draft: CategoryDraft) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(props.draft);
  const [error, setError] = useState<string>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (locales.some((l) => !draft.name[l].trim())) return setError(t("errors.supply.name"));
    props.onSave(draft);
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{t(draft.id ? "ops.categories.edit" : "ops.categories.add")}</h2>
      <label htmlFor={`${id}-parent`} className="mt-4 block text-sm font-medium">
        {t("ops.categories.parent")}
      </label>
      <select
        id={`${id}-parent`}
        value={draft.parentId ?? ""}
        onChange={(e) => setDraft({ ...draft, parentId: e.target.value ? Number(e.target.value) : null })}
        className="mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800"
      >
        <option value="">{t("ops.categories.top")}</option>
        {props.tops
          .filter((c) => c.id !== draft.id)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
      </select>
      {locales.map((l) => (
        <Field
          key={l}
          label={`${t("ops.catalog.name")} (${localeNames[l]})`}
          input={{
            name: `name-${l}`,
            lang: l === "ind" ? "id" : l,
            value: draft.name[l],
            maxLength: 40,
            onChange: (e) => {
              setDraft({ ...draft, name: { ...draft.name, [l]: e.target.value } });
              setError(undefined);
            },
          }}
        />
      ))}
      <Field
        label={t("ops.categories.sort")}
        input={{
          name: "sort",
          inputMode: "numeric",
          value: String(draft.sort),
          onChange: (e) =>
            setDraft({ ...draft, sort: Number(e.target.value.replace(/\D/g, "").slice(0, 4) || 0) }),
        }}
      />
      {error && <p className="mt-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={t("ops.catalog.save")} />
    </form>
  );
}

/** The category tree with every language's names (product.md section 7). */
function CategoriesContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const categories = useQuery(trpc.ops.catalog.categories.queryOptions()).data ?? [];
  const done = () => {
    toast.notify(t("ops.categories.saved"), "success");
    void queryClient.invalidateQueries({ queryKey: trpc.ops.catalog.categories.queryKey() });
  };
  const add = useMutation(trpc.ops.catalog.addCategory.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.ops.catalog.updateCategory.mutationOptions({ onSuccess: done }));
  const tops = categories.filter((c) => c.parentId === null);
  const topNames = tops.map((c) => ({ id: c.id, name: localize(c.name, locale) }));
  const open = (draft: CategoryDraft) =>
    modal.open(CategoryDialog, {
      draft,
      tops: topNames,
      onSave: (d: CategoryDraft) =>
        d.id
          ? update.mutate({ ...d, id: d.id })
          : add.mutate({ parentId: d.parentId, sort: d.sort, name: d.name }),
    });
  const row = (c: (typeof categories)[number]) => (
    <div className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-medium">{c.name.ind}</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {c.name.en} · {c.name.zh} · {t("ops.categories.products", { count: c.products })}
        </p>
      </div>
      <button
        type="button"
        onClick={() => open({ id: c.id, parentId: c.parentId, sort: c.sort, name: c.name })}
        aria-label={t("ops.categories.editLabel", { name: localize(c.name, locale) })}
        className="h-10 shrink-0 rounded-full border border-primary-700 px-3 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
      >
        {t("ops.catalog.edit")}
      </button>
    </div>
  );
  return (
    <main id="main" className="pb-8">
      <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-3">
        <h1 className="text-xl font-bold">{t("ops.nav.categories")}</h1>
        <button
          type="button"
          onClick={() => open({ parentId: null, sort: 0, name: { ind: "", en: "", zh: "" } })}
          className="min-h-10 rounded-full bg-primary-700 px-4 py-1 leading-tight text-sm font-semibold text-white"
        >
          {t("ops.categories.add")}
        </button>
      </div>
      <ul className="grid gap-3 px-3">
        {tops.map((top) => (
          <li
            key={top.id}
            className="rounded-xl bg-white px-4 py-2 dark:bg-gray-900"
            data-testid="ops-category"
          >
            {row(top)}
            <ul className="divide-y divide-gray-100 border-s-2 border-gray-200 ps-3 dark:divide-gray-800 dark:border-gray-700">
              {categories
                .filter((c) => c.parentId === top.id)
                .map((c) => (
                  <li key={c.id}>{row(c)}</li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </main>
  );
}

export default function OpsCategories({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <CategoriesContent />
    </QueryBoundary>
  );
}
