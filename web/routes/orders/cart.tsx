import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ShoppingCart } from "lucide-react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/cart";
import type { CartView } from "#common/contracts/orders.ts";
import { ProductRow } from "../../features/catalog/product-card.tsx";
import { ItemLine } from "../../features/orders/order-ui.tsx";
import { encodeLines, Stepper } from "../../features/orders/lines.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { buttonLink } from "../../ui/card.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export const handle = { tabBar: true };

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.cart.get.queryOptions())
      .then((cart) => {
        const first = cart.stores[0]?.items[0];
        return first
          ? queryClient.prefetchQuery(trpc.listings.recommended.queryOptions({ id: first.listingId }))
          : null;
      })
      .catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("orders.cart.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

type Item = CartView["stores"][number]["items"][number];

/** A line's product page, with its variant chosen (`o1`, `o2`: decision 25). */
const productPath = (item: Item) => {
  const choice = item.optionValues.map((id, i) => `o${i + 1}=${id}`).join("&");
  return `/h5/products/${item.listingId}${choice ? `?${choice}` : ""}`;
};

/** Lines taken out because their variant is no longer sold: said once, until the shopper closes it. */
function Notices(props: { notices: CartView["notices"]; onClose: () => void }) {
  const { t } = useI18n();
  if (props.notices.length === 0) return null;
  return (
    <section
      role="status"
      className="mx-3 mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <ul className="grid gap-1">
        {props.notices.map((n) => (
          <li key={n.id}>
            {t("orders.cart.variantGone", { name: n.variantLabel ? `${n.name}, ${n.variantLabel}` : n.name })}
          </li>
        ))}
      </ul>
      <button type="button" className="mt-2 min-h-11 font-semibold underline" onClick={props.onClose}>
        {t("orders.cart.noticeClose")}
      </button>
    </section>
  );
}

function Recommended(props: { id: string }) {
  const trpc = useTRPC();
  const { t } = useI18n();
  const products = useQuery(trpc.listings.recommended.queryOptions({ id: props.id })).data ?? [];
  return <ProductRow id="cart-recommended" title={t("orders.cart.recommended")} products={products} />;
}

function CartContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const cart = useQuery(trpc.cart.get.queryOptions()).data;
  // Products the shopper unticked; everything available is selected until then.
  const [unselected, setUnselected] = useState<Set<string>>(() => new Set());
  const revalidator = useRevalidator();
  // The page's data and the tab bar's badge, read again after a change.
  const refresh = () => void revalidator.revalidate();
  const setQuantity = useMutation(trpc.cart.setQuantity.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.cart.remove.mutationOptions({ onSuccess: refresh }));
  const clear = useMutation(trpc.cart.clear.mutationOptions({ onSuccess: refresh }));
  const dismiss = useMutation(trpc.cart.dismissNotices.mutationOptions({ onSuccess: refresh }));
  if (!cart) return null;
  const items = cart.stores.flatMap((s) => s.items);
  const available = items.filter((i) => i.available);
  const lineKey = (i: Item) => `${i.listingId}:${i.variantId}`;
  const isSelected = (i: Item) => i.available && !unselected.has(lineKey(i));
  const selected = available.filter(isSelected);
  const total = selected.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const toggle = (ids: string[], on: boolean) =>
    setUnselected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const checkbox = "size-5 accent-primary-700";

  return (
    <>
      <AppHeader
        title={t("orders.cart.title")}
        actions={
          items.length > 0 ? (
            <button
              type="button"
              className="px-2 text-sm font-medium text-red-700 dark:text-red-400"
              onClick={() =>
                modal.open(ConfirmDialog, {
                  title: t("orders.cart.clearConfirm"),
                  cancelLabel: t("orders.cart.cancel"),
                  confirmLabel: t("orders.cart.clear"),
                  onConfirm: () => clear.mutate(),
                })
              }
            >
              {t("orders.cart.clear")}
            </button>
          ) : undefined
        }
      />
      <main id="main" className="pb-40">
        <Notices notices={cart.notices} onClose={() => dismiss.mutate()} />
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 px-4 py-16 text-center">
            <ShoppingCart className="size-12 text-gray-400" aria-hidden="true" />
            <p className="text-gray-700 dark:text-gray-300">{t("orders.cart.empty")}</p>
            <Link to={localizePath(locale, "/h5")} className={`${buttonLink("primary")} max-w-60`}>
              {t("orders.cart.goShopping")}
            </Link>
          </div>
        ) : (
          <>
            {/* Above the stores, as in the shops Indonesians know: the bar at the foot keeps its width for the
                total and the checkout button. */}
            <label className="mx-3 mt-3 flex items-center gap-3 rounded-xl bg-white px-3 py-2.5 font-medium dark:bg-gray-900">
              <input
                type="checkbox"
                className={checkbox}
                checked={available.length > 0 && selected.length === available.length}
                disabled={available.length === 0}
                onChange={(e) => toggle(available.map(lineKey), e.target.checked)}
              />
              {t("orders.cart.selectAll")}
            </label>
            {cart.stores.map((store) => {
              const storeAvailable = store.items.filter((i) => i.available);
              const all = storeAvailable.length > 0 && storeAvailable.every(isSelected);
              return (
                <section
                  key={store.storeId}
                  aria-label={store.storeName}
                  className="mx-3 mt-3 rounded-xl bg-white p-3 dark:bg-gray-900"
                >
                  <label className="flex items-center gap-3 py-1 font-semibold">
                    <input
                      type="checkbox"
                      className={checkbox}
                      checked={all}
                      disabled={storeAvailable.length === 0}
                      onChange={(e) => toggle(storeAvailable.map(lineKey), e.target.checked)}
                      aria-label={t("orders.cart.selectStore", { store: store.storeName })}
                    />
                    <Link to={localizePath(locale, `/h5/merchant/shop/${store.storeId}`)}>
                      {store.storeName}
                    </Link>
                  </label>
                  <ul>
                    {store.items.map((item) => (
                      <li
                        key={`${item.listingId}:${item.variantId}`}
                        className="flex items-start gap-3"
                        data-testid="cart-item"
                      >
                        <input
                          type="checkbox"
                          className={`${checkbox} mt-7`}
                          checked={isSelected(item)}
                          disabled={!item.available}
                          onChange={(e) => toggle([lineKey(item)], e.target.checked)}
                          aria-label={t("orders.cart.select", { name: item.name })}
                        />
                        <div className="min-w-0 flex-1">
                          <Link to={localizePath(locale, productPath(item))} className="block">
                            <ItemLine
                              name={item.name}
                              variant={item.variantLabel}
                              image={item.image}
                              price={item.price}
                              quantity={item.quantity}
                            />
                          </Link>
                          <div className="flex items-center justify-between pb-2">
                            {item.available ? (
                              <Stepper
                                label={t("orders.cart.quantity")}
                                value={item.quantity}
                                max={item.stock}
                                disabled={setQuantity.isPending}
                                onChange={(quantity) =>
                                  setQuantity.mutate({
                                    listingId: item.listingId,
                                    variantId: item.variantId,
                                    quantity,
                                  })
                                }
                              />
                            ) : (
                              <span className="text-sm text-gray-600 dark:text-gray-400">
                                {t("orders.cart.unavailable")}
                              </span>
                            )}
                            <button
                              type="button"
                              className="px-2 py-2 text-sm text-red-700 dark:text-red-400"
                              onClick={() =>
                                remove.mutate({
                                  lines: [{ listingId: item.listingId, variantId: item.variantId }],
                                })
                              }
                            >
                              {t("orders.cart.remove")}
                              <span className="sr-only"> {item.name}</span>
                            </button>
                          </div>
                        </div>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </>
        )}
        {items[0] && <Recommended id={items[0].listingId} />}
      </main>
      {items.length > 0 && (
        // The total keeps to one line: when it and the button do not fit side by side (a large total on a 320 px
        // phone), the button moves under it.
        <div className="fixed inset-x-0 bottom-14 z-20 mx-auto flex max-w-md flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
          <p className="grow text-end text-sm whitespace-nowrap" data-testid="cart-total">
            {t("orders.cart.total")}{" "}
            <strong className="text-base text-primary-800 tabular-nums dark:text-primary-300">
              {formatRupiah(total)}
            </strong>
          </p>
          <button
            type="button"
            disabled={selected.length === 0}
            onClick={() =>
              void navigate(localizePath(locale, `/h5/pay?from=cart&lines=${encodeLines(selected)}`))
            }
            className="h-11 shrink-0 rounded-full bg-primary-700 px-4 font-semibold whitespace-nowrap text-white disabled:opacity-50"
          >
            {t("orders.cart.checkout", { count: selected.length })}
          </button>
        </div>
      )}
    </>
  );
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <CartContent />
    </QueryBoundary>
  );
}
