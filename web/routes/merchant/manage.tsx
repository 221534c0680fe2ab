import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/manage";
import type { StoreSettingsView } from "#common/contracts/merchants.ts";
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
import { merchantOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.merchants.store.queryOptions()).catch(merchantOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("merchant.manage.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The store's settings as the form edits them (the phone as people write it: 0812…). */
function formOf(store: StoreSettingsView) {
  return {
    storeName: store.name,
    phone: store.phone ? store.phone.replace(/^\+62/, "0") : "",
    intro: store.intro,
    autoPay: store.autoPay,
  };
}

function ManageForm(props: { store: StoreSettingsView }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const message = useFieldMessage();
  const [values, setValues] = useState(() => formOf(props.store));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [logo, setLogo] = useState<File | null>(null);
  const saved = (store: StoreSettingsView) => {
    queryClient.setQueryData(trpc.merchants.store.queryKey(), store);
    void queryClient.invalidateQueries({ queryKey: trpc.merchants.home.queryKey() });
  };
  const update = useMutation(
    trpc.merchants.updateStore.mutationOptions({
      onSuccess: (store) => {
        saved(store);
        toast.notify(t("merchant.manage.saved"), "success");
      },
    }),
  );
  const upload = useMutation(
    trpc.merchants.updateLogo.mutationOptions({
      onSuccess: (store) => {
        saved(store);
        setLogo(null);
        toast.notify(t("merchant.manage.logoSaved"), "success");
      },
      onError: () => setLogo(null),
    }),
  );
  const set = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = checkStoreFields(values, false);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    update.mutate({
      name: values.storeName,
      phone: values.phone,
      intro: values.intro,
      autoPay: values.autoPay,
    });
  };
  return (
    <Card>
      <LogoPicker
        name={props.store.name}
        current={props.store.logo}
        file={logo}
        label={t("merchant.fields.changeLogo")}
        onChange={(file) => {
          setLogo(file);
          const form = new FormData();
          form.set("logo", file);
          upload.mutate(form);
        }}
      />
      <form onSubmit={submit} noValidate>
        <Field
          label={t("merchant.fields.storeName")}
          error={message(errors.storeName)}
          input={{
            name: "storeName",
            value: values.storeName,
            maxLength: storeNameMax,
            onChange: (e) => set("storeName", e.target.value),
          }}
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
        <div className="mt-4 flex items-start justify-between gap-4">
          <div>
            <label htmlFor="auto-pay" className="font-medium">
              {t("merchant.fields.autoPay")}
            </label>
            <p id="auto-pay-hint" className="mt-0.5 text-sm text-gray-700 dark:text-gray-300">
              {t("merchant.fields.autoPayHint")}
            </p>
          </div>
          <input
            id="auto-pay"
            type="checkbox"
            role="switch"
            checked={values.autoPay}
            aria-describedby="auto-pay-hint"
            onChange={(e) => set("autoPay", e.target.checked)}
            className="mt-1 size-6 shrink-0 accent-primary-700"
          />
        </div>
        <button
          type="submit"
          disabled={update.isPending}
          className="mt-6 h-12 w-full rounded-full bg-primary-700 font-semibold text-white disabled:opacity-60"
        >
          {t("merchant.manage.save")}
        </button>
      </form>
    </Card>
  );
}

/** Store management (seed section 1): name, phone, logo, auto-pay and introduction. */
function ManageContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const store = useQuery(trpc.merchants.store.queryOptions());
  return (
    <>
      <AppHeader back title={t("merchant.manage.title")} />
      <main id="main" className="pb-8">
        {store.data && <ManageForm store={store.data} />}
      </main>
    </>
  );
}

export default function Manage({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ManageContent />
    </QueryBoundary>
  );
}
