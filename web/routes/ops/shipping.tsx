import { useId, useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/shipping";
import type {
  ShippingRateView,
  ShippingServicesView,
  ShippingServiceView,
} from "#common/contracts/shipping-ops.ts";
import { serviceKey, shippingCourierNames } from "#common/shipping-names.ts";
import { shippingZones, type ShippingZone } from "#common/shipping.ts";
import { Field, type FieldErrors } from "../../features/auth/form.tsx";
import { CourierProblems } from "../../features/ops/courier-problems.tsx";
import { issueErrors } from "../../features/ops/ops-ui.tsx";
import { parseAmount } from "../../features/wallet/wallet-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

type Service = ShippingServiceView;

/**
 * The service and origin zone the rate table shows: the address's `?service=jne:REG&origin=papua` when they name
 * a service and a zone, else the first service from the warehouse's zone.
 */
function selection(search: URLSearchParams, view: ShippingServicesView | undefined) {
  const services = view?.services ?? [];
  const service =
    services.find((s) => serviceKey(s.courier, s.service) === search.get("service")) ?? services[0];
  const origin: ShippingZone =
    shippingZones.find((z) => z === search.get("origin")) ?? view?.originZone ?? "jakarta";
  return { service, origin };
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.ops.shipping.problems.queryOptions()),
      queryClient.fetchQuery(trpc.ops.shipping.services.queryOptions()).then((view) => {
        const { service, origin } = selection(url.searchParams, view);
        if (!service) return;
        return queryClient.fetchQuery(
          trpc.ops.shipping.rates.queryOptions({
            courier: service.courier,
            service: service.service,
            originZone: origin,
          }),
        );
      }),
    ]).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.shipping") };
}

/**
 * Choosing another service or origin changes only the address's query: the page fetches that rate table by
 * itself, so the loader is not run again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const smallButton =
  "min-h-10 rounded-full border border-primary-700 px-3 py-1 text-sm leading-tight font-semibold text-primary-800 disabled:opacity-60 dark:border-primary-400 dark:text-primary-300";
const saveButton =
  "min-h-10 rounded-full bg-primary-700 px-4 py-1 text-sm leading-tight font-semibold text-white disabled:opacity-60";

function Section(props: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card labelledBy={id}>
      <h2 id={id} className="font-semibold">
        {props.title}
      </h2>
      {props.note && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{props.note}</p>}
      {props.children}
    </Card>
  );
}

/** Puts a changed service into the page's list (the switch, the edit form). */
function useServiceSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (saved: Service) =>
    queryClient.setQueryData(trpc.ops.shipping.services.queryKey(), (view) =>
      view
        ? {
            ...view,
            services: view.services.map((s) =>
              s.courier === saved.courier && s.service === saved.service ? saved : s,
            ),
          }
        : view,
    );
}

