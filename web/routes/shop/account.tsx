import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ArrowDownToLine,
  CircleHelp,
  Copy,
  CreditCard,
  Footprints,
  Heart,
  Ticket,
  LockKeyhole,
  LogOut,
  MapPin,
  MessageCircle,
  MessagesSquare,
  Package,
  Star,
  Truck,
  ClipboardList,
  ReceiptText,
  ShieldCheck,
  Store,
  Wallet,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/account";
import { displayAccount } from "#common/account-display.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { PreferencesForm } from "../../features/shell/preferences-form.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { storeToken } from "../../lib/client.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { LinkList } from "../../ui/link-list.tsx";
import { useChatUnread } from "../../features/chat/unread.tsx";
import { SupportContacts } from "../../features/support/support-contacts.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

export const handle = { tabBar: true };

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.account.me.queryOptions())
      .then((me) =>
        // The order figures come with the page (operators do not shop).
        me.role === "operator" ? null : queryClient.fetchQuery(trpc.orders.counts.queryOptions()),
      )
      .catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("account.page.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** A readable name from the account: "siti.aminah@…" reads "siti aminah". */
function nameOf(account: string): string {
  return account.split("@")[0]!.replace(/[._-]+/g, " ");
}

function Section(props: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-3 bg-white p-4 dark:bg-gray-900">
      <h2 id={id} className="font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** The shopper's orders: a count under each waiting tab, each a link to it (operators do not shop). */
function OrderShortcuts() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const counts = useQuery(trpc.orders.counts.queryOptions()).data;
  const tabs = [
    ["pending_payment", Wallet],
    ["pending_shipment", Package],
    ["pending_receipt", Truck],
    ["pending_review", Star],
  ] as const;
  return (
    <section aria-labelledby="account-orders" className="mt-3 bg-white p-4 dark:bg-gray-900">
      <div className="flex items-center justify-between">
        <h2 id="account-orders" className="font-semibold">
          {t("orders.account.orders")}
        </h2>
        <Link
          to={localizePath(locale, "/h5/order")}
          className="text-sm text-primary-800 dark:text-primary-300"
        >
          {t("orders.account.allOrders")}
        </Link>
      </div>
      <ul className="mt-3 grid grid-cols-4 gap-1 text-center">
        {tabs.map(([tab, Icon]) => (
          <li key={tab}>
            <Link
              to={localizePath(locale, `/h5/order?tab=${tab}`)}
              className="flex flex-col items-center gap-1 rounded-lg py-1 text-xs"
            >
              <span className="relative">
                <Icon className="size-6 text-primary-700 dark:text-primary-400" aria-hidden="true" />
                {counts && counts[tab] > 0 && (
                  <span className="absolute -end-2.5 -top-1.5 min-w-4 rounded-full bg-red-700 px-1 text-[0.7rem] leading-4 font-semibold text-white">
                    {counts[tab]}
                  </span>
                )}
              </span>
              {t(`orders.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccountContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions()).data;
  const unread = useChatUnread();
  const avatar = useMutation(
    trpc.account.updateAvatar.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.account.me.queryKey(), user);
        toast.notify(t("account.page.avatarUpdated"), "success");
      },
    }),
  );
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      onSettled: () => {
        storeToken("");
        toast.notify(t("account.page.loggedOut"), "success");
        // A full load: nothing of the signed-in session stays in memory.
        window.location.assign(localizePath(locale, "/h5"));
      },
    }),
  );
  if (!me) return null;
  const account = displayAccount(me);
  return (
    <>
      <AppHeader title={t("account.page.title")} />
      <main id="main" className="pb-8">
        <h1 className="sr-only">{t("account.page.title")}</h1>
        <div className="flex items-center gap-4 bg-white p-4 dark:bg-gray-900">
          <Avatar
            image={me.avatar}
            alt={t("account.page.avatarAlt", { name: nameOf(account) })}
            name={account}
            size={72}
            eager
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-semibold" data-testid="account-name">
              {account}
            </p>
            <label className="relative mt-1 inline-block cursor-pointer text-sm font-medium text-primary-800 underline dark:text-primary-300">
              {t("account.page.changeAvatar")}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (!file) return;
                  const form = new FormData();
                  form.set("avatar", file);
                  avatar.mutate(form);
                }}
              />
            </label>
          </div>
        </div>
        {me.role !== "operator" && <OrderShortcuts />}
        <Section title={t("account.page.inviteCode")}>
          <div className="mt-2 flex items-center justify-between gap-3">
            <span className="font-mono text-lg tracking-widest" data-testid="invite-code">
              {me.inviteCode}
            </span>
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(me.inviteCode)
                  .then(() => toast.notify(t("account.page.copied"), "success"));
              }}
              aria-label={t("account.page.copy")}
              className="rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <Copy className="size-5" aria-hidden="true" />
            </button>
          </div>
        </Section>
        <LinkList
          label={t("account.page.title")}
          links={(
            [
              ...(me.role !== "operator"
                ? ([
                    [
                      "/h5/chat",
                      unread > 0
                        ? `${t("chat.entry")} (${t("chat.unread", { count: unread })})`
                        : t("chat.entry"),
                      MessageCircle,
                    ],
                  ] as const)
                : []),
              ...(me.role === "merchant"
                ? ([
                    ["/h5/merchant", t("merchant.home.title"), Store],
                    ["/h5/merchant/order", t("orders.merchant.title"), ClipboardList],
                    ["/h5/merchant/chat", t("chat.store.title"), MessagesSquare],
                  ] as const)
                : me.role === "shopper"
                  ? ([["/h5/merchant", t("merchant.home.apply"), Store]] as const)
                  : []),
              ["/h5/vouchers?tab=mine", t("vouchers.page.mine"), Ticket],
              ["/h5/delivery", t("orders.account.delivery"), MapPin],
              ["/h5/merchant/fund", t("account.page.funds"), ReceiptText],
              ["/h5/merchant/recharge", t("account.page.recharge"), Wallet],
              ["/h5/merchant/withdraw", t("account.page.withdraw"), ArrowDownToLine],
              ["/h5/merchant/bank", t("account.page.bankCard"), CreditCard],
              ["/h5/account/security", t("account.page.security"), LockKeyhole],
              ["/h5/collection", t("account.page.collection"), Heart],
              ["/h5/footmark", t("account.page.footmark"), Footprints],
              ["/h5/merchant/street", t("account.page.shopStreet"), Store],
              ["/h5/question", t("account.page.faq"), CircleHelp],
              ...(me.role === "operator" ? ([["/ops", t("account.page.ops"), ShieldCheck]] as const) : []),
            ] as const
          ).map(([to, label, icon]) => [localizePath(locale, to), label, icon] as const)}
        />
        <Section title={t("account.page.settings")}>
          <PreferencesForm timeZone />
        </Section>
        <SupportContacts className="mt-3 bg-white p-4 dark:bg-gray-900" />
        <div className="mt-6 px-4">
          <button
            type="button"
            onClick={() => signOut.mutate()}
            className="flex h-12 w-full items-center justify-center gap-2 rounded-full border border-red-700 font-semibold text-red-700 hover:bg-red-50 dark:border-red-400 dark:text-red-400 dark:hover:bg-red-950"
          >
            <LogOut className="size-5" aria-hidden="true" />
            {t("account.page.logout")}
          </button>
        </div>
      </main>
    </>
  );
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <AccountContent />
    </QueryBoundary>
  );
}
