import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/vouchers";
import type { z } from "zod";
import type { ShopperVoucherSchema } from "#common/contracts/promotions.ts";
import { VoucherTicket } from "../../features/promotions/voucher-ticket.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

type ShopperVoucher = z.infer<typeof ShopperVoucherSchema>;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(listQuery(trpc, url.searchParams))
      // Claiming needs an account: a visitor signs in first and comes back here.
      .then(() => queryClient.fetchQuery(trpc.vouchers.mine.queryOptions()))
      .catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("vouchers.page.title") };
}

type Trpc = ReturnType<typeof useTRPC>;

/**
 * The list the page shows: one store's vouchers (`?store=`, from its page or its products'), the shopper's own
 * (`?tab=mine`), or the platform's and free shipping.
 */
function listQuery(trpc: Trpc, search: URLSearchParams) {
  const storeId = search.get("store");
  if (storeId && /^str_[0-9a-z]{1,59}$/.test(storeId)) return trpc.vouchers.store.queryOptions({ storeId });
  return search.get("tab") === "mine"
    ? trpc.vouchers.mine.queryOptions()
    : trpc.vouchers.platform.queryOptions();
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** How much of a voucher's quota is gone, as a bar, with "Segera habis" past 80 %. */
function Quota(props: { voucher: ShopperVoucher }) {
  const { t } = useI18n();
  const used = props.voucher.usedPercent;
  if (used === null || used === 0) return null;
  return (
    <span className="flex items-center gap-2">
      <span
        role="progressbar"
        aria-valuenow={used}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t("vouchers.usedPercent", { percent: used })}
        className="h-1.5 w-20 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <span className="block h-full bg-red-600" style={{ width: `${used}%` }} />
      </span>
      <span
        className={
          used >= 80 ? "font-semibold text-red-700 dark:text-red-400" : "text-gray-600 dark:text-gray-400"
        }
      >
        {used >= 80 ? t("vouchers.almostGone") : t("vouchers.usedPercent", { percent: used })}
      </span>
    </span>
  );
}

/** A code typed: claimed, and listed under "Voucher saya". */
function CodeForm(props: { onClaimed: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const claim = useMutation(
    trpc.vouchers.claimCode.mutationOptions({
      onSuccess: () => {
        setCode("");
        toast.notify(t("vouchers.claimedToast"), "success");
        props.onClaimed();
      },
      onError: (e) => setError(e.message),
    }),
  );
  return (
    <form
      className="mx-3 mt-3 flex items-end gap-2 rounded-xl bg-white p-4 dark:bg-gray-900"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim() !== "") claim.mutate({ code });
      }}
      noValidate
    >
      <label className="min-w-0 flex-1 text-sm font-medium">
        {t("vouchers.checkout.codeLabel")}
        <input
          name="code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          placeholder={t("vouchers.checkout.codePlaceholder")}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "code-error" : undefined}
          className="mt-1 block h-11 w-full rounded-lg border border-gray-300 px-3 uppercase placeholder:normal-case dark:border-gray-600 dark:bg-gray-950"
        />
        {error && (
          <span id="code-error" role="alert" className="mt-1 block text-red-700 dark:text-red-400">
            {error}
          </span>
        )}
      </label>
      <button
        type="submit"
        disabled={claim.isPending}
        className="h-11 shrink-0 rounded-full bg-primary-700 px-4 font-semibold text-white disabled:opacity-60"
      >
        {t("vouchers.checkout.apply")}
      </button>
    </form>
  );
}

function VouchersContent() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const mine = search.get("tab") === "mine";
  const ofStore = search.has("store");
  const list = useQuery(listQuery(trpc, search));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.vouchers.pathKey() });
  const claim = useMutation(
    trpc.vouchers.claim.mutationOptions({
      onSuccess: () => {
        toast.notify(t("vouchers.claimedToast"), "success");
        refresh();
      },
    }),
  );
  const tab = (to: "all" | "mine") => (
    <Link
      to={localizePath(locale, to === "mine" ? "/h5/vouchers?tab=mine" : "/h5/vouchers")}
      replace
      aria-current={(to === "mine") === mine ? "page" : undefined}
      className="flex min-h-11 flex-1 items-center justify-center border-b-2 border-transparent text-sm font-semibold text-gray-700 aria-[current=page]:border-primary-700 aria-[current=page]:text-primary-800 dark:text-gray-300 dark:aria-[current=page]:text-primary-300"
    >
      {t(to === "mine" ? "vouchers.page.mine" : "vouchers.page.all")}
    </Link>
  );
  const vouchers = list.data ?? [];
  return (
    <>
      <AppHeader back title={t(ofStore ? "vouchers.store.title" : "vouchers.page.title")} />
      <main id="main" className="pb-8">
        <h1 className="sr-only">{t(ofStore ? "vouchers.store.title" : "vouchers.page.title")}</h1>
        {ofStore ? (
          vouchers[0]?.storeName && <p className="px-4 pt-3 font-semibold">{vouchers[0].storeName}</p>
        ) : (
          <>
            <nav className="flex bg-white dark:bg-gray-900" aria-label={t("vouchers.page.title")}>
              {tab("all")}
              {tab("mine")}
            </nav>
            <CodeForm onClaimed={refresh} />
          </>
        )}
        {vouchers.length === 0 ? (
          <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">
            {t(mine ? "vouchers.page.mineEmpty" : "vouchers.page.empty")}
          </p>
        ) : (
          <ul className="mx-3 mt-3 space-y-2">
            {vouchers.map((v) => (
              <li key={v.id}>
                <VoucherTicket
                  voucher={v}
                  note={
                    mine ? (
                      <span className="text-gray-700 dark:text-gray-300">
                        {t("vouchers.usesLeft", { count: v.usesLeft })}
                      </span>
                    ) : (
                      <Quota voucher={v} />
                    )
                  }
                >
                  {!mine &&
                    (v.claimed ? (
                      <span className="text-xs font-semibold text-gray-600 dark:text-gray-400">
                        {t("vouchers.claimed")}
                      </span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => claim.mutate({ id: v.id })}
                        disabled={claim.isPending}
                        className="min-h-11 rounded-full bg-primary-700 px-4 text-sm font-semibold text-white disabled:opacity-60"
                      >
                        {t("vouchers.claim")}
                      </button>
                    ))}
                </VoucherTicket>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

export default function Vouchers({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <VouchersContent />
    </QueryBoundary>
  );
}