/** A service's name, cash on delivery and least weight charged, edited in place. */
function ServiceForm(props: { service: Service; onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const saved = useServiceSaved();
  const [values, setValues] = useState({
    name: props.service.name,
    cod: props.service.cod,
    minKg: String(props.service.minKg) as string,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.ops.shipping.updateService.mutationOptions({
      onSuccess: (service) => {
        saved(service);
        toast.notify(t("ops.shipping.serviceSaved"), "success");
        props.onDone();
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  return (
    <form
      noValidate
      className="mt-2 border-t border-gray-100 pt-1 dark:border-gray-800"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({
          courier: props.service.courier,
          service: props.service.service,
          name: values.name,
          cod: values.cod,
          minKg: values.minKg === "" ? Number.NaN : Number(values.minKg),
        });
      }}
    >
      <Field
        label={t("ops.shipping.name")}
        error={errors.name}
        input={{
          name: "serviceName",
          maxLength: 40,
          autoComplete: "off",
          value: values.name,
          onChange: (e) => {
            setValues((v) => ({ ...v, name: e.target.value }));
            setErrors((er) => ({ ...er, name: undefined }));
          },
        }}
      />
      <Field
        label={t("ops.shipping.minKg")}
        error={errors.minKg}
        input={{
          name: "minKg",
          inputMode: "numeric",
          autoComplete: "off",
          maxLength: 3,
          value: values.minKg,
          onChange: (e) => {
            setValues((v) => ({ ...v, minKg: e.target.value.replace(/\D/g, "") }));
            setErrors((er) => ({ ...er, minKg: undefined }));
          },
        }}
      />
      <label className="mt-4 flex items-center gap-3">
        <input
          type="checkbox"
          checked={values.cod}
          onChange={(e) => setValues((v) => ({ ...v, cod: e.target.checked }))}
          className="size-5 accent-primary-700"
        />
        <span>{t("ops.shipping.cod")}</span>
      </label>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className={smallButton} onClick={props.onDone}>
          {t("ops.shipping.cancel")}
        </button>
        <button type="submit" disabled={update.isPending} className={saveButton}>
          {t("ops.shipping.saveService")}
        </button>
      </div>
    </form>
  );
}

/** One courier service: what it is, the switch that offers it at checkout, and its edit form. */
function ServiceRow(props: { service: Service }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const saved = useServiceSaved();
  const [editing, setEditing] = useState(false);
  const { service } = props;
  const toggle = useMutation(
    trpc.ops.shipping.updateService.mutationOptions({
      onSuccess: (s) => {
        saved(s);
        toast.notify(
          t(s.active ? "ops.shipping.activated" : "ops.shipping.deactivated", { name: s.name }),
          "success",
        );
      },
    }),
  );
  return (
    <li
      className="border-t border-gray-100 py-3 first:border-t-0 dark:border-gray-800"
      data-testid="courier-service"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{service.name}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {shippingCourierNames[service.courier]} · {service.service} ·{" "}
            {t(`orders.shipping.kinds.${service.kind}`)}
          </p>
          <dl className="flex flex-wrap gap-x-3 text-sm">
            <div className="flex gap-1">
              <dt className="text-gray-600 dark:text-gray-400">{t("ops.shipping.codShort")}</dt>
              <dd>{t(service.cod ? "ops.shipping.yes" : "ops.shipping.no")}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-gray-600 dark:text-gray-400">{t("ops.shipping.minKgShort")}</dt>
              <dd className="tabular-nums">{t("ops.shipping.kg", { kg: service.minKg })}</dd>
            </div>
          </dl>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-gray-700 dark:text-gray-300">{t("ops.shipping.active")}</span>
            <input
              type="checkbox"
              role="switch"
              aria-label={t("ops.shipping.activeLabel", { name: service.name })}
              checked={service.active}
              disabled={toggle.isPending}
              onChange={(e) =>
                toggle.mutate({
                  courier: service.courier,
                  service: service.service,
                  active: e.target.checked,
                })
              }
              className="size-6 accent-primary-700"
            />
          </label>
          {!editing && (
            <button
              type="button"
              className={smallButton}
              aria-label={t("ops.shipping.editLabel", { name: service.name })}
              onClick={() => setEditing(true)}
            >
              {t("ops.shipping.edit")}
            </button>
          )}
        </div>
      </div>
      {editing && <ServiceForm service={service} onDone={() => setEditing(false)} />}
    </li>
  );
}

interface RateValues {
  firstKg: number | null;
  nextKg: number | null;
  etaMinDays: string;
  etaMaxDays: string;
}

const rateValues = (row: ShippingRateView): RateValues => ({
  firstKg: row.rate?.firstKg ?? null,
  nextKg: row.rate?.nextKg ?? null,
  etaMinDays: row.rate ? String(row.rate.etaMinDays) : "",
  etaMaxDays: row.rate ? String(row.rate.etaMaxDays) : "",
});

/** A rate table's row: one destination zone's prices and arrival estimate, saved on its own. */
function RateRow(props: { service: Service; origin: ShippingZone; row: ShippingRateView }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => rateValues(props.row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const zone = t(`ops.shipping.zones.${props.row.destinationZone}`);
  const update = useMutation(
    trpc.ops.shipping.updateRate.mutationOptions({
      onSuccess: (view) => {
        queryClient.setQueryData(
          trpc.ops.shipping.rates.queryKey({
            courier: view.courier,
            service: view.service,
            originZone: view.originZone,
          }),
          view,
        );
        toast.notify(t("ops.shipping.rateSaved", { zone }), "success");
      },
      onError: (error) => setErrors(issueErrors(error)),
    }),
  );
  const set = <K extends keyof RateValues>(field: K, value: RateValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const rupiah = (field: "firstKg" | "nextKg") => (
    <Field
      label={t(`ops.shipping.${field}`)}
      error={errors[field]}
      prefix={<span className="font-medium text-gray-700 dark:text-gray-300">Rp</span>}
      input={{
        name: field,
        inputMode: "numeric",
        autoComplete: "off",
        maxLength: 12,
        value: values[field] === null ? "" : formatNumber(values[field], locale),
        onChange: (e) => set(field, parseAmount(e.target.value)),
      }}
    />
  );
  const days = (field: "etaMinDays" | "etaMaxDays", label: string) => (
    <Field
      label={label}
      error={errors[field]}
      input={{
        name: field,
        inputMode: "numeric",
        autoComplete: "off",
        maxLength: 2,
        value: values[field],
        onChange: (e) => set(field, e.target.value.replace(/\D/g, "")),
      }}
    />
  );
  const count = (typed: string) => (typed === "" ? Number.NaN : Number(typed));
  return (
    <li
      className="border-t border-gray-100 py-3 first:border-t-0 dark:border-gray-800"
      data-testid="rate-row"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Sent as typed; the server's checks (common/contracts/shipping-ops.ts) say what is wrong.
          update.mutate({
            courier: props.service.courier,
            service: props.service.service,
            originZone: props.origin,
            destinationZone: props.row.destinationZone,
            firstKg: values.firstKg ?? Number.NaN,
            nextKg: values.nextKg ?? Number.NaN,
            etaMinDays: count(values.etaMinDays),
            etaMaxDays: count(values.etaMaxDays),
          });
        }}
      >
        <fieldset>
          <legend className="font-semibold">{zone}</legend>
          {!props.row.rate && (
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("ops.shipping.notServed")}</p>
          )}
          <div className="grid grid-cols-6 items-end gap-x-3">
            <div className="col-span-3">{rupiah("firstKg")}</div>
            <div className="col-span-3">{rupiah("nextKg")}</div>
            <div className="col-span-2">{days("etaMinDays", t("ops.shipping.etaMin"))}</div>
            <div className="col-span-2">{days("etaMaxDays", t("ops.shipping.etaMax"))}</div>
            <div className="col-span-2">
              <button
                type="submit"
                disabled={update.isPending}
                aria-label={t("ops.shipping.saveRateLabel", { zone })}
                className="min-h-12 w-full rounded-full bg-primary-700 px-2 py-1 text-sm leading-tight font-semibold text-white disabled:opacity-60"
              >
                {t("ops.shipping.save")}
              </button>
            </div>
          </div>
        </fieldset>
      </form>
    </li>
  );
}

/** The rate table of the chosen service from the chosen origin zone: a row per destination zone. */
function RatesSection(props: { view: ShippingServicesView }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  // What is chosen, kept here as well as in the address: two choices in a row each see the one before.
  const [picked, setPicked] = useState(() => ({
    service: search.get("service") ?? "",
    origin: search.get("origin") ?? "",
  }));
  const { service, origin } = selection(new URLSearchParams(picked), props.view);
  const rates = useQuery({
    ...trpc.ops.shipping.rates.queryOptions({
      courier: service?.courier ?? "jne",
      service: service?.service ?? "REG",
      originZone: origin,
    }),
    enabled: service !== undefined,
  });
  const choose = (param: "service" | "origin", value: string) => {
    const next = { ...picked, [param]: value };
    setPicked(next);
    setSearch(new URLSearchParams(Object.entries(next).filter(([, v]) => v !== "")), {
      replace: true,
      preventScrollReset: true,
    });
  };
  const zoneName = (z: ShippingZone) => t(`ops.shipping.zones.${z}`);
  const select =
    "mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800";
  return (
    <Section title={t("ops.shipping.rates")} note={t("ops.shipping.ratesNote")}>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" data-testid="shipping-origin">
        {t("ops.shipping.warehouse", {
          area: props.view.originArea,
          zone: zoneName(props.view.originZone),
        })}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-service`} className="block text-sm font-medium">
            {t("ops.shipping.service")}
          </label>
          <select
            id={`${id}-service`}
            value={service ? serviceKey(service.courier, service.service) : ""}
            onChange={(e) => choose("service", e.target.value)}
            className={select}
          >
            {props.view.services.map((s) => (
              <option key={serviceKey(s.courier, s.service)} value={serviceKey(s.courier, s.service)}>
                {s.name} ({s.service})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-origin`} className="block text-sm font-medium">
            {t("ops.shipping.origin")}
          </label>
          <select
            id={`${id}-origin`}
            value={origin}
            onChange={(e) => choose("origin", e.target.value)}
            className={select}
          >
            {shippingZones.map((z) => (
              <option key={z} value={z}>
                {z === props.view.originZone
                  ? t("ops.shipping.warehouseZone", { zone: zoneName(z) })
                  : zoneName(z)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {service && !service.active && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t("ops.shipping.inactiveNote")}
        </p>
      )}
      {service && rates.data && (
        <ul className="mt-2" aria-label={t("ops.shipping.destination")}>
          {rates.data.rates.map((row) => (
            <RateRow
              // Another service or origin starts each row afresh from what is stored.
              key={`${serviceKey(service.courier, service.service)}:${origin}:${row.destinationZone}`}
              service={service}
              origin={origin}
              row={row}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * What the operator must know of couriers (issue 40): a courier's webhook about a parcel the shop does not know,
 * and bookings of orders cancelled while they were being booked (withdrawn, or still live at the courier).
 */
function ProblemsSection() {
  const { t } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const problems = useQuery(trpc.ops.shipping.problems.queryOptions()).data;
  const resolve = useMutation(
    trpc.ops.shipping.resolveProblem.mutationOptions({
      onSuccess: ({ id }) => {
        queryClient.setQueryData(trpc.ops.shipping.problems.queryKey(), (view) =>
          view ? { items: view.items.filter((p) => p.id !== id) } : view,
        );
        toast.notify(t("ops.shipping.problems.resolved"), "success");
      },
    }),
  );
  if (!problems) return null;
  return (
    <Section title={t("ops.shipping.problems.title")} note={t("ops.shipping.problems.note")}>
      <CourierProblems
        items={problems.items}
        zone={zone}
        busy={resolve.isPending}
        onResolve={(id) => resolve.mutate({ id })}
      />
    </Section>
  );
}

/**
 * The built-in courier (issue 27): its services, each offered at checkout or not, and the rate table every
 * checkout quotes from, by origin and destination zone. Every change is audited; the next quote uses it. Above
 * them, the courier problems still open (issue 40).
 */
function ShippingContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const view = useQuery(trpc.ops.shipping.services.queryOptions()).data;
  if (!view) return <main id="main" className="pb-8" />;
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.shipping")}</h1>
      <ProblemsSection />
      <Section title={t("ops.shipping.services")} note={t("ops.shipping.servicesNote")}>
        <ul className="mt-2">
          {view.services.map((s) => (
            <ServiceRow key={serviceKey(s.courier, s.service)} service={s} />
          ))}
        </ul>
      </Section>
      <RatesSection view={view} />
    </main>
  );
}

export default function OpsShipping({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <ShippingContent />
    </QueryBoundary>
  );
}
