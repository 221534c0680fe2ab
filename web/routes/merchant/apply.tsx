import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Route } from "./+types/apply";
import { Field, type FieldErrors } from "../../features/auth/form.tsx";
import {
  checkStoreFields,
  LogoPicker,
  storeIntroMax,
  storeNameMax,
  TextAreaField,
  useFieldMessage,
} from "../../features/merchant/store-fields.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.merchants.status.queryOptions()),
      queryClient.fetchQuery(trpc.catalog.categories.queryOptions()),
    ]).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("merchant.apply.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const empty = { storeName: "", phone: "", intro: "", ownerName: "", categoryId: "" };
type Values = typeof empty;

function check(v: Values): FieldErrors {
  const errors = checkStoreFields(v, true);
  const owner = v.ownerName.trim();
  if (owner.length < 2) errors.ownerName = "errors.merchant.ownerName";
  else if (owner.length > 80) errors.ownerName = "errors.merchant.ownerNameLong";
  if (!v.categoryId) errors.categoryId = "errors.merchant.category";
  return errors;
}

/** The merchant application (seed sections 1 and 6): what the store will be, and who runs it. */
function ApplyContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const status = useQuery(trpc.merchants.status.queryOptions());
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const [values, setValues] = useState<Values>(empty);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const message = useFieldMessage();
  const apply = useMutation(
    trpc.merchants.applyForStore.mutationOptions({
      onSuccess: () => {
        toast.notify(t("merchant.apply.submitted"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.merchants.status.queryKey() });
        void navigate(localizePath(locale, "/h5/merchant"));
      },
    }),
  );
  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    if (logo) form.set("logo", logo);
    apply.mutate(form);
  };
  const blocked = status.data?.merchant || status.data?.application?.status === "pending";
  return (
    <>
      <AppHeader back title={t("merchant.apply.title")} />
      <main id="main" className="pb-8">
        {blocked ? (
          <Card>
            <p className="font-medium" data-testid="application-state">
              {status.data?.merchant ? t("errors.merchant.already") : t("merchant.apply.submitted")}
            </p>
          </Card>
        ) : (
          <Card labelledBy="apply-heading">
            <h2 id="apply-heading" className="font-semibold">
              {t("merchant.apply.heading")}
            </h2>
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("merchant.apply.note")}</p>
            <form onSubmit={submit} noValidate>
              <Field
                label={t("merchant.fields.storeName")}
                error={message(errors.storeName)}
                input={{
                  name: "storeName",
                  value: values.storeName,
                  maxLength: storeNameMax,
                  autoComplete: "organization",
                  onChange: (e) => set("storeName", e.target.value),
                }}
              />
              <LogoPicker
                name={values.storeName || "?"}
                current={null}
                file={logo}
                onChange={setLogo}
                label={t("merchant.fields.chooseLogoOptional")}
                optional
              />
              <Field
                label={t("merchant.fields.phone")}
                error={message(errors.phone)}
                input={{
                  name: "phone",
                  type: "tel",
                  inputMode: "tel",
                  autoComplete: "tel",
                  value: values.phone,
                  onChange: (e) => set("phone", e.target.value),
                }}
              />
              <TextAreaField
                label={t("merchant.fields.intro")}
                name="intro"
                value={values.intro}
                max={storeIntroMax}
                onChange={(v) => set("intro", v)}
                error={message(errors.intro)}
              />
              <Field
                label={t("merchant.fields.ownerName")}
                hint={t("merchant.fields.ownerNameHint")}
                error={message(errors.ownerName)}
                input={{
                  name: "ownerName",
                  autoComplete: "name",
                  value: values.ownerName,
                  onChange: (e) => set("ownerName", e.target.value),
                }}
              />
              <div className="mt-4">
                <label
                  htmlFor="apply-category"
                  className="text-sm font-medium text-gray-800 dark:text-gray-200"
                >
                  {t("merchant.fields.category")}
                </label>
                <select
                  id="apply-category"
                  name="categoryId"
                  value={values.categoryId}
                  onChange={(e) => set("categoryId", e.target.value)}
                  aria-invalid={errors.categoryId ? true : undefined}
                  aria-describedby={errors.categoryId ? "apply-category-error" : undefined}
                  className={`mt-1 h-11 w-full rounded-lg border bg-white px-3 text-base dark:bg-gray-800 ${
                    errors.categoryId
                      ? "border-red-600 dark:border-red-400"
                      : "border-gray-300 dark:border-gray-600"
                  }`}
                >
                  <option value="">{t("merchant.fields.choose")}</option>
                  {categories.data?.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {errors.categoryId && (
                  <p id="apply-category-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                    {message(errors.categoryId)}
                  </p>
                )}
              </div>
              <button
                type="submit"
                disabled={apply.isPending}
                className="mt-6 h-12 w-full rounded-full bg-primary-700 font-semibold text-white disabled:opacity-60"
              >
                {t("merchant.apply.submit")}
              </button>
            </form>
          </Card>
        )}
      </main>
    </>
  );
}

export default function Apply({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ApplyContent />
    </QueryBoundary>
  );
}
