import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/cod";
import { shippingCourierNames } from "#common/shipping-names.ts";
import { Field, type FieldErrors } from "../../features/auth/form.tsx";
import { CodForm } from "../../features/ops/cod-settings.tsx";
import { issueErrors } from "../../features/ops/ops-ui.tsx";
import { useIntentKey } from "../../features/wallet/intent-key.ts";
import { parseAmount } from "../../features/wallet/wallet-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.ops.shipping.cod.queryOptions()),
      queryClient.fetchQuery(trpc.ops.settings.get.queryOptions()),
    ]).catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.cod") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/**
 * Cash on delivery (issue 27): what couriers owe for parcels they delivered and collected for, parcel by parcel,
 * with the fee each courier named for collecting; the operator's record of a courier's remittance from its report
 * (the parcels it pays for, its reference, the fee it kept, the amount received), which settles them (issue 40);
 * and who may pay on delivery, for what fee.
 */
function CodContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ledger = useQuery(trpc.ops.shipping.cod.queryOptions()).data;
  const settings = useQuery(trpc.ops.settings.get.queryOptions()).data;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [reference, setReference] = useState("");
  const [amount, setAmount] = useState<number | null>(null);
  /** The courier's fee as its report states it; until the operator types one, the fees it named at booking. */
  const [fee, setFee] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const intent = useIntentKey();
  const remit = useMutation(
    trpc.ops.shipping.remitCod.mutationOptions({
      onSuccess: (done) => {
        intent.done();
        setChosen(new Set());
        setReference("");
        setAmount(null);
        setFee(null);
        setErrors({});
        void queryClient.invalidateQueries({ queryKey: trpc.ops.shipping.cod.queryKey() });
        toast.notify(
          t("ops.cod.recorded", { count: done.parcels, amount: formatRupiah(done.amount) }),
          "success",
        );
      },
      onError: (error) => {
        const fields = issueErrors(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: error.message });
      },
    }),
  );
  if (!ledger || !settings) return <main id="main" className="pb-8" />;
  const selected = ledger.parcels.filter((p) => chosen.has(p.shipmentId));
  const selectedSum = selected.reduce((a, p) => a + p.codAmount, 0);
  const selectedFee = selected.reduce((a, p) => a + p.courierFee, 0);
  const feeShown = fee ?? selectedFee;
  const toggle = (id: string, on: boolean) => {
    setChosen((c) => {
      const next = new Set(c);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    setErrors((e) => ({ ...e, shipmentIds: undefined, form: undefined }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const request = { shipmentIds: [...chosen], reference, amount: amount ?? Number.NaN, fee: feeShown };
    remit.mutate({ ...request, idempotencyKey: intent.keyFor(request) });
  };
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.cod")}</h1>
      <p className="px-4 pt-1 text-sm text-gray-700 dark:text-gray-300">{t("ops.cod.intro")}</p>
      <Card labelledBy="cod-owed">
        <h2 id="cod-owed" className="font-semibold">
          {t("ops.cod.owed")}
        </h2>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="cod-owed">
          {formatRupiah(ledger.owed)}
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t("ops.cod.parcels", { count: ledger.parcels.length })}
        </p>
      </Card>
      <form noValidate onSubmit={submit}>
        <Card labelledBy="cod-parcels">
          <h2 id="cod-parcels" className="font-semibold">
            {t("ops.cod.toRemit")}
          </h2>
          {ledger.parcels.length === 0 ? (
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("ops.cod.none")}</p>
          ) : (
            <fieldset className="mt-2">
              <legend className="sr-only">{t("ops.cod.choose")}</legend>
              {errors.shipmentIds && (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {errors.shipmentIds}
                </p>
              )}
              <ul className="divide-y divide-gray-100 dark:divide-gray-800">
                {ledger.parcels.map((p) => (
                  <li key={p.shipmentId}>
                    <label className="flex min-h-12 cursor-pointer items-center gap-3 py-2">
                      <input
                        type="checkbox"
                        checked={chosen.has(p.shipmentId)}
                        onChange={(e) => toggle(p.shipmentId, e.target.checked)}
                        className="size-5 shrink-0 accent-primary-700"
                      />
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="block font-medium">
                          {shippingCourierNames[p.courier]} ·{" "}
                          <span className="font-mono">{p.waybill ?? p.shipmentId}</span>
                        </span>
                        <span className="block text-gray-700 dark:text-gray-300">
                          {t("ops.cod.order", { code: p.orderCode })}
                          {p.deliveredAt &&
                            ` · ${t("ops.cod.delivered", { time: formatDateTime(p.deliveredAt, locale, zone) })}`}
                        </span>
                      </span>
                      <span className="shrink-0 text-end tabular-nums">
                        <span className="block font-semibold">{formatRupiah(p.codAmount)}</span>
                        <span className="block text-xs text-gray-700 dark:text-gray-300">
                          {t("ops.cod.courierFee", { fee: formatRupiah(p.courierFee) })}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </Card>
        {ledger.parcels.length > 0 && (
          <Card labelledBy="cod-remit">
            <h2 id="cod-remit" className="font-semibold">
              {t("ops.cod.record")}
            </h2>
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300" data-testid="cod-selected">
              {t("ops.cod.selected", { count: selected.length, amount: formatRupiah(selectedSum) })}
            </p>
            {selected.length > 0 && (
              <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="cod-expected">
                {t("ops.cod.expected", {
                  fee: formatRupiah(feeShown),
                  net: formatRupiah(selectedSum - feeShown),
                })}
              </p>
            )}
            <Field
              label={t("ops.cod.reference")}
              hint={t("ops.cod.referenceHint")}
              error={errors.reference}
              input={{
                name: "reference",
                autoComplete: "off",
                maxLength: 60,
                value: reference,
                onChange: (e) => {
                  setReference(e.target.value);
                  setErrors((x) => ({ ...x, reference: undefined, form: undefined }));
                },
              }}
            />
            <Field
              label={t("ops.cod.fee")}
              hint={t("ops.cod.feeHint", { max: formatRupiah(selectedFee) })}
              error={errors.fee}
              prefix={<span className="font-medium text-gray-700 dark:text-gray-300">Rp</span>}
              input={{
                name: "fee",
                inputMode: "numeric",
                autoComplete: "off",
                value: formatNumber(feeShown, locale),
                onChange: (e) => {
                  setFee(parseAmount(e.target.value) ?? 0);
                  setErrors((x) => ({ ...x, fee: undefined, form: undefined }));
                },
              }}
            />
            <Field
              label={t("ops.cod.amount")}
              error={errors.amount}
              prefix={<span className="font-medium text-gray-700 dark:text-gray-300">Rp</span>}
              input={{
                name: "amount",
                inputMode: "numeric",
                autoComplete: "off",
                value: amount === null ? "" : formatNumber(amount, locale),
                onChange: (e) => {
                  setAmount(parseAmount(e.target.value));
                  setErrors((x) => ({ ...x, amount: undefined, form: undefined }));
                },
              }}
            />
            {errors.form && (
              <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
                {errors.form}
              </p>
            )}
            <button
              type="submit"
              disabled={remit.isPending}
              className="mt-5 h-11 w-full rounded-full bg-primary-700 font-semibold text-white disabled:opacity-60"
            >
              {t("ops.cod.submit")}
            </button>
          </Card>
        )}
      </form>
      <Card labelledBy="cod-history">
        <h2 id="cod-history" className="font-semibold">
          {t("ops.cod.history")}
        </h2>
        {ledger.remittances.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("ops.cod.noHistory")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100 text-sm dark:divide-gray-800">
            {ledger.remittances.map((r) => (
              <li key={r.reference} className="flex items-center gap-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block font-mono font-medium break-words">{r.reference}</span>
                  <span className="block text-gray-700 dark:text-gray-300">
                    {t("ops.cod.parcels", { count: r.parcels })} · {formatDateTime(r.at, locale, zone)}
                  </span>
                  <span className="block text-gray-700 dark:text-gray-300">
                    {t("ops.cod.remitted", {
                      collected: formatRupiah(r.collected),
                      fee: formatRupiah(r.fee),
                    })}
                  </span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{formatRupiah(r.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <CodForm cod={settings.cod} />
    </main>
  );
}

export default function OpsCod({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <CodContent />
    </QueryBoundary>
  );
}
