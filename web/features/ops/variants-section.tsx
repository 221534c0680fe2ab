import { useId, type ReactNode } from "react";
import { Plus, Trash2 } from "lucide-react";
import { locales, type Locale, type Localized } from "#common/locales.ts";
import {
  maxOptionAxes,
  maxOptionValues,
  maxVariants,
  optionKinds,
  type OptionKind,
} from "#common/variants.ts";
import { Field, type FieldErrors } from "../auth/form.tsx";
import { useFieldMessage } from "../merchant/store-fields.tsx";
import { AmountField } from "../wallet/wallet-ui.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import {
  archivedRows,
  combinations,
  emptyAxis,
  emptyValue,
  fits,
  generateRows,
  kindNames,
  rowLabel,
  type AxisDraft,
  type RowDraft,
  type RowFields,
  type ValueDraft,
  type VariantDraft,
} from "./variant-draft.ts";

/** The languages' names as column labels: short enough for three side by side on a 320 px phone. */
const columnNames: Record<Locale, string> = { ind: "Indonesia", en: "English", zh: "中文" };
const kindLabels = {
  colour: "ops.catalog.variants.kindColour",
  size: "ops.catalog.variants.kindSize",
  other: "ops.catalog.variants.kindOther",
} as const;
const htmlLang = (l: Locale) => (l === "ind" ? "id" : l);

const outlineButton =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-primary-700 px-4 py-1 text-sm leading-tight font-semibold text-primary-800 disabled:opacity-60 dark:border-primary-400 dark:text-primary-300";
const iconButton =
  "grid size-10 shrink-0 place-items-center rounded-full text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950";
const inputClass = (error: boolean) =>
  `mt-0.5 h-11 w-full min-w-0 rounded-lg border bg-white px-2 text-base dark:bg-gray-800 ${
    error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-600"
  }`;

/**
 * A name in every language, side by side under the languages' names (or one field for all when `same`, labelled
 * `label`), with `action` beside them and the first error among them under the three.
 */
function LocalizedInputs(props: {
  value: Localized;
  same: boolean;
  label: string;
  errors: FieldErrors;
  path: string;
  onChange: (value: Localized) => void;
  action?: ReactNode;
}) {
  const id = useId();
  const message = useFieldMessage();
  const error = locales.map((l) => props.errors[`${props.path}.${l}`]).find(Boolean);
  const shown = props.same ? (["ind"] as const) : locales;
  return (
    <div>
      <div className="flex items-end gap-2">
        <div className={`grid min-w-0 flex-1 gap-1.5 ${props.same ? "grid-cols-1" : "grid-cols-3"}`}>
          {shown.map((l) => (
            <div key={l} className="min-w-0">
              <label
                htmlFor={`${id}-${l}`}
                className={
                  props.same
                    ? "block text-sm font-medium"
                    : "block truncate text-xs text-gray-700 dark:text-gray-300"
                }
              >
                {props.same ? props.label : columnNames[l]}
              </label>
              <input
                id={`${id}-${l}`}
                lang={props.same ? undefined : htmlLang(l)}
                value={props.value[l]}
                maxLength={40}
                autoComplete="off"
                aria-invalid={props.errors[`${props.path}.${l}`] ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) =>
                  props.onChange(
                    props.same
                      ? { ind: e.target.value, en: e.target.value, zh: e.target.value }
                      : { ...props.value, [l]: e.target.value },
                  )
                }
                className={inputClass(Boolean(props.errors[`${props.path}.${l}`]))}
              />
            </div>
          ))}
        </div>
        {props.action}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {message(error)}
        </p>
      )}
    </div>
  );
}

