import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/faqs";
import type { OpsFaq } from "#common/contracts/support.ts";
import { localeNames, locales, localize, type Localized } from "#common/locales.ts";
import { Field, type FieldErrors } from "../../features/auth/form.tsx";
import { TextAreaField, useFieldMessage } from "../../features/merchant/store-fields.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { issueErrors } from "../../features/ops/ops-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.ops.faqs.list.queryOptions()).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.faqs") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The most characters of a question and an answer (the server's limits, common/contracts/support.ts). */
const questionMax = 200;
const answerMax = 2000;
const empty: Localized = { ind: "", en: "", zh: "" };

/** The same checks as the server's schema, as message keys by field ("question.en"). */
function check(v: { question: Localized; answer: Localized }): FieldErrors {
  const errors: FieldErrors = {};
  for (const l of locales) {
    if (!v.question[l].trim()) errors[`question.${l}`] = "errors.faq.question";
    if (!v.answer[l].trim()) errors[`answer.${l}`] = "errors.faq.answer";
  }
  return errors;
}

/** A question and its answer in every language, each required. */
function FaqForm(props: { faq?: OpsFaq; onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const message = useFieldMessage();
  const [values, setValues] = useState(() => ({
    question: props.faq?.question ?? empty,
    answer: props.faq?.answer ?? empty,
  }));
  // Keys from the page's own check, or messages the server already translated.
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = (field: string) => {
    const value = errors[field];
    return value?.startsWith("errors.") ? message(value) : value;
  };
  const done = (text: string) => (list: OpsFaq[]) => {
    queryClient.setQueryData(trpc.ops.faqs.list.queryKey(), list);
    toast.notify(text, "success");
    props.onDone();
  };
  const onError = (error: unknown) => setErrors(issueErrors(error, 2));
  const create = useMutation(
    trpc.ops.faqs.create.mutationOptions({ onSuccess: done(t("ops.faqs.created")), onError }),
  );
  const update = useMutation(
    trpc.ops.faqs.update.mutationOptions({ onSuccess: done(t("ops.faqs.saved")), onError }),
  );
  const set = (part: "question" | "answer", l: (typeof locales)[number], value: string) => {
    setValues((v) => ({ ...v, [part]: { ...v[part], [l]: value } }));
    setErrors((e) => ({ ...e, [`${part}.${l}`]: undefined }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (props.faq) update.mutate({ id: props.faq.id, ...values });
    else create.mutate(values);
  };
  return (
    <form onSubmit={submit} noValidate className="rounded-xl bg-white p-4 dark:bg-gray-900">
      {locales.map((l) => (
        <fieldset
          key={l}
          className="mt-4 rounded-lg border border-gray-200 p-3 first:mt-0 dark:border-gray-700"
        >
          <legend className="px-1 text-sm font-semibold">{localeNames[l]}</legend>
          <Field
            label={t("ops.faqs.question")}
            error={shown(`question.${l}`)}
            input={{
              name: `question-${l}`,
              lang: l === "ind" ? "id" : l,
              value: values.question[l],
              maxLength: questionMax,
              onChange: (e) => set("question", l, e.target.value),
            }}
          />
          <TextAreaField
            label={t("ops.faqs.answer")}
            name={`answer-${l}`}
            value={values.answer[l]}
            max={answerMax}
            onChange={(v) => set("answer", l, v)}
            error={shown(`answer.${l}`)}
          />
        </fieldset>
      ))}
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={t("ops.catalog.save")}
        disabled={create.isPending || update.isPending}
        onCancel={props.onDone}
      />
    </form>
  );
}

function FaqItem(props: { faq: OpsFaq; first: boolean; last: boolean; onEdit: () => void }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { faq } = props;
  const question = localize(faq.question, locale);
  const changed = (text: string) => (list: OpsFaq[]) => {
    queryClient.setQueryData(trpc.ops.faqs.list.queryKey(), list);
    toast.notify(text, "success");
  };
  const move = useMutation(trpc.ops.faqs.move.mutationOptions({ onSuccess: changed(t("ops.faqs.moved")) }));
  const remove = useMutation(
    trpc.ops.faqs.delete.mutationOptions({ onSuccess: changed(t("ops.faqs.deleted")) }),
  );
  const icon =
    "grid size-10 shrink-0 place-items-center rounded-full border border-gray-300 text-gray-800 disabled:opacity-40 dark:border-gray-600 dark:text-gray-200";
  const button =
    "min-h-10 rounded-full border py-1 leading-tight px-3 text-sm font-semibold border-primary-700 text-primary-800 dark:border-primary-400 dark:text-primary-300";
  return (
    <li className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="ops-faq">
      <p className="font-medium" data-testid="faq-question">
        {question}
      </p>
      <p className="mt-1 line-clamp-3 text-sm text-gray-700 dark:text-gray-300">
        {localize(faq.answer, locale)}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={icon}
          disabled={props.first || move.isPending}
          aria-label={t("ops.faqs.moveUp", { question })}
          onClick={() => move.mutate({ id: faq.id, direction: "up" })}
        >
          <ArrowUp className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={icon}
          disabled={props.last || move.isPending}
          aria-label={t("ops.faqs.moveDown", { question })}
          onClick={() => move.mutate({ id: faq.id, direction: "down" })}
        >
          <ArrowDown className="size-5" aria-hidden="true" />
        </button>
        <span className="flex-1" />
        <button
          type="button"
          className={button}
          aria-label={t("ops.faqs.editLabel", { question })}
          onClick={props.onEdit}
        >
          {t("ops.faqs.edit")}
        </button>
        <button
          type="button"
          className={`${button} border-red-700 text-red-700 dark:border-red-400 dark:text-red-400`}
          aria-label={t("ops.faqs.deleteLabel", { question })}
          onClick={() =>
            modal.open(DecisionDialog, {
              title: t("ops.faqs.deleteTitle"),
              body: t("ops.faqs.deleteBody", { question }),
              confirmLabel: t("ops.faqs.delete"),
              danger: true,
              onConfirm: () => remove.mutate({ id: faq.id }),
            })
          }
        >
          {t("ops.faqs.delete")}
        </button>
      </div>
    </li>
  );
}

/** The shop's FAQs in every language, in the order the FAQ page shows them (product.md section 7). */
function FaqsContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const [search, setSearch] = useSearchParams();
  const faqs = useQuery(trpc.ops.faqs.list.queryOptions()).data ?? [];
  const editing = search.get("edit");
  const setEditing = (value: string | null) =>
    setSearch(
      (s) => {
        if (value) s.set("edit", value);
        else s.delete("edit");
        return s;
      },
      { preventScrollReset: false },
    );
  const edited = faqs.find((f) => f.id === editing);
  if (editing === "new" || edited) {
    const faq = edited;
    return (
      <main id="main" className="px-3 pb-8">
        <h1 className="px-1 pt-4 pb-3 text-xl font-bold">
          {t(faq ? "ops.faqs.editTitle" : "ops.faqs.newTitle")}
        </h1>
        <FaqForm key={editing} faq={faq} onDone={() => setEditing(null)} />
      </main>
    );
  }
  return (
    <main id="main" className="pb-8">
      <div className="flex items-center justify-between gap-3 px-4 pt-4">
        <h1 className="text-xl font-bold">{t("ops.nav.faqs")}</h1>
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="min-h-10 rounded-full bg-primary-700 px-4 py-1 leading-tight text-sm font-semibold text-white"
        >
          {t("ops.faqs.add")}
        </button>
      </div>
      <p className="px-4 pt-1 pb-3 text-sm text-gray-700 dark:text-gray-300">
        {t("ops.faqs.note")}{" "}
        <Link
          to={localizePath(locale, "/h5/question")}
          className="font-semibold text-primary-800 underline dark:text-primary-300"
        >
          {t("ops.faqs.view")}
        </Link>
      </p>
      {faqs.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ol className="grid gap-3 px-3">
        {faqs.map((faq, i) => (
          <FaqItem
            key={faq.id}
            faq={faq}
            first={i === 0}
            last={i === faqs.length - 1}
            onEdit={() => setEditing(faq.id)}
          />
        ))}
      </ol>
    </main>
  );
}

export default function OpsFaqs({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <FaqsContent />
    </QueryBoundary>
  );
}
