import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImagePlus, Trash2 } from "lucide-react";
import type { SupplyOpsItem } from "#common/contracts/supply.ts";
import { maxParcelCm, maxParcelGrams } from "#common/parcel.ts";
import { localeNames, locales, type Locale } from "#common/locales.ts";
import { Field, type FieldErrors } from "../auth/form.tsx";
import { TextAreaField, useFieldMessage } from "../merchant/store-fields.tsx";
import { AmountField } from "../wallet/wallet-ui.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { appToastTimeout, genericToastTimeout, toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Picture } from "../../ui/picture.tsx";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import {
  checkDraft,
  draftOf,
  savedNotes,
  skuBase,
  variantsInput,
  type RowFields,
  type VariantDraft,
} from "./variant-draft.ts";
import { VariantsSection } from "./variants-section.tsx";

const emptyText = { ind: "", en: "", zh: "" };

export interface CategoryOption {
  id: number;
  label: string;
}

interface Values {
  categoryId: string;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  merchantPrice: number | null;
  suggestedPrice: number | null;
  stock: number | null;
  boutique: boolean;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

const sides = ["lengthCm", "widthCm", "heightCm"] as const;

/** Whether a packed size is a whole number within the database's bounds. */
const within = (value: number | null, max: number) => value !== null && value >= 1 && value <= max;

/**
 * The same checks as the server's schema (common/contracts/supply.ts), as message keys by field; the prices and
 * packed size only when they are the product's (`perVariant`: each variant has its own, checked by `checkDraft`).
 */
function check(v: Values, creating: boolean, perVariant: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.categoryId) errors.categoryId = "errors.supply.category";
  for (const l of locales) {
    if (!v.name[l].trim()) errors[`name.${l}`] = "errors.supply.name";
    if (!v.description[l].trim()) errors[`description.${l}`] = "errors.supply.description";
  }
  if (perVariant) return errors;
  if (!v.merchantPrice) errors.merchantPrice = "errors.supply.price";
  if (!v.suggestedPrice) errors.suggestedPrice = "errors.supply.price";
  else if (v.merchantPrice && v.suggestedPrice < v.merchantPrice)
    errors.suggestedPrice = "errors.supply.suggestedBelowCost";
  if (creating && v.stock === null) errors.stock = "errors.supply.stock";
  if (!within(v.weightGrams, maxParcelGrams)) errors.weightGrams = "errors.supply.weight";
  for (const side of sides) if (!within(v[side], maxParcelCm)) errors[side] = "errors.supply.size";
  return errors;
}

