import { lazy, useEffect, useRef, useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX, FlaskConical, RefreshCw } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AttemptView } from "#common/contracts/payments.ts";
import { channelNames } from "#common/payment-channels.ts";
import { buttonLink, Card } from "../../ui/card.tsx";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { modal } from "../../lib/modal.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useBuyAgain } from "../orders/buy-again.ts";
import { attemptPath, pollInterval } from "./channels.ts";
import {
  PushPanel,
  QrisPanel,
  RedirectPanel,
  RetailPanel,
  VaPanel,
  walletTarget,
} from "./attempt-panels.tsx";
import { CopyAnnouncer, useCopy } from "./copy.tsx";

const ChannelDialog = lazy(() => import("./channel-dialog.tsx"));

/** Where a paid attempt lands: the payment's result page, or the recharge's. */
export function resultPath(attempt: Pick<AttemptView, "purpose" | "subjectId">): string {
  const id = encodeURIComponent(attempt.subjectId);
  return attempt.purpose === "orders" ? `/h5/pay?result=${id}` : `/h5/merchant/recharge?result=${id}`;
}

/** Where to choose another way when this attempt cannot be switched: the order, the orders, a new recharge. */
function elsewherePath(attempt: AttemptView): string {
  if (attempt.purpose === "recharge") return "/h5/merchant/recharge";
  const [only] = attempt.orderIds;
  return attempt.orderIds.length === 1 && only
    ? `/h5/order/detail?id=${encodeURIComponent(only)}`
    : "/h5/order?tab=pending_payment";
}

const noSubscription = () => () => {};

const isPhone = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/** Whether this is a phone (an e-wallet opens in its app there); false while the server renders. */
function useIsPhone(): boolean {
  return useSyncExternalStore(noSubscription, isPhone, () => false);
}

/** The key that says an attempt's e-wallet was opened by itself already (once per attempt and tab). */
const openedKey = (id: string) => `pasar-opened-${id}`;

/**
 * The method screen of a payment attempt: how to pay it by its channel, followed by itself while it waits (every
 * few seconds, at once when the shopper comes back to the tab, never while the tab is hidden); paid, it goes to
 * the result; otherwise it says what happened and offers another way.
 */