/** One value of an axis: its names (or one name for all languages), a swatch for a colour, and its remove button. */
function ValueEditor(props: {
  axis: AxisDraft;
  value: ValueDraft;
  index: number;
  errors: FieldErrors;
  path: string;
  onChange: (value: ValueDraft) => void;
  onRemove?: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const number = props.index + 1;
  const { value } = props;
  const remove = props.onRemove && (
    <button
      type="button"
      onClick={props.onRemove}
      aria-label={t("ops.catalog.variants.removeValue", { number })}
      className={iconButton}
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
  const label = t("ops.catalog.variants.value", { number });
  if (props.axis.same)
    // One name for every language ("42", "XL"): one field on one line.
    return (
      <li className="mt-2">
        <LocalizedInputs
          value={value.name}
          same
          label={label}
          errors={props.errors}
          path={`${props.path}.name`}
          onChange={(name) => props.onChange({ ...value, name })}
          action={remove}
        />
      </li>
    );
  return (
    <li className="mt-3 border-t border-gray-200 pt-2 dark:border-gray-700">
      <fieldset aria-labelledby={`${id}-legend`}>
        <div className="flex items-center justify-between gap-2">
          <span id={`${id}-legend`} className="text-sm font-medium">
            {label}
          </span>
          {remove}
        </div>
        <LocalizedInputs
          value={value.name}
          same={false}
          label={label}
          errors={props.errors}
          path={`${props.path}.name`}
          onChange={(name) => props.onChange({ ...value, name })}
        />
        {props.axis.kind === "colour" && (
          <div className="mt-2 flex items-center gap-2">
            <input
              id={`${id}-swatch`}
              type="color"
              value={value.swatch ?? "#000000"}
              onChange={(e) => props.onChange({ ...value, swatch: e.target.value.toLowerCase() })}
              aria-describedby={`${id}-swatch-value`}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-gray-300 bg-white p-0.5 dark:border-gray-600 dark:bg-gray-800"
            />
            <label htmlFor={`${id}-swatch`} className="text-sm">
              {t("ops.catalog.variants.swatch")}
            </label>
            <span id={`${id}-swatch-value`} className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
              {value.swatch ?? t("ops.catalog.variants.swatchNone")}
            </span>
          </div>
        )}
      </fieldset>
    </li>
  );
}

/** An option axis: its name in every language, its kind, whether its values read the same in every language, and its values. */
function AxisEditor(props: {
  axis: AxisDraft;
  index: number;
  errors: FieldErrors;
  onChange: (axis: AxisDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const id = useId();
  const { axis, index } = props;
  const number = index + 1;
  const path = `axes.${index}`;
  const setKind = (kind: OptionKind) => {
    // Named after its kind ("Warna", "Ukuran") unless the operator named it otherwise; sizes read the same in
    // every language unless their names already differ, colours never do.
    const named = locales.some((l) => axis.name[l].trim());
    const usual = optionKinds.some((k) => locales.every((l) => axis.name[l] === kindNames[k][l]));
    const same =
      kind === "size"
        ? axis.values.every((v) => !v.name.ind.trim() || sameName(v.name))
        : kind === "colour"
          ? false
          : axis.same;
    props.onChange({
      ...axis,
      kind,
      name: kind !== "other" && (!named || usual) ? kindNames[kind] : axis.name,
      same,
      values: same ? axis.values.map((v) => ({ ...v, name: oneName(v.name) })) : axis.values,
    });
  };
  const setValue = (v: number, value: ValueDraft) =>
    props.onChange({ ...axis, values: axis.values.map((old, i) => (i === v ? value : old)) });
  return (
    <fieldset
      aria-labelledby={`${id}-legend`}
      className="mt-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
    >
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-legend`} className="font-semibold">
          {t("ops.catalog.variants.axis", { number })}
        </span>
        <button
          type="button"
          onClick={props.onRemove}
          aria-label={t("ops.catalog.variants.removeAxis", { number })}
          className={iconButton}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-1 flex flex-wrap items-end gap-x-4 gap-y-2">
        <div>
          <label htmlFor={`${id}-kind`} className="block text-xs text-gray-700 dark:text-gray-300">
            {t("ops.catalog.variants.kind")}
          </label>
          <select
            id={`${id}-kind`}
            value={axis.kind}
            onChange={(e) => setKind(e.target.value as OptionKind)}
            className="mt-0.5 h-11 rounded-lg border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-800"
          >
            {optionKinds.map((k) => (
              <option key={k} value={k}>
                {t(kindLabels[k])}
              </option>
            ))}
          </select>
        </div>
        {axis.kind !== "colour" && (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={axis.same}
              onChange={(e) =>
                props.onChange({
                  ...axis,
                  same: e.target.checked,
                  values: e.target.checked
                    ? axis.values.map((v) => ({ ...v, name: oneName(v.name) }))
                    : axis.values,
                })
              }
              className="size-5 accent-primary-700"
            />
            {t("ops.catalog.variants.same")}
          </label>
        )}
      </div>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">{t("ops.catalog.variants.axisName")}</legend>
        <LocalizedInputs
          value={axis.name}
          same={false}
          label={t("ops.catalog.variants.axisName")}
          errors={props.errors}
          path={`${path}.name`}
          onChange={(name) => props.onChange({ ...axis, name })}
        />
      </fieldset>
      <ul aria-label={t("ops.catalog.variants.values")}>
        {axis.values.map((value, v) => (
          <ValueEditor
            key={value.key}
            axis={axis}
            value={value}
            index={v}
            errors={props.errors}
            path={`${path}.values.${v}`}
            onChange={(next) => setValue(v, next)}
            onRemove={
              axis.values.length > 1
                ? () => props.onChange({ ...axis, values: axis.values.filter((_, i) => i !== v) })
                : undefined
            }
          />
        ))}
      </ul>
      {props.errors[`${path}.values`] && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400">
          {message(props.errors[`${path}.values`])}
        </p>
      )}
      {axis.values.length < maxOptionValues && (
        <button
          type="button"
          onClick={() => props.onChange({ ...axis, values: [...axis.values, emptyValue()] })}
          className={`mt-3 ${outlineButton}`}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("ops.catalog.variants.addValue")}
        </button>
      )}
    </fieldset>
  );
}

const sameName = (name: Localized) => name.en === name.ind && name.zh === name.ind;
const oneName = (name: Localized): Localized => ({ ind: name.ind, en: name.ind, zh: name.ind });

const sides = ["lengthCm", "widthCm", "heightCm"] as const;
type NumberField = "weightGrams" | (typeof sides)[number] | "stock";

/** A variant: its SKU, prices, packed weight and size, and its stock (typed for a new one, shown for a saved one). */
function RowEditor(props: {
  axes: readonly AxisDraft[];
  row: RowDraft;
  index: number;
  errors: FieldErrors;
  onChange: (row: RowDraft) => void;
  onRemove: () => void;
}) {
  const { t, locale } = useI18n();
  const message = useFieldMessage();
  const id = useId();
  const { row, axes } = props;
  const path = `rows.${props.index}`;
  const label = rowLabel(axes, row, locale) ?? t("ops.catalog.variants.single");
  const stale = !fits(axes, row);
  const swatch = axes
    .map((axis, i) =>
      axis.kind === "colour" ? axis.values.find((v) => v.key === row.values[i])?.swatch : null,
    )
    .find(Boolean);
  const number = (field: NumberField, digits: number) => ({
    name: field,
    inputMode: "numeric" as const,
    autoComplete: "off",
    maxLength: digits,
    value: row[field] === null ? "" : String(row[field]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const typed = e.target.value.replace(/\D/g, "").slice(0, digits);
      props.onChange({ ...row, [field]: typed === "" ? null : Number(typed) });
    },
  });
  const sideLabels = {
    lengthCm: "ops.catalog.length",
    widthCm: "ops.catalog.width",
    heightCm: "ops.catalog.height",
  } as const;
  return (
    <li className="mt-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700" data-testid="variant-row">
      <fieldset aria-labelledby={`${id}-legend`}>
        <div className="flex items-center justify-between gap-2">
          <span id={`${id}-legend`} className="flex min-w-0 items-center gap-2 font-semibold">
            {swatch && (
              <span
                aria-hidden="true"
                className="size-4 shrink-0 rounded-full border border-gray-300 dark:border-gray-600"
                style={{ backgroundColor: swatch }}
              />
            )}
            <span className="min-w-0 break-words">{label}</span>
          </span>
          <button
            type="button"
            onClick={props.onRemove}
            aria-label={t("ops.catalog.variants.removeRow", { label })}
            className={iconButton}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        {stale && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{t("errors.supply.variantsStale")}</p>
        )}
        <Field
          label={t("ops.catalog.variants.sku")}
          error={message(props.errors[`${path}.sku`])}
          input={{
            name: "sku",
            value: row.sku,
            maxLength: 64,
            autoComplete: "off",
            autoCapitalize: "characters",
            spellCheck: false,
            onChange: (e) => props.onChange({ ...row, sku: e.target.value }),
          }}
        />
        <div className="grid grid-cols-2 gap-2">
          <AmountField
            label={t("merchant.products.merchantPrice")}
            value={row.merchantPrice}
            onChange={(v) => props.onChange({ ...row, merchantPrice: v })}
            error={message(props.errors[`${path}.merchantPrice`])}
          />
          <AmountField
            label={t("merchant.products.suggestedPrice")}
            value={row.suggestedPrice}
            onChange={(v) => props.onChange({ ...row, suggestedPrice: v })}
            error={message(props.errors[`${path}.suggestedPrice`])}
          />
          <Field
            label={t("ops.catalog.weight")}
            error={message(props.errors[`${path}.weightGrams`])}
            input={number("weightGrams", 6)}
          />
          {row.id ? (
            <div className="mt-4">
              <p className="text-sm font-medium text-gray-800 dark:text-gray-200">{t("ops.catalog.stock")}</p>
              <p className="mt-1 flex h-11 items-center tabular-nums">
                {formatNumber(row.stock ?? 0, locale)}
              </p>
            </div>
          ) : (
            <Field
              label={t("ops.catalog.variants.initialStock")}
              error={message(props.errors[`${path}.stock`])}
              input={{ ...number("stock", 7), placeholder: "0" }}
            />
          )}
        </div>
        <div className="grid grid-cols-3 items-end gap-2">
          {sides.map((side) => (
            <Field
              key={side}
              label={t(sideLabels[side])}
              error={message(props.errors[`${path}.${side}`])}
              input={number(side, 3)}
            />
          ))}
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The options and variants of a saved product (decision 25): up to two axes with their values in every language,
 * "Generate combinations" (the cross product, keeping the rows whose values are still a combination), and a row per
 * variant. Removing a saved variant archives it when the form is saved.
 */
export function VariantsSection(props: {
  draft: VariantDraft;
  /** The variants as saved (to bring one back, and to say which saving archives). */
  saved: readonly RowDraft[];
  /** Whether combinations can be generated: the product has options, or is being given some. */
  generating: boolean;
  /** Whether the rows are shown: the product had options, or its combinations were generated. */
  rowsShown: boolean;
  template: RowFields;
  skuBase: string;
  errors: FieldErrors;
  onChange: (draft: VariantDraft) => void;
}) {
  const { t, locale } = useI18n();
  const message = useFieldMessage();
  const id = useId();
  const { draft } = props;
  const archived = archivedRows(props.saved, draft.rows);
  const archivedStock = archived.reduce((sum, r) => sum + (r.stock ?? 0), 0);
  const setAxes = (axes: AxisDraft[]) => props.onChange({ ...draft, axes });
  const tooMany = combinations(draft.axes).length > maxVariants;
  const generate = () =>
    props.onChange({
      ...draft,
      rows: generateRows(draft.axes, draft.rows, props.saved, props.template, props.skuBase),
    });
  return (
    <fieldset
      className="mt-4 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
      aria-describedby={`${id}-note`}
      data-testid="supply-variants"
    >
      <legend className="px-1 text-sm font-semibold">{t("ops.catalog.variants.title")}</legend>
      <p id={`${id}-note`} className="text-xs text-gray-600 dark:text-gray-400">
        {t("ops.catalog.variants.note")}
      </p>
      {draft.axes.map((axis, a) => (
        <AxisEditor
          key={axis.key}
          axis={axis}
          index={a}
          errors={props.errors}
          onChange={(next) => setAxes(draft.axes.map((old, i) => (i === a ? next : old)))}
          onRemove={() => setAxes(draft.axes.filter((_, i) => i !== a))}
        />
      ))}
      <div className="mt-3 flex flex-wrap gap-2">
        {draft.axes.length < maxOptionAxes && (
          <button
            type="button"
            onClick={() => setAxes([...draft.axes, emptyAxis()])}
            className={outlineButton}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("ops.catalog.variants.addAxis")}
          </button>
        )}
        {props.generating && (
          <button
            type="button"
            onClick={generate}
            disabled={tooMany}
            aria-describedby={tooMany ? `${id}-too-many` : undefined}
            className="inline-flex min-h-11 items-center rounded-full bg-primary-700 px-4 py-1 text-sm leading-tight font-semibold text-white disabled:opacity-60"
          >
            {t("ops.catalog.variants.generate")}
          </button>
        )}
      </div>
      {tooMany && (
        <p id={`${id}-too-many`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t("errors.supply.variantsTooMany")}
        </p>
      )}
      {props.generating && props.errors.variants && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {message(props.errors.variants)}
        </p>
      )}
      {props.rowsShown && (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold" aria-live="polite">
              {t("ops.catalog.variants.count", { count: draft.rows.length })}
            </p>
            {draft.rows.length > 1 && (
              <button
                type="button"
                onClick={() => {
                  const first = draft.rows[0]!;
                  const { merchantPrice, suggestedPrice, weightGrams, lengthCm, widthCm, heightCm } = first;
                  const same = { merchantPrice, suggestedPrice, weightGrams, lengthCm, widthCm, heightCm };
                  props.onChange({ ...draft, rows: draft.rows.map((r) => ({ ...r, ...same })) });
                }}
                className="min-h-11 text-start text-sm font-semibold text-primary-800 underline dark:text-primary-300"
              >
                {t("ops.catalog.variants.copyFirst")}
              </button>
            )}
          </div>
          {archived.length > 0 && (
            <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {t("ops.catalog.variants.archivedNote", { count: archived.length })}
              {archivedStock > 0 &&
                ` ${t("ops.catalog.variants.archivedStock", { stock: formatNumber(archivedStock, locale) })}`}
            </p>
          )}
          <ul aria-label={t("ops.catalog.variants.rows")}>
            {draft.rows.map((row, r) => (
              <RowEditor
                key={row.id ?? `new:${row.values.join("/")}`}
                axes={draft.axes}
                row={row}
                index={r}
                errors={props.errors}
                onChange={(next) =>
                  props.onChange({ ...draft, rows: draft.rows.map((old, i) => (i === r ? next : old)) })
                }
                onRemove={() => props.onChange({ ...draft, rows: draft.rows.filter((_, i) => i !== r) })}
              />
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
