import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { askPin } from "../../features/account/pin-dialog.tsx";
import { CircleCheck, CircleX, Clock, MapPin } from "lucide-react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/pay";
import { formatIndonesianNumber } from "#common/account-display.ts";
import type { ShippingOption } from "#common/contracts/shipping.ts";
import { maxOrderNoteLength } from "#common/order-states.ts";
import type { PlaceMethod } from "#common/payment-channels.ts";
import { Field } from "../../features/auth/form.tsx";
import { ItemLine, MoneySummary } from "../../features/orders/order-ui.tsx";
import { decodeLines } from "../../features/orders/decode-lines.ts";
import { ShippingPicker } from "../../features/orders/shipping-picker.tsx";
import { ChannelPicker, ChoiceRow } from "../../features/payments/channel-picker.tsx";
import { attemptPath, formatWindow, walletPhoneProblem } from "../../features/payments/channels.ts";
import { useSuggestPhone } from "../../features/payments/suggest-phone.ts";
import { CheckoutVouchers } from "../../features/promotions/checkout-vouchers.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { useIntentKey } from "../../features/wallet/intent-key.ts";
import { buttonLink, Card } from "../../ui/card.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const result = url.searchParams.get("result");
  const lines = decodeLines(url.searchParams.get("lines"));
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    (result && /^chk_[0-9a-z]{1,59}$/.test(result)
      ? queryClient.fetchQuery(trpc.orders.payment.queryOptions({ id: result })).then(() => null)
      : queryClient.fetchQuery(trpc.addresses.list.queryOptions()).then((addresses) =>
          lines.length > 0
            ? // A product gone or short of stock is said on the page, not thrown.
              queryClient
                .prefetchQuery(
                  trpc.orders.quote.queryOptions(
                    quoteInput(lines, deliveryAddress(addresses, url.searchParams.get("address"))?.id, {}),
                  ),
                )
                .then(() => null)
            : null,
        )
    ).catch(signInOnUnauthorized(url, locale)),
  );
  return {
    dehydrated,
    title: serverT(context, locale)(result ? "orders.pay.resultTitle" : "orders.pay.title"),
  };
}

/** The address the checkout delivers to: the one chosen, else the default, else the first. */
function deliveryAddress<A extends { id: string; isDefault: boolean }>(
  addresses: readonly A[],
  chosen: string | null,
) {
  return addresses.find((a) => a.id === chosen) ?? addresses.find((a) => a.isDefault) ?? addresses[0];
}

type Choices = Record<string, { courier: ShippingOption["courier"]; service: string }>;

