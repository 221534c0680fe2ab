import { channelNames, paymentChannels, type PaymentChannel } from "#common/payment-channels.ts";
import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import type { Route } from "./+types/settings";
import type { OpsSettingsView } from "#common/contracts/settings.ts";
import { percentToBasisPoints } from "#common/money.ts";
import { provinceZones } from "#common/shipping-zones.ts";
import { AreaFields } from "../../features/addresses/area-picker.tsx";
import { Field, type FieldErrors } from "../../features/auth/form.tsx";
import { TextAreaField } from "../../features/merchant/store-fields.tsx";
import { issueErrors } from "../../features/ops/ops-ui.tsx";
import { parseAmount } from "../../features/wallet/wallet-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Section, submitButton, useSaved } from "../../features/ops/settings-ui.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.ops.settings.get.queryOptions())
      .then(({ warehouse: w }) =>
        // The warehouse's area pickers open on its area: each level's list comes with the page.
        Promise.all(
          (
            [
              ["province", undefined],
              ["regency", w.provinceCode],
              ["district", w.regencyCode],
              ["village", w.districtCode],
            ] as const
          ).map(([level, parent]) =>
            queryClient.prefetchQuery({
              ...trpc.addresses.areas.queryOptions({ level, parent }),
              staleTime: Infinity,
            }),
          ),
        ),
      )
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.settings") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** The logo as the shop shows it, a button to upload another and one to go back to the default. */
function LogoField(props: { site: OpsSettingsView["site"] }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const id = useId();
  const saved = useSaved();
  const upload = useMutation(
    trpc.ops.settings.updateLogo.mutationOptions({ onSuccess: (s) => saved(s, "ops.settings.logoSaved") }),
  );
  const reset = useMutation(
    trpc.ops.settings.resetLogo.mutationOptions({ onSuccess: (s) => saved(s, "ops.settings.logoSaved") }),
  );
  return (
    <div className="mt-4">
      <p className="text-sm font-medium text-gray-800 dark:text-gray-200">{t("ops.settings.logo")}</p>
      <div className="mt-2 flex items-center gap-4">
        <img
          src={props.site.logo}
          alt={t("ops.settings.logoAlt", { title: props.site.title })}
          width={64}
          height={64}
          data-testid="site-logo"
          className="size-16 shrink-0 rounded-xl border border-gray-200 object-contain dark:border-gray-700"
        />
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-primary-700 px-4 font-medium text-primary-800 focus-within:ring-2 focus-within:ring-primary-600 dark:border-primary-400 dark:text-primary-300"
          >
            <ImagePlus className="size-5" aria-hidden="true" />
            {t("ops.settings.changeLogo")}
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (!file) return;
                const form = new FormData();
                form.set("logo", file);
                upload.mutate(form);
              }}
            />
          </label>
          {props.site.customLogo && (
            <button
              type="button"
              disabled={reset.isPending}
              onClick={() => reset.mutate()}
              className="h-11 rounded-full border border-gray-300 px-4 font-medium dark:border-gray-600"
            >
              {t("ops.settings.resetLogo")}
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {t("ops.settings.logoHint")}
      </p>
    </div>
  );
}

