import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/aftersales";
import {
  replacementDays,
  returnReasons,
  type AfterSalesKind,
  type ReturnReason,
} from "#common/order-states.ts";
import { afterSalesPhotosMax, afterSalesReasonMax } from "#common/review-states.ts";
import { TextAreaField } from "../../features/merchant/store-fields.tsx";
import { ItemLine } from "../../features/orders/order-ui.tsx";
import { PhotoPicker } from "../../features/reviews/review-form.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { newIntentKey } from "../../features/wallet/intent-key.ts";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id") ?? "";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.orders.get.queryOptions({ id }))
      .catch(signInOnUnauthorized(url, locale))
      .catch(rethrowNotFound),
  );
  return { dehydrated, title: serverT(context, locale)("aftersales.form.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Asks to return (refund) or replace an item of a received order, within the FAQ's windows. */
function AfterSalesContent() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  const order = useQuery(trpc.orders.get.queryOptions({ id })).data;
  // `item` names the variant bought (or, in links from before variants, the listing).
  const item = order?.items.find(
    (i) => i.variantId === search.get("item") || i.listingId === search.get("item"),
  );
  const [kind, setKind] = useState<AfterSalesKind | "">("");
  const [category, setCategory] = useState<ReturnReason | "">("");
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ kind?: string; category?: string; reason?: string }>({});
  const [key] = useState(newIntentKey);
  const ask = useMutation(
    trpc.orders.requestAfterSales.mutationOptions({
      onSuccess: () => {
        toast.notify(t("aftersales.form.sent"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
        void navigate(localizePath(locale, `/h5/order/detail?id=${id}`), { replace: true });
      },
    }),
  );
  if (!order || !item) {
    return (
      <>
        <AppHeader back title={t("aftersales.form.title")} />
        <main id="main">
          <Card>
            <p>{t("errors.orders.notFound")}</p>
          </Card>
        </main>
      </>
    );
  }
  const until = order.afterSalesUntil;
  const now = new Date();
  const kinds = (["return", "replacement"] as const).filter((k) => until && now <= until[k]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = {
      kind: kind ? undefined : t("errors.returns.kind"),
      category: category ? undefined : t("errors.returns.category"),
      reason: !reason.trim()
        ? t("errors.returns.reasonRequired")
        : reason.trim().length > afterSalesReasonMax
          ? t("errors.returns.reasonLong")
          : undefined,
    };
    setErrors(found);
    if (found.kind || found.category || found.reason) return;
    const form = new FormData();
    form.set("orderId", order.id);
    form.set("variantId", item.variantId);
    form.set("kind", kind);
    form.set("category", category);
    form.set("quantity", String(quantity));
    form.set("reason", reason);
    form.set("idempotencyKey", key);
    for (const photo of photos) form.append("photos", photo);
    ask.mutate(form);
  };
  return (
    <>
      <AppHeader back title={t("aftersales.form.title")} />
      <main id="main" className="pb-8">
        <Card>
          <ItemLine
            name={item.name}
            variant={item.variantLabel}
            image={item.image}
            price={item.price}
            quantity={item.quantity}
          />
          {until && (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t("aftersales.until", {
                returns: formatDateTime(until.return, locale, zone),
                replacements: formatDateTime(until.replacement, locale, zone),
              })}
            </p>
          )}
        </Card>
        <Card>
          {kinds.length === 0 ? (
            <p>{t("errors.returns.replacementClosed", { count: replacementDays })}</p>
          ) : (
            <form onSubmit={submit} noValidate>
              <fieldset aria-describedby={errors.kind ? "kind-error" : undefined}>
                <legend className="text-sm font-medium">{t("aftersales.form.kind")}</legend>
                {kinds.map((k) => (
                  <label
                    key={k}
                    className="mt-2 flex min-h-11 items-center gap-3 rounded-lg border border-gray-300 px-3 dark:border-gray-600"
                  >
                    <input
                      type="radio"
                      name="kind"
                      value={k}
                      checked={kind === k}
                      onChange={() => {
                        setKind(k);
                        setErrors((x) => ({ ...x, kind: undefined }));
                      }}
                      className="size-5 accent-primary-700"
                    />
                    <span>
                      <span className="block font-medium">{t(`aftersales.kinds.${k}`)}</span>
                      <span className="block text-sm text-gray-600 dark:text-gray-400">
                        {t(`aftersales.form.${k}Hint`)}
                      </span>
                    </span>
                  </label>
                ))}
                {errors.kind && (
                  <p id="kind-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                    {errors.kind}
                  </p>
                )}
              </fieldset>
              <fieldset
                className="mt-4"
                aria-describedby={errors.category ? "category-error" : undefined}
                data-testid="return-category"
              >
                <legend className="text-sm font-medium">{t("aftersales.form.category")}</legend>
                <div className="mt-1 grid grid-cols-2 gap-2">
                  {returnReasons.map((c) => (
                    <label
                      key={c}
                      className="flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm dark:border-gray-600"
                    >
                      <input
                        type="radio"
                        name="category"
                        value={c}
                        checked={category === c}
                        onChange={() => {
                          setCategory(c);
                          setErrors((x) => ({ ...x, category: undefined }));
                        }}
                        className="size-5 shrink-0 accent-primary-700"
                      />
                      {t(`aftersales.categories.${c}`)}
                    </label>
                  ))}
                </div>
                {errors.category && (
                  <p id="category-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                    {errors.category}
                  </p>
                )}
              </fieldset>
              {item.quantity > 1 && (
                <div className="mt-4">
                  <label htmlFor="after-sales-quantity" className="text-sm font-medium">
                    {t("aftersales.form.quantity")}
                  </label>
                  <select
                    id="after-sales-quantity"
                    value={quantity}
                    onChange={(e) => setQuantity(Number(e.target.value))}
                    className="mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800"
                  >
                    {Array.from({ length: item.quantity }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <TextAreaField
                label={t("aftersales.form.reason")}
                name="reason"
                value={reason}
                max={afterSalesReasonMax}
                onChange={(v) => {
                  setReason(v);
                  setErrors((x) => ({ ...x, reason: undefined }));
                }}
                error={errors.reason}
              />
              <PhotoPicker files={photos} onChange={setPhotos} max={afterSalesPhotosMax} />
              <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{t("aftersales.form.note")}</p>
              <button
                type="submit"
                disabled={ask.isPending}
                className="mt-4 h-12 w-full rounded-full bg-primary-700 font-semibold text-white disabled:opacity-60"
              >
                {t("aftersales.form.submit")}
              </button>
            </form>
          )}
        </Card>
      </main>
    </>
  );
}

export default function AfterSales({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <AfterSalesContent />
    </QueryBoundary>
  );
}