/** The quote's input, the same on the server's first render and the browser's (the query key). */
function quoteInput(
  lines: { listingId: string; quantity: number }[],
  addressId: string | undefined,
  choices: Choices,
  vouchers?: string[],
) {
  const shipping = Object.entries(choices).map(([storeId, c]) => ({ storeId, ...c }));
  return {
    lines,
    ...(addressId ? { addressId } : {}),
    ...(shipping.length > 0 ? { shipping } : {}),
    // Left out until the shopper chooses: the checkout picks the best vouchers (issue 42).
    ...(vouchers ? { vouchers } : {}),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A checkout's payment: paid, waiting (back to its method screen), cancelled or expired. */
function PaymentResult(props: { id: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const payment = useQuery({
    ...trpc.orders.payment.queryOptions({ id: props.id }),
    // The gateway's notification may arrive a moment after the shopper does.
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 2000 : false),
  }).data;
  if (!payment) return null;
  const Icon = payment.status === "paid" ? CircleCheck : payment.status === "pending" ? Clock : CircleX;
  const message = {
    paid: "orders.pay.resultPaid",
    pending: "orders.pay.resultPending",
    cancelled: "orders.pay.resultCancelled",
    expired: "orders.pay.resultExpired",
  } as const;
  const firstOrder = payment.orderIds[0];
  return (
    <main id="main" className="px-4 py-10 text-center">
      <Icon className="mx-auto size-14 text-primary-700 dark:text-primary-400" aria-hidden="true" />
      <div role="status">
        <h1 className="mt-3 text-xl font-bold">{t(message[payment.status])}</h1>
        <p className="mt-1 text-lg font-semibold tabular-nums">{formatRupiah(payment.amount)}</p>
      </div>
      <div className="mx-auto mt-6 flex max-w-sm flex-col gap-3">
        {payment.attemptId && payment.status === "pending" && (
          <Link to={localizePath(locale, attemptPath(payment.attemptId))} className={buttonLink("primary")}>
            {t("orders.pay.continuePay")}
          </Link>
        )}
        <Link
          to={localizePath(
            locale,
            payment.orderIds.length === 1 && firstOrder
              ? `/h5/order/detail?id=${firstOrder}`
              : `/h5/order?tab=${payment.status === "paid" ? "pending_shipment" : "pending_payment"}`,
          )}
          className={buttonLink(payment.attemptId && payment.status === "pending" ? "secondary" : "primary")}
        >
          {t("orders.pay.viewOrders")}
        </Link>
      </div>
    </main>
  );
}

function Checkout() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const lines = decodeLines(search.get("lines"));
  const addresses = useQuery(trpc.addresses.list.queryOptions()).data ?? [];
  const address = deliveryAddress(addresses, search.get("address"));
  const [choices, setChoices] = useState<Choices>({});
  const [vouchers, setVouchers] = useState<string[]>();
  const quote = useQuery({
    ...trpc.orders.quote.queryOptions(quoteInput(lines, address?.id, choices, vouchers)),
    enabled: lines.length > 0,
    retry: false,
    // A new courier choice keeps the page as it was until its totals arrive.
    placeholderData: keepPreviousData,
  });
  const [method, setMethod] = useState<PlaceMethod | null>(null);
  /** What the shopper writes to each store, by store id. */
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string>();
  const [error, setError] = useState<string>();
  const intent = useIntentKey();
  const place = useMutation(
    trpc.orders.place.mutationOptions({
      // A courier service gone or repriced since the quote: the new figures are shown, nothing was charged.
      onError: (e) => {
        if (e.data?.code === "CONFLICT") void quote.refetch();
      },
      onSuccess: (placed, sent) => {
        intent.done();
        void queryClient.invalidateQueries({ queryKey: trpc.cart.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
        if (placed.attemptId) {
          // How to pay by the channel chosen; an e-wallet opens by itself there.
          void navigate(localizePath(locale, attemptPath(placed.attemptId, { open: true })), {
            replace: true,
          });
          return;
        }
        toast.notify(t(sent.method === "cod" ? "orders.cod.placed" : "orders.detail.paid"), "success");
        void navigate(
          localizePath(
            locale,
            placed.orderIds.length === 1
              ? `/h5/order/detail?id=${placed.orderIds[0]}`
              : "/h5/order?tab=pending_shipment",
          ),
          { replace: true },
        );
      },
    }),
  );
  const back = encodeURIComponent(location.pathname + location.search);
  const suggestPhone = useSuggestPhone(address?.mobile);

  if (lines.length === 0 || quote.isError) {
    return (
      <main id="main" className="px-4 py-12 text-center">
        <p className="text-gray-700 dark:text-gray-300">{quote.error?.message ?? t("orders.pay.empty")}</p>
        <Link
          to={localizePath(locale, "/h5/cart")}
          className={`${buttonLink("primary")} mx-auto mt-6 max-w-60`}
        >
          {t("orders.cart.title")}
        </Link>
      </main>
    );
  }
  const q = quote.data;
  if (!q) return null;
  const short = Math.max(0, q.total - q.balance);
  // The chosen channel's fee (or cash on delivery's) is paid on top of the orders' total.
  const codOpen = q.cod.refusal === null;
  const fee =
    method === "cod" && codOpen ? q.cod.fee : (q.channels.find((c) => c.channel === method)?.fee ?? 0);
  const chosen = q.channels.find((c) => c.channel === method);
  const total = q.total + fee;
  const choose = (next: PlaceMethod) => {
    setMethod(next);
    if (next === "cod") {
      // Cash on delivery rides only with services that collect it: each store moves to its cheapest one.
      const moved = Object.fromEntries(
        q.stores.flatMap((s) => {
          const cod = s.shipping.selected?.cod ? null : s.shipping.options.find((o) => o.cod);
          return cod ? [[s.storeId, { courier: cod.courier, service: cod.service }]] : [];
        }),
      );
      if (Object.keys(moved).length > 0) setChoices((c) => ({ ...c, ...moved }));
    }
    setError(undefined);
    setPhoneError(undefined);
  };
  const submit = () => {
    if (!address) return setError(t("errors.checkout.selectAddress"));
    if (!method) return setError(t("errors.checkout.selectMethod"));
    const shipping = q.stores.map(
      (s) => s.shipping.selected && { storeId: s.storeId, ...s.shipping.selected },
    );
    if (shipping.some((c) => !c)) return setError(t("errors.shipping.chooseService"));
    if (method === "wallet" && short > 0) return setError(t("errors.money.insufficientBalance"));
    if (method === "cod" && !codOpen) return setError(t("errors.checkout.selectMethod"));
    const phoneProblem = method === "ovo" ? walletPhoneProblem(phone) : undefined;
    if (phoneProblem) {
      setPhoneError(t(phoneProblem));
      return setError(t(phoneProblem));
    }
    setError(undefined);
    const placing = {
      lines,
      addressId: address.id,
      shipping: shipping.map((c) => ({
        storeId: c!.storeId,
        courier: c!.courier,
        service: c!.service,
        price: c!.price,
      })),
      method,
      ...(method === "ovo" ? { phone: phone.trim() } : {}),
      fromCart: search.get("from") === "cart",
      notes: Object.entries(notes)
        .map(([storeId, note]) => ({ storeId, note: note.trim() }))
        .filter((n) => n.note !== ""),
      vouchers: q.vouchers.filter((v) => v.chosen).map((v) => v.id),
      expectedTotal: q.total,
    };
    const idempotencyKey = intent.keyFor(placing);
    // The wallet pays at once: its owner's PIN first (issue 43).
    if (method === "wallet") {
      return askPin({
        title: t("orders.pay.pinTitle", { total: formatRupiah(total) }),
        confirmLabel: t("orders.pay.payNow"),
        onProof: (proof) => place.mutateAsync({ ...placing, proof, idempotencyKey }),
      });
    }
    place.mutate({ ...placing, idempotencyKey });
  };
  return (
    <main id="main" className="pb-28">
      <Card labelledBy="pay-address">
        <div className="flex items-center justify-between gap-3">
          <h2 id="pay-address" className="font-semibold">
            {t("orders.pay.address")}
          </h2>
          {address && (
            <Link
              to={localizePath(locale, `/h5/delivery?back=${back}`)}
              className="text-sm font-medium text-primary-800 dark:text-primary-300"
            >
              {t("orders.pay.changeAddress")}
            </Link>
          )}
        </div>
        {address ? (
          <div className="mt-2 flex gap-2 text-sm">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">
                {address.name} · {formatIndonesianNumber(address.mobile)}
              </p>
              <p className="text-gray-700 dark:text-gray-300">
                {address.detail}, {address.area} {address.postcode}
              </p>
            </div>
          </div>
        ) : (
          <Link
            to={localizePath(locale, `/h5/delivery?back=${back}&edit=new`)}
            className={`${buttonLink("secondary")} mt-3`}
          >
            {t("orders.pay.addAddress")}
          </Link>
        )}
      </Card>
      {q.stores.map((store) => (
        <Card key={store.storeId} labelledBy={`store-${store.storeId}`}>
          <h2 id={`store-${store.storeId}`} className="font-semibold">
            {store.storeName}
          </h2>
          {store.items.map((i) => (
            <ItemLine
              key={i.variantId}
              name={i.name}
              variant={i.variantLabel}
              image={i.image}
              price={i.price}
              quantity={i.quantity}
            />
          ))}
          <ShippingPicker
            storeId={store.storeId}
            options={store.shipping.options}
            selected={store.shipping.selected}
            picked={choices[store.storeId]}
            hasAddress={!!address}
            codOnly={method === "cod"}
            onChange={(o) =>
              setChoices((c) => ({ ...c, [store.storeId]: { courier: o.courier, service: o.service } }))
            }
          />
          <Field
            label={t("orders.pay.noteLabel")}
            input={{
              name: `note-${store.storeId}`,
              maxLength: maxOrderNoteLength,
              placeholder: t("orders.pay.notePlaceholder"),
              value: notes[store.storeId] ?? "",
              onChange: (e) => {
                const value = e.target.value;
                setNotes((n) => ({ ...n, [store.storeId]: value }));
              },
            }}
          />
          <div className="mt-2 border-t border-gray-100 pt-2 dark:border-gray-800">
            <MoneySummary
              {...store}
              vatBasisPoints={q.vatBasisPoints}
              postagePending={!address}
              // On delivery each store's order shows its COD fee and what its courier collects, as its order will.
              codFee={method === "cod" && codOpen ? store.codFee : null}
              grandTotal={method === "cod" && codOpen ? store.total + store.codFee : store.total}
            />
          </div>
        </Card>
      ))}
      <CheckoutVouchers quote={q} stores={q.stores} onChoose={setVouchers} />
      <Card labelledBy="pay-method">
        <fieldset>
          <legend id="pay-method" className="font-semibold">
            {t("orders.pay.method")}
          </legend>
          <div className="mt-3">
            <ChoiceRow
              name="method"
              value="wallet"
              checked={method === "wallet"}
              onChange={() => choose("wallet")}
              label={t("orders.pay.wallet")}
              note={t("orders.pay.walletBalance", { balance: formatRupiah(q.balance) })}
            >
              {method === "wallet" && short > 0 && (
                <p className="px-3 pb-3 text-sm text-red-700 dark:text-red-400">
                  {t("orders.pay.short", { short: formatRupiah(short) })}{" "}
                  <Link
                    to={localizePath(locale, "/h5/merchant/recharge")}
                    className="font-semibold underline"
                  >
                    {t("orders.pay.recharge")}
                  </Link>
                </p>
              )}
            </ChoiceRow>
          </div>
          <div className="mt-3">
            <ChoiceRow
              name="method"
              value="cod"
              checked={method === "cod"}
              disabled={!codOpen}
              onChange={() => choose("cod")}
              label={t("orders.cod.label")}
              {...(codOpen ? { describedBy: "cod-terms" } : {})}
              note={
                codOpen
                  ? t("orders.cod.note", { fee: formatRupiah(q.cod.fee) })
                  : t(`orders.cod.unavailable.${q.cod.refusal!}`, {
                      max: formatRupiah(q.cod.maxAmount),
                      count: q.cod.refusal === "age" ? q.cod.minAccountDays : q.cod.maxRefused,
                      window: q.cod.refusalDays,
                    })
              }
            >
              {codOpen && (
                <p id="cod-terms" className="px-3 pb-3 text-sm text-amber-900 dark:text-amber-200">
                  {t("orders.cod.noRefusal")}
                </p>
              )}
            </ChoiceRow>
          </div>
          <ChannelPicker
            name="method"
            offers={q.channels}
            value={method}
            onChange={choose}
            phone={phone}
            onPhoneChange={(next) => {
              setPhone(next);
              setPhoneError(undefined);
            }}
            phoneError={phoneError}
            suggestPhone={suggestPhone}
          />
        </fieldset>
        {(q.stores.length > 1 || chosen) && (
          <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
            {q.stores.length > 1 && `${t("orders.pay.ordersNote", { count: q.stores.length })} `}
            {/* The chosen channel's window; the wallet pays at once and cash on delivery on delivery. */}
            {chosen && t("orders.pay.window", { time: formatWindow(t, chosen.windowMinutes) })}
          </p>
        )}
      </Card>
      <div className="fixed inset-x-0 bottom-0 z-20 mx-auto max-w-md border-t border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
        {error && (
          <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex items-center gap-3">
          <p className="flex-1 text-sm">
            {t(address ? "orders.pay.total" : "orders.pay.totalBeforePostage")}{" "}
            <strong
              className="block text-lg text-primary-800 tabular-nums dark:text-primary-300"
              data-testid="checkout-total"
            >
              {formatRupiah(total)}
            </strong>
            {fee > 0 && (
              <span className="block text-xs text-gray-600 dark:text-gray-400" data-testid="checkout-fee">
                {t(method === "cod" ? "orders.cod.fee" : "payments.screen.fee")} {formatRupiah(fee)}
              </span>
            )}
          </p>
          <button
            type="button"
            onClick={submit}
            // While a new courier choice is priced, the figures shown are the old ones: nothing to place yet.
            disabled={place.isPending || quote.isPlaceholderData}
            className="h-12 rounded-full bg-primary-700 px-5 font-semibold text-white disabled:opacity-60"
          >
            {method === "cod" ? t("orders.cod.place") : t("orders.pay.place", { total: formatRupiah(total) })}
          </button>
        </div>
      </div>
    </main>
  );
}

function PayContent() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const result = search.get("result");
  return (
    <>
      <AppHeader back title={t(result ? "orders.pay.resultTitle" : "orders.pay.title")} />
      {result ? <PaymentResult id={result} /> : <Checkout />}
    </>
  );
}

export default function Pay({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <PayContent />
    </QueryBoundary>
  );
}
