import { useEffect, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import type { MessageKey } from "#common/i18n/messages.ts";
import { percentToBasisPoints } from "#common/money.ts";
import type { PlaceMethod } from "#common/payment-channels.ts";
import { maxPercentBasisPoints } from "#common/promotions.ts";
import { Field, type FieldErrors } from "../auth/form.tsx";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import {
  conditionFields,
  costEstimate,
  fromZoneInput,
  maxCategoryIds,
  maxStoreIds,
  toZoneInput,
  voucherErrors,
  type FieldName,
  type PlatformKind,
  type Values,
  type VoucherInput,
} from "./voucher-form-values.ts";
import { CountField, MoneyField } from "./number-fields.tsx";
import { CategoryChecks, Condition, MethodChecks, StoreChecks } from "./voucher-conditions.tsx";
import { Choice } from "../../ui/choice.tsx";

export type { PlatformKind, VoucherInput } from "./voucher-form-values.ts";

/**
 * What the voucher may cost before it is saved (issue 42: "at most Rp X × limit"): the most one use takes off
 * times the usage limit, never more than the budget; for a percentage without a cap, that it depends on the
 * orders; with neither limit nor budget, that nothing bounds it.
 */
function CostEstimate(props: { values: Values; payer: "store" | "platform" }) {
  const { t, locale } = useI18n();
  const v = props.values;
  const percentBp = v.type === "percent" ? percentToBasisPoints(v.percent) : undefined;
  const complete =
    v.type === "amount"
      ? v.amount !== null && v.amount > 0
      : percentBp !== undefined && percentBp > 0 && percentBp <= maxPercentBasisPoints;
  const perUse = v.type === "amount" ? v.amount : v.cap;
  const percent = formatNumber((percentBp ?? 0) / 100, locale);
  const { total, capped } = costEstimate({ perUse, usageLimit: v.usageLimit, budget: v.budget });
  const lines: ReactNode[] = [];
  if (!complete) lines.push(t("vouchers.manage.estimate.incomplete"));
  else {
    if (v.usageLimit !== null) {
      lines.push(
        perUse !== null
          ? t("vouchers.manage.estimate.total", {
              amount: formatRupiah(perUse),
              count: v.usageLimit,
              total: formatRupiah(BigInt(perUse) * BigInt(v.usageLimit)),
            })
          : t("vouchers.manage.estimate.depends", { percent, count: v.usageLimit }),
      );
    } else {
      lines.push(
        perUse !== null
          ? t("vouchers.manage.estimate.perUse", { amount: formatRupiah(perUse) })
          : t("vouchers.manage.estimate.perUseDepends", { percent }),
      );
    }
    if (capped && total !== null)
      lines.push(t("vouchers.manage.estimate.budgetCap", { budget: formatRupiah(total) }));
    else if (total === null)
      lines.push(
        v.usageLimit === null
          ? t("vouchers.manage.estimate.unlimited")
          : t("vouchers.manage.estimate.limitIt"),
      );
  }
  return (
    <section
      aria-labelledby="voucher-estimate-title"
      className="mt-5 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h3 id="voucher-estimate-title" className="font-semibold">
        {t("vouchers.manage.estimate.title")}
      </h3>
      <div aria-live="polite" data-testid="voucher-estimate">
        {lines.map((line, i) => (
          <p key={i} className={`mt-1 ${i === 0 && complete ? "font-semibold" : ""}`}>
            {line}
          </p>
        ))}
      </div>
      <p className="mt-1">
        {t(
          props.payer === "store"
            ? "vouchers.manage.estimate.paidByStore"
            : "vouchers.manage.estimate.paidByPlatform",
        )}
      </p>
    </section>
  );
}

/**
 * A new voucher: a fixed amount or a percentage (typed "10" or "7,5") with an optional cap, the minimum spend,
 * when it runs (in the reader's zone), its limits (empty: none) and an optional code; an operator also picks its
 * kind. Under "Syarat lainnya", closed so the form stays short on a phone and saying in a line what is set: new
 * shoppers only, some ways of paying, some top-level categories (sent with their subcategories, as a product's
 * category is the leaf it is filed under) and, for the operator, some stores; each "any" by default, sent as
 * null. What it may cost shows as it is typed. What the page can check without the server (nothing typed or
 * chosen where something is needed) is checked here; the rest the server's schema checks, and its translated
 * messages show under their fields (`onSave` gets the form's `onError`).
 */
export function VoucherForm(props: {
  title: string;
  payer: "store" | "platform";
  /** When the form was opened: the voucher starts then and runs a week. */
  openedAt: Date;
  pending: boolean;
  onSave: (
    input: { kind: PlatformKind; storeIds: string[] | null; voucher: VoucherInput },
    handlers: { onError: (error: unknown) => void },
  ) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  // "Syarat lainnya", open or closed (an error in it opens it, so its field can take the focus).
  const [moreOpen, setMoreOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the focus goes to the form's title, where reading it starts.
  useEffect(() => heading.current?.focus(), []);
  const [values, setValues] = useState<Values>(() => {
    const start = new Date(Math.floor(props.openedAt.getTime() / 60_000) * 60_000);
    return {
      kind: "platform",
      type: "amount",
      amount: null,
      percent: "",
      cap: null,
      minSpend: null,
      startsAt: toZoneInput(start, zone),
      endsAt: toZoneInput(new Date(start.getTime() + 7 * 86_400_000), zone),
      usageLimit: null,
      perShopperLimit: 1,
      budget: null,
      code: "",
      newShoppersOnly: false,
      methods: null,
      categoryIds: null,
      storeIds: null,
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends FieldName>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const focusFirstError = (found: FieldErrors) => {
    if (conditionFields.some((field) => found[field])) setMoreOpen(true);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    const need = (field: FieldName, ok: boolean, key: MessageKey) => {
      if (!ok) found[field] = t(key);
    };
    const percentBp = percentToBasisPoints(values.percent);
    const startsAt = fromZoneInput(values.startsAt, zone);
    const endsAt = fromZoneInput(values.endsAt, zone);
    if (values.type === "amount") need("amount", values.amount !== null, "errors.vouchers.amountPositive");
    else need("percent", percentBp !== undefined, "errors.vouchers.percentRange");
    need("startsAt", startsAt !== null, "vouchers.manage.dateRequired");
    need("endsAt", endsAt !== null, "vouchers.manage.dateRequired");
    need("perShopperLimit", values.perShopperLimit !== null, "errors.vouchers.limitPositive");
    need("methods", values.methods?.length !== 0, "errors.vouchers.methodsEmpty");
    // A product is filed under a leaf category: a top-level one chosen takes its subcategories with it.
    const tree = queryClient.getQueryData(trpc.catalog.categories.queryKey()) ?? [];
    const categoryIds =
      values.categoryIds &&
      values.categoryIds.flatMap((id) => [
        id,
        ...(tree.find((c) => c.id === id)?.children.map((c) => c.id) ?? []),
      ]);
    need("categoryIds", values.categoryIds?.length !== 0, "vouchers.manage.conditions.categoriesEmpty");
    need(
      "categoryIds",
      !categoryIds || categoryIds.length <= maxCategoryIds,
      "vouchers.manage.conditions.categoriesTooMany",
    );
    need("storeIds", values.storeIds?.length !== 0, "vouchers.manage.conditions.storesEmpty");
    if (values.storeIds && values.storeIds.length > maxStoreIds)
      found.storeIds = t("vouchers.manage.conditions.storesTooMany", { max: maxStoreIds });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    const voucher: VoucherInput = {
      code: values.code.trim() === "" ? null : values.code.trim(),
      discount:
        values.type === "amount"
          ? { type: "amount", amount: values.amount! }
          : { type: "percent", percentBp: percentBp!, cap: values.cap },
      minSpend: values.minSpend ?? 0,
      startsAt: startsAt!,
      endsAt: endsAt!,
      usageLimit: values.usageLimit,
      perShopperLimit: values.perShopperLimit!,
      budget: values.budget,
      newShoppersOnly: values.newShoppersOnly,
      methods: values.methods,
      categoryIds,
    };
    props.onSave(
      { kind: values.kind, storeIds: props.payer === "platform" ? values.storeIds : null, voucher },
      {
        onError: (error) => {
          const refused = voucherErrors(error);
          setErrors(refused);
          focusFirstError(refused);
        },
      },
    );
  };
  const f = "vouchers.manage.fields";
  const c = "vouchers.manage.conditions";
  // What "Syarat lainnya" holds, in a line under its title while it is closed.
  const conditions: string[] = [];
  if (values.newShoppersOnly) conditions.push(t("vouchers.newShoppers"));
  if (values.methods?.length) conditions.push(t(`${c}.methodsCount`, { count: values.methods.length }));
  if (values.categoryIds?.length)
    conditions.push(t(`${c}.categoriesCount`, { count: values.categoryIds.length }));
  if (props.payer === "platform" && values.storeIds?.length)
    conditions.push(t(`${c}.storesCount`, { count: values.storeIds.length }));
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="voucher-form-title">
      <h2 ref={heading} id="voucher-form-title" tabIndex={-1} className="text-lg font-semibold outline-none">
        {props.title}
      </h2>
      {props.payer === "platform" && (
        <Choice
          legend={t(`${f}.kind`)}
          value={values.kind}
          options={(["platform", "shipping"] as const).map((k) => ({
            value: k,
            label: t(`${f}.kinds.${k}`),
          }))}
          onChange={(kind) => set("kind", kind)}
          error={errors.kind}
        />
      )}
      <Choice
        legend={t(`${f}.type`)}
        value={values.type}
        options={(["amount", "percent"] as const).map((k) => ({ value: k, label: t(`${f}.types.${k}`) }))}
        onChange={(type) => set("type", type)}
      />
      {values.type === "amount" ? (
        <MoneyField
          name="amount"
          label={t(`${f}.amount`)}
          value={values.amount}
          onChange={(v) => set("amount", v)}
          error={errors.amount}
        />
      ) : (
        <>
          <Field
            label={t(`${f}.percent`)}
            hint={t(`${f}.percentHint`)}
            error={errors.percent}
            action={<span className="font-medium text-gray-700 dark:text-gray-300">%</span>}
            input={{
              name: "percent",
              type: "text",
              inputMode: "decimal",
              autoComplete: "off",
              maxLength: 6,
              value: values.percent,
              onChange: (e) => set("percent", e.target.value),
            }}
          />
          <MoneyField
            name="cap"
            label={t(`${f}.cap`)}
            hint={t(`${f}.capHint`)}
            value={values.cap}
            onChange={(v) => set("cap", v)}
            error={errors.cap}
          />
        </>
      )}
      <MoneyField
        name="minSpend"
        label={t(`${f}.minSpend`)}
        hint={t(`${f}.minSpendHint`)}
        value={values.minSpend}
        onChange={(v) => set("minSpend", v)}
        error={errors.minSpend}
      />
      <Field
        label={t(`${f}.startsAt`, { zone })}
        error={errors.startsAt}
        input={{
          name: "startsAt",
          type: "datetime-local",
          value: values.startsAt,
          onChange: (e) => set("startsAt", e.target.value),
        }}
      />
      <Field
        label={t(`${f}.endsAt`, { zone })}
        error={errors.endsAt}
        input={{
          name: "endsAt",
          type: "datetime-local",
          value: values.endsAt,
          onChange: (e) => set("endsAt", e.target.value),
        }}
      />
      <CountField
        name="usageLimit"
        label={t(`${f}.usageLimit`)}
        hint={t(`${f}.usageLimitHint`)}
        value={values.usageLimit}
        onChange={(v) => set("usageLimit", v)}
        error={errors.usageLimit}
      />
      <CountField
        name="perShopperLimit"
        label={t(`${f}.perShopperLimit`)}
        value={values.perShopperLimit}
        onChange={(v) => set("perShopperLimit", v)}
        error={errors.perShopperLimit}
      />
      <MoneyField
        name="budget"
        label={t(`${f}.budget`)}
        hint={t(`${f}.budgetHint`)}
        value={values.budget}
        onChange={(v) => set("budget", v)}
        error={errors.budget}
      />
      <Field
        label={t(`${f}.code`)}
        hint={t(`${f}.codeHint`)}
        error={errors.code}
        input={{
          name: "code",
          type: "text",
          autoComplete: "off",
          autoCapitalize: "characters",
          spellCheck: false,
          maxLength: 20,
          value: values.code,
          onChange: (e) => set("code", e.target.value.toUpperCase()),
        }}
      />
      <details
        open={moreOpen}
        onToggle={(e) => setMoreOpen(e.currentTarget.open)}
        className="group mt-4 rounded-lg border border-gray-300 dark:border-gray-600"
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-3 py-2 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{t(`${c}.title`)}</span>
            <span className="block text-sm text-gray-700 dark:text-gray-300" data-testid="voucher-conditions">
              {conditions.length > 0 ? conditions.join(" · ") : t(`${c}.none`)}
            </span>
          </span>
          <ChevronDown
            className="size-5 shrink-0 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <div className="border-t border-gray-200 px-3 pb-4 dark:border-gray-700">
          <div className="mt-3 flex items-start justify-between gap-4">
            <div>
              <label htmlFor="voucher-new-shoppers" className="font-medium">
                {t(`${f}.newShoppersOnly`)}
              </label>
              <p id="voucher-new-shoppers-hint" className="mt-0.5 text-sm text-gray-700 dark:text-gray-300">
                {t(`${f}.newShoppersHint`)}
              </p>
            </div>
            <input
              id="voucher-new-shoppers"
              type="checkbox"
              checked={values.newShoppersOnly}
              aria-describedby="voucher-new-shoppers-hint"
              onChange={(e) => set("newShoppersOnly", e.target.checked)}
              className="mt-1 size-6 shrink-0 accent-primary-700"
            />
          </div>
          <Condition<PlaceMethod>
            legend={t(`${c}.methods`)}
            anyLabel={t(`${c}.methodsAny`)}
            someLabel={t(`${c}.methodsSome`)}
            hint={t(`${c}.methodsHint`)}
            value={values.methods}
            onChange={(methods) => set("methods", methods)}
            error={errors.methods}
          >
            {(chosen, errorId) => (
              <MethodChecks chosen={chosen} onChange={(m) => set("methods", m)} errorId={errorId} />
            )}
          </Condition>
          <Condition<number>
            legend={t(`${c}.categories`)}
            anyLabel={t(`${c}.categoriesAll`)}
            someLabel={t(`${c}.categoriesSome`)}
            hint={t(`${c}.categoriesHint`)}
            value={values.categoryIds}
            onChange={(ids) => set("categoryIds", ids)}
            error={errors.categoryIds}
          >
            {(chosen, errorId) => (
              <CategoryChecks chosen={chosen} onChange={(ids) => set("categoryIds", ids)} errorId={errorId} />
            )}
          </Condition>
          {props.payer === "platform" && (
            <Condition<string>
              legend={t(`${c}.stores`)}
              anyLabel={t(`${c}.storesAll`)}
              someLabel={t(`${c}.storesSome`)}
              hint={t(`${c}.storesHint`)}
              value={values.storeIds}
              onChange={(ids) => set("storeIds", ids)}
              error={errors.storeIds}
            >
              {(chosen, errorId) => (
                <StoreChecks chosen={chosen} onChange={(ids) => set("storeIds", ids)} errorId={errorId} />
              )}
            </Condition>
          )}
        </div>
      </details>
      <CostEstimate values={values} payer={props.payer} />
      {errors.form && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {errors.form}
        </p>
      )}
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={t("vouchers.manage.save")}
        disabled={props.pending}
        onCancel={props.onCancel}
      />
    </form>
  );
}
