import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/delivery";
import { formatIndonesianNumber } from "#common/account-display.ts";
import type { AddressView, PostcodeView } from "#common/contracts/orders.ts";
import { clearFilledPostcode, fillPostcode, type PostcodeField } from "../../features/addresses/postcode.ts";
import { Field, SubmitButton, type FieldErrors } from "../../features/auth/form.tsx";
import { AreaPicker } from "../../features/addresses/area-picker.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { buttonLink, Card } from "../../ui/card.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient.fetchQuery(trpc.addresses.list.queryOptions()).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("orders.delivery.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const emptyForm = {
  name: "",
  mobile: "",
  provinceCode: "",
  regencyCode: "",
  districtCode: "",
  villageCode: "",
  postcode: "",
  detail: "",
  isDefault: false,
  // Not sent: how the postcode was filled in, and the village whose postcode the data gave (decision 20).
  postcodeFrom: null as PostcodeField["postcodeFrom"],
  postcodeVillage: "",
};
type FormValues = typeof emptyForm;

/** The seed's messages, checked here as the server checks them (common/contracts/orders.ts). */
function check(v: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.name.trim()) errors.name = "errors.address.name";
  const digits = v.mobile.replace(/[\s()-]/g, "");
  if (!digits) errors.mobile = "errors.address.mobile";
  else if (!/^(\+62|62|0)?8\d{7,12}$/.test(digits)) errors.mobile = "errors.address.mobileFormat";
  if (!v.provinceCode) errors.provinceCode = "errors.address.area";
  else if (!v.regencyCode || !v.districtCode || !v.villageCode) errors.area = "errors.address.complete";
  if (!/^\d{5}$/.test(v.postcode.trim())) errors.postcode = "errors.address.postcode";
  if (!v.detail.trim()) errors.detail = "errors.address.detail";
  return errors;
}

function AddressForm(props: { address?: AddressView; onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() =>
    props.address
      ? {
          ...props.address,
          mobile: props.address.mobile.replace(/^\+62/, "0"),
          postcodeFrom: null,
          postcodeVillage: props.address.villageCode,
        }
      : emptyForm,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.addresses.save.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.addresses.list.queryKey() });
        toast.notify(t("orders.delivery.saved"), "success");
        props.onDone();
      },
    }),
  );
  const set = <K extends keyof FormValues>(
    field: K,
    value: FormValues[K],
    reset: Partial<FormValues> = {},
  ) => {
    setValues((v) => ({ ...v, [field]: value, ...reset }));
    setErrors((e) => ({ ...e, [field]: undefined, area: undefined }));
  };
  const message = (key: string | undefined) => (key ? t(key as Parameters<typeof t>[0]) : undefined);
  // The postcode the data gives a village: a suggestion the shopper can change (decision 20).
  const postcodeOf = (villageCode: string): Promise<PostcodeView> =>
    villageCode
      ? queryClient
          .fetchQuery({ ...trpc.addresses.postcode.queryOptions({ villageCode }), staleTime: Infinity })
          .catch(() => null)
      : Promise.resolve(null);
  const pickVillage = (code: string) => {
    const before = values.postcodeVillage;
    set("villageCode", code);
    void Promise.all([postcodeOf(before), postcodeOf(code)]).then(([was, found]) => {
      // Another village may have been chosen meanwhile: its own answer fills the field.
      setValues((v) =>
        v.villageCode === code ? { ...v, ...fillPostcode(v, found, was), postcodeVillage: code } : v,
      );
      if (found) setErrors((e) => ({ ...e, postcode: undefined }));
    });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const { postcodeFrom: _from, postcodeVillage: _village, ...input } = values;
    save.mutate({ ...input, id: props.address?.id });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t("orders.delivery.name")}
        error={message(errors.name)}
        input={{
          name: "name",
          autoComplete: "name",
          value: values.name,
          onChange: (e) => set("name", e.target.value),
        }}
      />
      <Field
        label={t("orders.delivery.mobile")}
        error={message(errors.mobile)}
        prefix={<span className="font-medium text-gray-700 dark:text-gray-300">+62</span>}
        input={{
          name: "mobile",
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel-national",
          value: values.mobile,
          onChange: (e) => set("mobile", e.target.value),
        }}
      />
      <AreaPicker
        level="province"
        parent={undefined}
        label={t("orders.delivery.province")}
        value={values.provinceCode}
        error={message(errors.provinceCode)}
        onChange={(code) =>
          set("provinceCode", code, {
            regencyCode: "",
            districtCode: "",
            villageCode: "",
            ...clearFilledPostcode(values),
          })
        }
      />
      <AreaPicker
        level="regency"
        parent={values.provinceCode || undefined}
        label={t("orders.delivery.regency")}
        value={values.regencyCode}
        onChange={(code) =>
          set("regencyCode", code, { districtCode: "", villageCode: "", ...clearFilledPostcode(values) })
        }
      />
      <AreaPicker
        level="district"
        parent={values.regencyCode || undefined}
        label={t("orders.delivery.district")}
        value={values.districtCode}
        onChange={(code) => set("districtCode", code, { villageCode: "", ...clearFilledPostcode(values) })}
      />
      <AreaPicker
        level="village"
        parent={values.districtCode || undefined}
        label={t("orders.delivery.village")}
        value={values.villageCode}
        error={message(errors.area)}
        onChange={pickVillage}
      />
      <Field
        label={t("orders.delivery.postcode")}
        error={message(errors.postcode)}
        hint={
          values.postcodeFrom === "village"
            ? t("orders.delivery.postcodeFromVillage")
            : values.postcodeFrom === "district"
              ? t("orders.delivery.postcodeFromDistrict")
              : undefined
        }
        input={{
          name: "postcode",
          inputMode: "numeric",
          autoComplete: "postal-code",
          maxLength: 5,
          value: values.postcode,
          onChange: (e) => set("postcode", e.target.value.replace(/\D/g, ""), { postcodeFrom: null }),
        }}
      />
      <Field
        label={t("orders.delivery.detail")}
        hint={t("orders.delivery.detailHint")}
        error={message(errors.detail)}
        input={{
          name: "detail",
          autoComplete: "street-address",
          value: values.detail,
          onChange: (e) => set("detail", e.target.value),
        }}
      />
      <label className="mt-4 flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="size-5 accent-primary-700"
          checked={values.isDefault}
          onChange={(e) => set("isDefault", e.target.checked)}
        />
        {t("orders.delivery.makeDefault")}
      </label>
      <SubmitButton busy={save.isPending}>{t("orders.delivery.save")}</SubmitButton>
      <button
        type="button"
        onClick={props.onDone}
        className="mt-3 h-12 w-full rounded-full border border-gray-300 font-semibold dark:border-gray-600"
      >
        {t("orders.delivery.cancel")}
      </button>
    </form>
  );
}

function DeliveryContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const addresses = useQuery(trpc.addresses.list.queryOptions()).data ?? [];
  const editing = search.get("edit");
  // Sent here from checkout to choose: "Deliver here" goes back with the address chosen.
  const back = search.get("back");
  const backTo = back?.startsWith("/") && !back.startsWith("//") ? back : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.addresses.list.queryKey() });
  const setDefault = useMutation(trpc.addresses.setDefault.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.addresses.remove.mutationOptions({
      onSuccess: () => {
        toast.notify(t("orders.delivery.removed"), "success");
        refresh();
      },
    }),
  );
  const setEditing = (value: string | null) =>
    setSearch(
      (s) => {
        if (value) s.set("edit", value);
        else s.delete("edit");
        return s;
      },
      { preventScrollReset: false },
    );
  const current = editing && editing !== "new" ? addresses.find((a) => a.id === editing) : undefined;
  if (editing) {
    return (
      <>
        <AppHeader back title={t(current ? "orders.delivery.edit" : "orders.delivery.add")} />
        <main id="main" className="pb-8">
          <Card>
            <AddressForm key={editing} address={current} onDone={() => setEditing(null)} />
          </Card>
        </main>
      </>
    );
  }
  return (
    <>
      <AppHeader back title={t("orders.delivery.title")} />
      <main id="main" className="pb-8">
        {addresses.length === 0 && (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <MapPin className="size-10 text-gray-400" aria-hidden="true" />
            <p className="text-gray-700 dark:text-gray-300">{t("orders.delivery.empty")}</p>
          </div>
        )}
        <ul>
          {addresses.map((a) => (
            <li
              key={a.id}
              className="mx-3 mt-3 rounded-xl bg-white p-4 dark:bg-gray-900"
              data-testid="address"
            >
              <p className="font-semibold">
                {a.name}{" "}
                <span className="font-normal text-gray-700 dark:text-gray-300">
                  {formatIndonesianNumber(a.mobile)}
                </span>
                {a.isDefault && (
                  <span className="ms-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-300">
                    {t("orders.delivery.default")}
                  </span>
                )}
              </p>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                {a.detail}, {a.area} {a.postcode}
              </p>
              <div className="mt-3 flex flex-wrap gap-2 text-sm">
                {backTo && (
                  <button
                    type="button"
                    className="rounded-full bg-primary-700 px-3 py-2 font-semibold text-white"
                    onClick={() => {
                      const url = new URL(backTo, "http://x");
                      url.searchParams.set("address", a.id);
                      void navigate(url.pathname + url.search);
                    }}
                  >
                    {t("orders.delivery.use")}
                  </button>
                )}
                {!a.isDefault && (
                  <button
                    type="button"
                    className="rounded-full border border-gray-300 px-3 py-2 dark:border-gray-600"
                    onClick={() => setDefault.mutate({ id: a.id })}
                  >
                    {t("orders.delivery.setDefault")}
                  </button>
                )}
                <button
                  type="button"
                  className="rounded-full border border-gray-300 px-3 py-2 dark:border-gray-600"
                  aria-label={t("orders.delivery.editLabel", { name: a.name })}
                  onClick={() => setEditing(a.id)}
                >
                  {t("orders.delivery.edit")}
                </button>
                <button
                  type="button"
                  className="rounded-full px-3 py-2 text-red-700 dark:text-red-400"
                  onClick={() =>
                    modal.open(ConfirmDialog, {
                      title: t("orders.delivery.removeConfirm"),
                      cancelLabel: t("orders.delivery.cancel"),
                      confirmLabel: t("orders.delivery.remove"),
                      onConfirm: () => remove.mutate({ id: a.id }),
                    })
                  }
                >
                  {t("orders.delivery.remove")}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <div className="mx-3 mt-4 flex">
          <Link
            to={localizePath(
              locale,
              `/h5/delivery?${new URLSearchParams({ ...(back ? { back } : {}), edit: "new" })}`,
            )}
            className={buttonLink("primary")}
          >
            {t("orders.delivery.add")}
          </Link>
        </div>
      </main>
    </>
  );
}

export default function Delivery({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <DeliveryContent />
    </QueryBoundary>
  );
}