/** The gallery of a supply product: each picture with a remove button, and one to add another. */
function Gallery(props: { product: SupplyOpsItem; onChange: (p: SupplyOpsItem) => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const id = useId();
  const add = useMutation(trpc.ops.catalog.addImage.mutationOptions({ onSuccess: props.onChange }));
  const remove = useMutation(trpc.ops.catalog.removeImage.mutationOptions({ onSuccess: props.onChange }));
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium">{t("ops.catalog.images")}</legend>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="supply-images">
        {props.product.images.map((i, index) => (
          <li key={i.id} className="relative">
            <Picture
              image={i.image}
              alt=""
              sizes="80px"
              width={80}
              height={80}
              className="size-20 rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={() => remove.mutate({ id: props.product.id, imageId: i.id })}
              aria-label={t("ops.catalog.removeImage", { number: index + 1 })}
              className="absolute -end-2 -top-2 grid size-8 place-items-center rounded-full bg-white text-red-700 shadow dark:bg-gray-800"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <label
        htmlFor={id}
        className="mt-2 inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-primary-700 px-4 font-medium text-primary-800 focus-within:ring-2 focus-within:ring-primary-600 dark:border-primary-400 dark:text-primary-300"
      >
        <ImagePlus className="size-5" aria-hidden="true" />
        {t("ops.catalog.addImage")}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            const form = new FormData();
            form.set("id", props.product.id);
            form.set("image", file);
            add.mutate(form);
          }}
        />
      </label>
    </fieldset>
  );
}

/**
 * The packed weight and size couriers charge by: grams, then the three sides in centimetres side by side.
 */
function ParcelFields(props: {
  values: Pick<Values, "weightGrams" | (typeof sides)[number]>;
  errors: FieldErrors;
  onChange: (field: "weightGrams" | (typeof sides)[number], value: number | null) => void;
}) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const id = useId();
  const labels = {
    lengthCm: "ops.catalog.length",
    widthCm: "ops.catalog.width",
    heightCm: "ops.catalog.height",
  } as const;
  const number = (field: "weightGrams" | (typeof sides)[number], digits: number) => ({
    name: field,
    inputMode: "numeric" as const,
    autoComplete: "off",
    maxLength: digits,
    value: props.values[field] === null ? "" : String(props.values[field]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const typed = e.target.value.replace(/\D/g, "").slice(0, digits);
      props.onChange(field, typed === "" ? null : Number(typed));
    },
  });
  return (
    <fieldset
      className="mt-4 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
      aria-describedby={`${id}-note`}
    >
      <legend className="px-1 text-sm font-semibold">{t("ops.catalog.parcel")}</legend>
      <p id={`${id}-note`} className="text-xs text-gray-600 dark:text-gray-400">
        {t("ops.catalog.parcelNote")}
      </p>
      <Field
        label={t("ops.catalog.weight")}
        error={message(props.errors.weightGrams)}
        input={number("weightGrams", 6)}
      />
      <div className="grid grid-cols-3 gap-2">
        {sides.map((side) => (
          <Field
            key={side}
            label={t(labels[side])}
            error={message(props.errors[side])}
            input={number(side, 3)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** A product's options and variants as saved: nothing before the product exists. */
const savedDraft = (product: SupplyOpsItem | undefined): VariantDraft =>
  product ? draftOf(product) : { axes: [], rows: [] };

/**
 * Creates or edits a supply product: every language's name and description, category, prices, boutique, and
 * the packed weight and size couriers charge by; once it exists, its pictures and its options and variants (a
 * product with several variants is priced and packed per variant, and its own price and size fields give way).
 */
export function SupplyForm(props: {
  product?: SupplyOpsItem;
  categories: CategoryOption[];
  onDone: () => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const message = useFieldMessage();
  const [product, setProduct] = useState(props.product);
  const [values, setValues] = useState<Values>(() => ({
    categoryId: props.product ? String(props.product.categoryId) : "",
    name: props.product?.name ?? emptyText,
    description: props.product?.description ?? emptyText,
    merchantPrice: props.product?.merchantPrice ?? null,
    suggestedPrice: props.product?.suggestedPrice ?? null,
    stock: props.product ? props.product.stock : null,
    boutique: props.product?.boutique ?? false,
    weightGrams: props.product?.weightGrams ?? null,
    lengthCm: props.product?.lengthCm ?? null,
    widthCm: props.product?.widthCm ?? null,
    heightCm: props.product?.heightCm ?? null,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  // The options and variants: as saved, and as edited; checked as they change once a save was tried.
  const [saved, setSaved] = useState(() => savedDraft(props.product));
  const [draft, setDraft] = useState(saved);
  const [draftChanged, setDraftChanged] = useState(false);
  const [tried, setTried] = useState(false);
  const perVariant = product !== undefined && (saved.axes.length > 0 || draft.axes.length > 0);
  const sendVariants = perVariant && draftChanged;
  const variantErrors = sendVariants && tried ? checkDraft(draft) : {};
  const fromProduct: RowFields = {
    sku: "",
    merchantPrice: values.merchantPrice,
    suggestedPrice: values.suggestedPrice,
    weightGrams: values.weightGrams,
    lengthCm: values.lengthCm,
    widthCm: values.widthCm,
    heightCm: values.heightCm,
  };
  // New combinations are priced and packed like the first variant with options, else like the product.
  const template =
    draft.rows.find((r) => r.values.length > 0) ??
    (saved.axes.length > 0 ? saved.rows[0] : undefined) ??
    fromProduct;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.ops.catalog.pathKey() });
  const keep = (p: SupplyOpsItem) => {
    setProduct(p);
    const next = savedDraft(p);
    setSaved(next);
    setDraft(next);
    setDraftChanged(false);
  };
  const create = useMutation(
    trpc.ops.catalog.create.mutationOptions({
      onSuccess: (created) => {
        toast.notify(t("ops.catalog.created"), "success");
        refresh();
        // Pictures, options and variants are added to the product once it exists.
        keep(created);
      },
    }),
  );
  const update = useMutation(trpc.ops.catalog.update.mutationOptions());
  const saveVariants = useMutation(trpc.ops.catalog.saveVariants.mutationOptions());
  const set = <K extends keyof Values>(field: K, value: Values[K], errorKey: string = field) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [errorKey]: undefined }));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(values, !product, perVariant);
    setErrors(found);
    setTried(true);
    const invalid = [...Object.values(found), ...Object.values(sendVariants ? checkDraft(draft) : {})];
    if (invalid.some(Boolean)) return;
    const fields = {
      categoryId: Number(values.categoryId),
      name: values.name,
      description: values.description,
      boutique: values.boutique,
    };
    const variantFields = {
      merchantPrice: values.merchantPrice!,
      suggestedPrice: values.suggestedPrice!,
      weightGrams: values.weightGrams!,
      lengthCm: values.lengthCm!,
      widthCm: values.widthCm!,
      heightCm: values.heightCm!,
    };
    if (!product) return create.mutate({ ...fields, ...variantFields, stock: values.stock ?? 0 });
    try {
      // Options and variants first: the product's own fields are saved only once they are.
      const variants = sendVariants ? await saveVariants.mutateAsync(variantsInput(product.id, draft)) : null;
      if (variants) keep(variants);
      // A product priced per variant is saved without prices and size (the server refuses them).
      const updated = await update.mutateAsync({
        ...fields,
        ...(perVariant ? {} : variantFields),
        id: product.id,
      });
      const notes = variants ? savedNotes(t, variants) : [];
      toast.add({
        title:
          updated.delisted > 0
            ? t("ops.catalog.savedDelisted", { count: updated.delisted })
            : t("ops.catalog.saved"),
        description: notes.length > 0 ? notes.join(" ") : undefined,
        color: "success",
        timeout: notes.length > 0 ? genericToastTimeout : appToastTimeout,
      });
      refresh();
      props.onDone();
    } catch {
      // The mutation cache shows the server's (translated) message; what was saved stays saved.
      refresh();
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="rounded-xl bg-white p-4 dark:bg-gray-900">
      <div>
        <label htmlFor="supply-category" className="text-sm font-medium">
          {t("ops.catalog.category")}
        </label>
        <select
          id="supply-category"
          value={values.categoryId}
          onChange={(e) => set("categoryId", e.target.value)}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={errors.categoryId ? "supply-category-error" : undefined}
          className="mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800"
        >
          <option value="">{t("merchant.fields.choose")}</option>
          {props.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
        {errors.categoryId && (
          <p id="supply-category-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {message(errors.categoryId)}
          </p>
        )}
      </div>
      {locales.map((l) => (
        <fieldset key={l} className="mt-4 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
          <legend className="px-1 text-sm font-semibold">{localeNames[l]}</legend>
          <Field
            label={t("ops.catalog.name")}
            error={message(errors[`name.${l}`])}
            input={{
              name: `name-${l}`,
              lang: l === "ind" ? "id" : l,
              value: values.name[l],
              maxLength: 120,
              onChange: (e) => set("name", { ...values.name, [l]: e.target.value }, `name.${l}`),
            }}
          />
          <TextAreaField
            label={t("ops.catalog.description")}
            name={`description-${l}`}
            value={values.description[l]}
            max={2000}
            onChange={(v) => set("description", { ...values.description, [l]: v }, `description.${l}`)}
            error={message(errors[`description.${l}`])}
          />
        </fieldset>
      ))}
      {perVariant ? (
        <p className="mt-4 rounded-lg bg-gray-50 p-3 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {t("ops.catalog.variants.perVariant")}
        </p>
      ) : (
        <>
          <AmountField
            label={t("merchant.products.merchantPrice")}
            value={values.merchantPrice}
            onChange={(v) => set("merchantPrice", v)}
            error={message(errors.merchantPrice)}
          />
          <AmountField
            label={t("merchant.products.suggestedPrice")}
            value={values.suggestedPrice}
            onChange={(v) => set("suggestedPrice", v)}
            error={message(errors.suggestedPrice)}
          />
          {!product && (
            <Field
              label={t("ops.catalog.stock")}
              error={message(errors.stock)}
              input={{
                name: "stock",
                inputMode: "numeric",
                value: values.stock === null ? "" : String(values.stock),
                onChange: (e) => {
                  const digits = e.target.value.replace(/\D/g, "").slice(0, 7);
                  set("stock", digits === "" ? null : Number(digits));
                },
              }}
            />
          )}
          <ParcelFields values={values} errors={errors} onChange={(field, value) => set(field, value)} />
        </>
      )}
      <label className="mt-4 flex items-center gap-3">
        <input
          type="checkbox"
          checked={values.boutique}
          onChange={(e) => set("boutique", e.target.checked)}
          className="size-5 accent-primary-700"
        />
        <span>{t("ops.catalog.boutique")}</span>
      </label>
      {product ? (
        <VariantsSection
          draft={draft}
          saved={saved.rows}
          generating={perVariant}
          rowsShown={perVariant && (saved.axes.length > 0 || draft.rows.some((r) => r.values.length > 0))}
          template={template}
          skuBase={skuBase(product)}
          errors={variantErrors}
          onChange={(next) => {
            setDraft(next);
            setDraftChanged(true);
          }}
        />
      ) : (
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          {t("ops.catalog.variants.afterCreate")}
        </p>
      )}
      {product && <Gallery product={product} onChange={setProduct} />}
      <DialogActions
        cancelLabel={t(product && !props.product ? "ops.catalog.done" : "catalog.search.cancel")}
        confirmLabel={t(product ? "ops.catalog.save" : "ops.catalog.create")}
        disabled={create.isPending || update.isPending || saveVariants.isPending}
        onCancel={props.onDone}
      />
    </form>
  );
}
