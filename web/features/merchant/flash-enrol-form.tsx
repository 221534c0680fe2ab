// A merchant enrols one of their store's listings (one variant of it) in a flash-sale slot (issue 42).
import { useEffect, useRef, useState } from "react";
import { skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { FlashEnrolSchema } from "#common/contracts/flash.ts";
import type { MessageKey } from "#common/i18n/messages.ts";
import type { FieldErrors } from "../auth/form.tsx";
import type { ManagedFlashSlot } from "./managed-flash.tsx";
import { CountField, MoneyField } from "./number-fields.tsx";
import { refusalErrors } from "../ops/ops-ui.tsx";
import { discountPercent, formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatPeriod, useTimeZone } from "../../lib/time-zone.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Figure } from "../../ui/card.tsx";
import { Choice } from "../../ui/choice.tsx";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { SelectList } from "../../ui/select-list.tsx";

export type FlashEnrolInput = z.input<typeof FlashEnrolSchema>;

/** The most pages of 50 listings the product list loads (a store of more types a name to find the rest). */
const maxListingPages = 10;

interface Values {
  listingId: string;
  variantId: string;
  flashPrice: number | null;
  slotStock: number | null;
  perShopperLimit: number | null;
}
type FieldName = Exclude<keyof Values, "listingId" | "variantId"> | "product" | "variant";

/** The form's field of a server issue's path (`listingId` is the product's choice). */
function fieldErrors(error: unknown): FieldErrors {
  const errors = refusalErrors(error);
  const { listingId, variantId, ...rest } = errors;
  return { ...rest, product: listingId, variant: variantId };
}

/**
 * The store's listings on sale (up to 500, loaded 50 at a time) as a searchable list; once one is chosen, its
 * variants on sale come from the store's prices, and a product sold in several asks which one. Its selling price,
 * the store's cost and its stock show before the flash price is typed, with the saving as it is typed. What the
 * page can check without the server (nothing chosen or typed) is checked here; the server says the rest (a flash
 * price not below the selling price or below the cost, more units than in stock, the product already in a slot at
 * those hours), in words under the fields or above the buttons.
 */
export function FlashEnrolForm(props: {
  slot: ManagedFlashSlot;
  saleName: string;
  pending: boolean;
  onSave: (input: FlashEnrolInput, handlers: { onError: (error: unknown) => void }) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the focus goes to the form's title, where reading it starts.
  useEffect(() => heading.current?.focus(), []);
  const [values, setValues] = useState<Values>({
    listingId: "",
    variantId: "",
    flashPrice: null,
    slotStock: null,
    perShopperLimit: 1,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (change: Partial<Values>, fields: FieldName[]) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])), form: undefined }));
  };

  const listings = useInfiniteQuery(
    trpc.merchants.listings.infiniteQueryOptions(
      { status: "active", limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const pages = listings.data?.pages.length ?? 0;
  useEffect(() => {
    if (listings.hasNextPage && !listings.isFetchingNextPage && pages < maxListingPages)
      void listings.fetchNextPage();
  }, [listings, pages]);
  // The variants already in this slot are not offered again, nor a product whose only variant on sale is; nor a
  // variant out of stock (the slot's units must be in stock when it is enrolled).
  const taken = new Set(props.slot.items.map((i) => i.variantId));
  const takenListings = new Set(props.slot.items.map((i) => i.listingId));
  const own = (listings.data?.pages ?? [])
    .flatMap((p) => p.items)
    .filter(
      (l) =>
        l.supplied &&
        l.stock > 0 &&
        l.variantsOnSale > 0 &&
        !(l.variantsOnSale === 1 && takenListings.has(l.id)),
    );
  const listing = own.find((l) => l.id === values.listingId);
  const variants = useQuery(
    trpc.merchants.variants.queryOptions(listing ? { supplyProductId: listing.supplyProductId } : skipToken),
  );
  const onSale =
    (listing &&
      variants.data?.variants.filter(
        (v) => v.onSale && v.price !== null && v.stock > 0 && !taken.has(v.id),
      )) ||
    [];
  // A product without options, or with one variant on sale, needs no choice.
  const variant = onSale.length === 1 ? onSale[0] : onSale.find((v) => v.id === values.variantId);
  const listedPrice = variant?.price ?? null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    const need = (field: FieldName, ok: boolean, key: MessageKey) => {
      if (!ok) found[field] = t(key);
    };
    need("product", Boolean(listing), "merchant.flash.form.chooseProduct");
    if (listing && variants.data) need("variant", Boolean(variant), "merchant.flash.form.chooseVariant");
    need("flashPrice", values.flashPrice !== null && values.flashPrice > 0, "errors.flash.price");
    need("slotStock", values.slotStock !== null && values.slotStock > 0, "errors.flash.slotStock");
    need("perShopperLimit", values.perShopperLimit !== null, "errors.flash.limit");
    setErrors(found);
    const focusFirst = () =>
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    if (Object.keys(found).length > 0 || !listing || !variant) return focusFirst();
    props.onSave(
      {
        slotId: props.slot.id,
        listingId: listing.id,
        variantId: variant.id,
        flashPrice: values.flashPrice!,
        slotStock: values.slotStock!,
        perShopperLimit: values.perShopperLimit!,
      },
      {
        onError: (error) => {
          setErrors(fieldErrors(error));
          focusFirst();
        },
      },
    );
  };

  const f = "merchant.flash.form";
  const saving =
    listedPrice !== null && values.flashPrice !== null ? discountPercent(values.flashPrice, listedPrice) : 0;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="flash-enrol-title">
      <h2 ref={heading} id="flash-enrol-title" tabIndex={-1} className="text-lg font-semibold outline-none">
        {t("merchant.flash.join")}
      </h2>
      <dl className="mt-2 text-sm">
        <Figure label={t(`${f}.slot`)}>
          <span className="block font-normal">{props.saleName}</span>
          {formatPeriod(props.slot.startsAt, props.slot.endsAt, locale, zone)}
        </Figure>
      </dl>
      {listings.isSuccess && own.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t(`${f}.noListings`)}</p>
      ) : (
        <SelectList
          label={t(`${f}.product`)}
          name="listingId"
          placeholder={listings.isPending ? `${t("shell.loading")}…` : t(`${f}.productPlaceholder`)}
          options={own.map((l) => ({ value: l.id, label: l.name }))}
          value={values.listingId}
          disabled={listings.isPending}
          error={errors.product}
          onChange={(listingId) => set({ listingId, variantId: "" }, ["product", "variant"])}
        />
      )}
      {listing && variants.isPending && (
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">{t("shell.loading")}…</p>
      )}
      {listing && variants.isSuccess && onSale.length === 0 && (
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{t(`${f}.allEnrolled`)}</p>
      )}
      {onSale.length > 1 && (
        <Choice
          legend={t(`${f}.variant`)}
          value={values.variantId}
          options={onSale.map((v) => ({
            value: v.id,
            label: t(`${f}.variantOption`, {
              label: v.label ?? v.sku,
              stock: formatNumber(v.stock, locale),
            }),
          }))}
          onChange={(variantId) => set({ variantId }, ["variant"])}
          error={errors.variant}
        />
      )}
      {listing && onSale.length > 0 && (
        // What is chosen, whole (the list's field cuts a long name off), with its prices and stock.
        <div
          className="mt-4 rounded-lg bg-gray-50 p-3 text-sm dark:bg-gray-800"
          data-testid="flash-enrol-prices"
        >
          <p className="font-medium">
            {listing.name}
            {variant?.label ? ` · ${variant.label}` : ""}
          </p>
          {variant && listedPrice !== null && (
            <dl className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-x-3 gap-y-2">
              <Figure label={t(`${f}.listedPrice`)}>{formatRupiah(listedPrice)}</Figure>
              <Figure label={t(`${f}.cost`)}>{formatRupiah(variant.merchantPrice)}</Figure>
              <Figure label={t(`${f}.stock`)}>{formatNumber(variant.stock, locale)}</Figure>
            </dl>
          )}
        </div>
      )}
      <MoneyField
        name="flashPrice"
        label={t(`${f}.flashPrice`)}
        hint={
          variant && listedPrice !== null
            ? t(`${f}.flashPriceHint`, {
                price: formatRupiah(listedPrice),
                cost: formatRupiah(variant.merchantPrice),
              })
            : undefined
        }
        value={values.flashPrice}
        onChange={(flashPrice) => set({ flashPrice }, ["flashPrice"])}
        error={errors.flashPrice}
      />
      <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-400" aria-live="polite">
        {saving > 0 ? t(`${f}.saving`, { percent: saving }) : ""}
      </p>
      <CountField
        name="slotStock"
        label={t(`${f}.slotStock`)}
        hint={variant ? t(`${f}.slotStockHint`, { stock: formatNumber(variant.stock, locale) }) : undefined}
        value={values.slotStock}
        onChange={(slotStock) => set({ slotStock }, ["slotStock"])}
        error={errors.slotStock}
      />
      <CountField
        name="perShopperLimit"
        label={t(`${f}.perShopperLimit`)}
        hint={t(`${f}.perShopperLimitHint`)}
        value={values.perShopperLimit}
        onChange={(perShopperLimit) => set({ perShopperLimit }, ["perShopperLimit"])}
        error={errors.perShopperLimit}
      />
      {errors.form && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {errors.form}
        </p>
      )}
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={t("merchant.flash.join")}
        disabled={props.pending}
        onCancel={props.onCancel}
      />
    </form>
  );
}