/** Title, description, logo and support contacts. */
function SiteForm(props: { site: OpsSettingsView["site"] }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const saved = useSaved();
  const [values, setValues] = useState(() => ({
    title: props.site.title,
    desc: props.site.desc,
    supportWhatsapp: props.site.supportWhatsapp ?? "",
    supportEmail: props.site.supportEmail ?? "",
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.ops.settings.updateSite.mutationOptions({
      onSuccess: (s) => {
        setValues({
          title: s.site.title,
          desc: s.site.desc,
          supportWhatsapp: s.site.supportWhatsapp ?? "",
          supportEmail: s.site.supportEmail ?? "",
        });
        saved(s, "ops.settings.siteSaved");
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <Section title={t("ops.settings.site")}>
      <LogoField site={props.site} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(values);
        }}
      >
        <Field
          label={t("ops.settings.title")}
          hint={t("ops.settings.titleHint")}
          error={errors.title}
          input={{
            name: "title",
            value: values.title,
            maxLength: 60,
            onChange: (e) => set("title")(e.target.value),
          }}
        />
        <TextAreaField
          label={t("ops.settings.desc")}
          name="desc"
          value={values.desc}
          max={200}
          onChange={set("desc")}
          error={errors.desc}
        />
        <h3 className="mt-5 text-sm font-semibold">{t("ops.settings.support")}</h3>
        <Field
          label={t("ops.settings.whatsapp")}
          hint={t("ops.settings.whatsappHint")}
          error={errors.supportWhatsapp}
          input={{
            name: "supportWhatsapp",
            type: "tel",
            inputMode: "tel",
            value: values.supportWhatsapp,
            maxLength: 30,
            onChange: (e) => set("supportWhatsapp")(e.target.value),
          }}
        />
        <Field
          label={t("ops.settings.email")}
          hint={t("ops.settings.emailHint")}
          error={errors.supportEmail}
          input={{
            name: "supportEmail",
            type: "email",
            inputMode: "email",
            autoCapitalize: "none",
            spellCheck: false,
            value: values.supportEmail,
            maxLength: 254,
            onChange: (e) => set("supportEmail")(e.target.value),
          }}
        />
        <button type="submit" disabled={update.isPending} className={submitButton}>
          {t("ops.settings.saveSite")}
        </button>
      </form>
    </Section>
  );
}

type Money = OpsSettingsView["money"];
type Amounts = Omit<Money, "rechargePresets" | "vatBasisPoints" | "channelFees">;
interface MoneyValues extends Record<keyof Amounts, number | null> {
  /** The VAT rate as a percentage, as typed ("11", "4,35"). */
  vatBasisPoints: string;
  rechargePresets: string;
  /** Each channel's fee: a fixed part in rupiah and a percentage as typed. */
  channelFees: Record<PaymentChannel, { fixed: number | null; percent: string }>;
}

/** Fees, time limits, withdrawals and recharges, saved together (they are checked together). */
function MoneyForm(props: { money: Money }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const saved = useSaved();
  const valuesOf = (m: Money): MoneyValues => ({
    ...m,
    vatBasisPoints: formatNumber(m.vatBasisPoints / 100, locale),
    rechargePresets: m.rechargePresets.map((p) => formatNumber(p, locale)).join(" "),
    channelFees: Object.fromEntries(
      paymentChannels.map((c) => {
        const fee = m.channelFees[c];
        return [c, { fixed: fee?.fixed ?? 0, percent: formatNumber((fee?.basisPoints ?? 0) / 100, locale) }];
      }),
    ) as MoneyValues["channelFees"],
  });
  const [values, setValues] = useState(() => valuesOf(props.money));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.ops.settings.updateMoney.mutationOptions({
      onSuccess: (s) => {
        setValues(valuesOf(s.money));
        saved(s, "ops.settings.moneySaved");
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  const set = <K extends keyof MoneyValues>(field: K, value: MoneyValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** A whole number: rupiah grouped as typed, or a count of minutes, hours or days. */
  const number = (field: keyof Amounts, label: string, rupiah: boolean) => (
    <Field
      label={label}
      error={errors[field]}
      prefix={rupiah ? <span className="font-medium text-gray-700 dark:text-gray-300">Rp</span> : undefined}
      input={{
        name: field,
        inputMode: "numeric",
        autoComplete: "off",
        value:
          values[field] === null ? "" : rupiah ? formatNumber(values[field], locale) : String(values[field]),
        onChange: (e) => set(field, parseAmount(e.target.value)),
      }}
    />
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // Sent as typed; the server's checks (common/contracts/settings.ts) say what is wrong, field by field.
    update.mutate({
      ...(values as unknown as Amounts),
      // The percentage read as digits into basis points (never a floating-point multiplication).
      vatBasisPoints: percentToBasisPoints(values.vatBasisPoints) ?? Number.NaN,
      rechargePresets: values.rechargePresets
        .split(/\s+/)
        .filter(Boolean)
        .map((token) => parseAmount(token) ?? Number.NaN),
      // Only the channels that charge something are stored.
      channelFees: Object.fromEntries(
        paymentChannels.flatMap((c) => {
          const fee = values.channelFees[c];
          const basisPoints =
            fee.percent.trim() === "" ? 0 : (percentToBasisPoints(fee.percent) ?? Number.NaN);
          const fixed = fee.fixed ?? 0;
          return fixed === 0 && basisPoints === 0 ? [] : [[c, { fixed, basisPoints }]];
        }),
      ),
    });
  };
  const setFee = (channel: PaymentChannel, part: Partial<MoneyValues["channelFees"][PaymentChannel]>) => {
    setValues((v) => ({
      ...v,
      channelFees: { ...v.channelFees, [channel]: { ...v.channelFees[channel], ...part } },
    }));
    setErrors((e) => ({ ...e, channelFees: undefined }));
  };
  return (
    <form noValidate onSubmit={submit}>
      <Section title={t("ops.settings.fees")} note={t("ops.settings.feesNote")}>
        {number("serviceFee", t("ops.settings.serviceFee"), true)}
        <Field
          label={t("ops.settings.vatPercent")}
          error={errors.vatBasisPoints}
          action={<span className="text-gray-700 dark:text-gray-300">%</span>}
          input={{
            name: "vatBasisPoints",
            inputMode: "decimal",
            autoComplete: "off",
            maxLength: 6,
            value: values.vatBasisPoints,
            onChange: (e) => set("vatBasisPoints", e.target.value),
          }}
        />
      </Section>
      <Section title={t("ops.settings.channelFees")} note={t("ops.settings.channelFeesNote")}>
        {errors.channelFees && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.channelFees}
          </p>
        )}
        {paymentChannels.map((c) => (
          <fieldset
            key={c}
            className="mt-2 grid grid-cols-2 gap-2 border-t border-gray-100 pt-3 dark:border-gray-800"
          >
            <legend className="float-left col-span-2 mb-1 font-semibold">{channelNames[c]}</legend>
            <Field
              label={t("ops.settings.channelFeeFixed")}
              prefix={<span className="font-medium text-gray-700 dark:text-gray-300">Rp</span>}
              input={{
                name: `channelFees.${c}.fixed`,
                inputMode: "numeric",
                autoComplete: "off",
                value:
                  values.channelFees[c].fixed === null
                    ? ""
                    : formatNumber(values.channelFees[c].fixed, locale),
                onChange: (e) => setFee(c, { fixed: parseAmount(e.target.value) }),
              }}
            />
            <Field
              label={t("ops.settings.channelFeePercent")}
              action={<span className="text-gray-700 dark:text-gray-300">%</span>}
              input={{
                name: `channelFees.${c}.percent`,
                inputMode: "decimal",
                autoComplete: "off",
                maxLength: 5,
                value: values.channelFees[c].percent,
                onChange: (e) => setFee(c, { percent: e.target.value }),
              }}
            />
          </fieldset>
        ))}
      </Section>
      <Section title={t("ops.settings.paymentWindows")} note={t("ops.settings.paymentWindowsNote")}>
        {number("qrisWindowMinutes", t("ops.settings.qrisWindowMinutes"), false)}
        {number("ewalletWindowMinutes", t("ops.settings.ewalletWindowMinutes"), false)}
        {number("vaWindowMinutes", t("ops.settings.vaWindowMinutes"), false)}
        {number("retailWindowMinutes", t("ops.settings.retailWindowMinutes"), false)}
      </Section>
      <Section title={t("ops.settings.windows")}>
        {number("goodsPaymentHours", t("ops.settings.goodsPaymentHours"), false)}
        {number("receiptDays", t("ops.settings.receiptDays"), false)}
      </Section>
      <Section title={t("ops.settings.withdrawals")}>
        {number("withdrawMin", t("ops.settings.withdrawMin"), true)}
        {number("withdrawFee", t("ops.settings.withdrawFee"), true)}
        {number("adjustMax", t("ops.settings.adjustMax"), true)}
      </Section>
      <Section title={t("ops.settings.recharges")}>
        {number("rechargeMin", t("ops.settings.rechargeMin"), true)}
        {number("rechargeMax", t("ops.settings.rechargeMax"), true)}
        <Field
          label={t("ops.settings.rechargePresets")}
          hint={t("ops.settings.presetsHint")}
          error={errors.rechargePresets}
          input={{
            name: "rechargePresets",
            inputMode: "numeric",
            autoComplete: "off",
            value: values.rechargePresets,
            onChange: (e) => set("rechargePresets", e.target.value),
          }}
        />
      </Section>
      <div className="mx-3">
        <button type="submit" disabled={update.isPending} className={submitButton}>
          {t("ops.settings.saveMoney")}
        </button>
      </div>
    </form>
  );
}

type Warehouse = OpsSettingsView["warehouse"];
const warehouseValues = (w: Warehouse) => ({
  name: w.name,
  // As Indonesians write a number: 021…, 0812….
  phone: w.phone.replace(/^\+62/, "0"),
  provinceCode: w.provinceCode,
  regencyCode: w.regencyCode,
  districtCode: w.districtCode,
  villageCode: w.villageCode,
  postcode: w.postcode,
  detail: w.detail,
});

/**
 * Where every parcel leaves from (issue 27): its name, phone, area (picked like a delivery address), postcode
 * and street. Its province decides the rate zone couriers quote from.
 */
function WarehouseForm(props: { warehouse: Warehouse }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useSaved();
  const [values, setValues] = useState(() => warehouseValues(props.warehouse));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.ops.settings.updateWarehouse.mutationOptions({
      onSuccess: (s) => {
        setValues(warehouseValues(s.warehouse));
        // The shipping page opens on the warehouse's zone.
        void queryClient.invalidateQueries({ queryKey: trpc.ops.shipping.pathKey() });
        saved(s, "ops.settings.warehouseSaved");
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const zone = provinceZones[values.provinceCode];
  return (
    <Section title={t("ops.settings.warehouse")} note={t("ops.settings.warehouseNote")}>
      <form
        noValidate
        data-testid="warehouse-form"
        onSubmit={(e) => {
          e.preventDefault();
          // Sent as typed; the server's checks (common/contracts/settings.ts) say what is wrong, field by field.
          update.mutate(values);
        }}
      >
        <Field
          label={t("ops.settings.warehouseName")}
          error={errors.name}
          input={{
            name: "warehouseName",
            value: values.name,
            maxLength: 60,
            autoComplete: "organization",
            onChange: (e) => set("name")(e.target.value),
          }}
        />
        <Field
          label={t("ops.settings.warehousePhone")}
          hint={t("ops.settings.warehousePhoneHint")}
          error={errors.phone}
          input={{
            name: "warehousePhone",
            type: "tel",
            inputMode: "tel",
            autoComplete: "tel",
            maxLength: 30,
            value: values.phone,
            onChange: (e) => set("phone")(e.target.value),
          }}
        />
        <AreaFields
          value={values}
          provinceError={errors.provinceCode}
          areaError={errors.regencyCode ?? errors.districtCode ?? errors.villageCode}
          onChange={(codes) => {
            setValues((v) => ({ ...v, ...codes }));
            setErrors((e) => ({
              ...e,
              provinceCode: undefined,
              regencyCode: undefined,
              districtCode: undefined,
              villageCode: undefined,
            }));
          }}
        />
        {zone && (
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" data-testid="warehouse-zone">
            {t("ops.settings.warehouseZone", { zone: t(`ops.shipping.zones.${zone}`) })}
          </p>
        )}
        <Field
          label={t("orders.delivery.postcode")}
          error={errors.postcode}
          input={{
            name: "warehousePostcode",
            inputMode: "numeric",
            autoComplete: "postal-code",
            maxLength: 5,
            value: values.postcode,
            onChange: (e) => set("postcode")(e.target.value.replace(/\D/g, "")),
          }}
        />
        <Field
          label={t("orders.delivery.detail")}
          hint={t("orders.delivery.detailHint")}
          error={errors.detail}
          input={{
            name: "warehouseDetail",
            autoComplete: "street-address",
            maxLength: 200,
            value: values.detail,
            onChange: (e) => set("detail")(e.target.value),
          }}
        />
        <button type="submit" disabled={update.isPending} className={submitButton}>
          {t("ops.settings.saveWarehouse")}
        </button>
      </form>
    </Section>
  );
}

/** The platform's settings (product.md section 7): every change audited, the shop follows on its next page. */
function SettingsContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const settings = useQuery(trpc.ops.settings.get.queryOptions()).data;
  if (!settings) return <main id="main" className="pb-8" />;
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.settings")}</h1>
      <p className="px-4 pt-1 text-sm text-gray-700 dark:text-gray-300">{t("ops.settings.followNote")}</p>
      <SiteForm site={settings.site} />
      <WarehouseForm warehouse={settings.warehouse} />
      <MoneyForm money={settings.money} />
    </main>
  );
}

export default function OpsSettings({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <SettingsContent />
    </QueryBoundary>
  );
}