export function AttemptScreen(props: { id: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const phone = useIsPhone();
  const copy = useCopy();
  const waitingSince = useRef<number | null>(null);
  const attempt = useQuery({
    ...trpc.payments.attempt.queryOptions({ id: props.id }),
    refetchInterval: (query) => {
      if (query.state.data?.status !== "pending") return false;
      if (typeof document !== "undefined" && document.visibilityState === "hidden") return false;
      const now = Date.now();
      waitingSince.current ??= now;
      return pollInterval(now - waitingSince.current);
    },
    refetchIntervalInBackground: false,
    // Back from the bank's or e-wallet's app: asked at once.
    refetchOnWindowFocus: "always",
  }).data;
  // Orders cancelled meanwhile: their products back into the cart, every order's, then on to the cart.
  const buyAgain = useBuyAgain();
  const switchChannel = useMutation(
    trpc.payments.switch.mutationOptions({
      onSuccess: ({ attemptId }) =>
        void navigate(localizePath(locale, attemptPath(attemptId, { open: true })), { replace: true }),
    }),
  );

  // Paid: on to the result, with the orders and the balance read again.
  const landing = attempt?.status === "paid" ? localizePath(locale, resultPath(attempt)) : null;
  useEffect(() => {
    if (!landing) return;
    void queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
    void navigate(landing, { replace: true });
  }, [landing, navigate, queryClient, trpc]);

  // Just chosen (`open=1`): a redirect e-wallet opens once by itself, then the flag leaves the address.
  const autoOpen = search.get("open") === "1" && attempt ? attempt : null;
  useEffect(() => {
    if (!autoOpen) return;
    setSearch(
      (params) => {
        params.delete("open");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    if (autoOpen.status !== "pending" || autoOpen.action.type !== "redirect") return;
    try {
      if (sessionStorage.getItem(openedKey(autoOpen.id))) return;
      sessionStorage.setItem(openedKey(autoOpen.id), "1");
    } catch {
      // No storage: the flag leaving the address is enough.
    }
    window.location.assign(walletTarget(autoOpen.action, isPhone()));
  }, [autoOpen, setSearch]);

  if (!attempt) return null;
  const offers = attempt.channels;
  const canSwitch = attempt.canSwitch && offers.length > 0;
  const changeMethod = () =>
    modal.open(ChannelDialog, {
      title: t("payments.screen.change"),
      offers,
      current: attempt.channel,
      confirmLabel: t("payments.dialog.confirm"),
      onConfirm: (choice) => switchChannel.mutate({ id: attempt.id, ...choice }),
    });
  const name = channelNames[attempt.channel];

  if (attempt.status !== "pending") {
    const paid = attempt.status === "paid";
    const Icon = paid ? CircleCheck : CircleX;
    return (
      <main id="main" className="px-4 py-10 text-center">
        <Icon
          className={`mx-auto size-14 ${paid ? "text-primary-700 dark:text-primary-400" : "text-red-700 dark:text-red-400"}`}
          aria-hidden="true"
        />
        <div role="status">
          <h1 className="mt-3 text-xl font-bold">{t(`payments.states.${attempt.status}.title`)}</h1>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {attempt.buyAgain.length > 0
              ? t("payments.screen.ordersCancelled", { count: attempt.buyAgain.length })
              : t(`payments.states.${attempt.status}.note`)}
          </p>
        </div>
        <p className="mt-3 text-lg font-semibold tabular-nums">
          {name} · {formatRupiah(attempt.amount)}
        </p>
        <div className="mx-auto mt-6 flex max-w-sm flex-col gap-3">
          {paid ? (
            <Link to={localizePath(locale, resultPath(attempt))} className={buttonLink("primary")}>
              {t("payments.screen.result")}
            </Link>
          ) : attempt.buyAgain.length > 0 ? (
            // Nothing is left to pay: another method would lead to a cancelled order.
            <button
              type="button"
              onClick={() => buyAgain.mutate(attempt.buyAgain)}
              disabled={buyAgain.isPending}
              className={`${buttonLink("primary")} disabled:opacity-60`}
            >
              {t("orders.detail.buyAgain")}
            </button>
          ) : canSwitch ? (
            <button type="button" onClick={changeMethod} className={buttonLink("primary")}>
              {t("payments.screen.chooseAnother")}
            </button>
          ) : (
            (attempt.status === "failed" ||
              attempt.status === "expired" ||
              attempt.status === "cancelled") && (
              <Link to={localizePath(locale, elsewherePath(attempt))} className={buttonLink("primary")}>
                {t("payments.screen.chooseAnother")}
              </Link>
            )
          )}
        </div>
      </main>
    );
  }

  const action = attempt.action;
  return (
    <main id="main" className="pb-8">
      <Card labelledBy="attempt-channel">
        <h1 id="attempt-channel" className="text-lg font-bold">
          {name}
        </h1>
        <dl className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          <div className="flex justify-between gap-3">
            <dt>{t("payments.screen.amount")}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums dark:text-gray-50">
              {formatRupiah(attempt.amount)}
            </dd>
          </div>
          {attempt.fee > 0 && (
            <div className="flex justify-between gap-3">
              <dt>{t("payments.screen.feeIncluded")}</dt>
              <dd className="tabular-nums">{formatRupiah(attempt.fee)}</dd>
            </div>
          )}
        </dl>
      </Card>
      <Card className="pb-5">
        {action.type === "qr" && <QrisPanel attempt={attempt} action={action} />}
        {action.type === "va" && <VaPanel attempt={attempt} action={action} copy={copy} />}
        {action.type === "redirect" && <RedirectPanel attempt={attempt} action={action} phone={phone} />}
        {action.type === "push" && <PushPanel attempt={attempt} action={action} />}
        {action.type === "code" && <RetailPanel attempt={attempt} action={action} copy={copy} />}
        <CopyAnnouncer state={copy} />
      </Card>
      <p className="mx-4 mt-3 flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300" role="status">
        <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
        {t("payments.screen.waiting")}
      </p>
      <div className="mx-3 mt-4 grid gap-3">
        {canSwitch && (
          <button
            type="button"
            onClick={changeMethod}
            disabled={switchChannel.isPending}
            className={`${buttonLink("secondary")} disabled:opacity-60`}
          >
            {t("payments.screen.change")}
          </button>
        )}
        {attempt.simulateUrl && (
          <div className="rounded-lg border border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <a
              href={attempt.simulateUrl}
              className="inline-flex min-h-11 items-center gap-2 font-semibold underline"
            >
              <FlaskConical className="size-4" aria-hidden="true" />
              {t("payments.screen.sandbox")}
            </a>
            <p>{t("payments.screen.sandboxNote")}</p>
          </div>
        )}
      </div>
    </main>
  );
}
