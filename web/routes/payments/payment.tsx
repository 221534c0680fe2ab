import { data, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/payment";
import { AttemptScreen, resultPath } from "../../features/payments/attempt-screen.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { rethrowNotFound, serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { QueryBoundary } from "../../lib/queries.tsx";

/** The method screen of a payment attempt (`?id=pat_…`): how to pay it, followed until it is paid. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const id = url.searchParams.get("id") ?? "";
  if (!/^pat_[0-9a-z]{1,59}$/.test(id)) throw data({}, { status: 404 });
  const { result: attempt, dehydrated } = await withServerApi(
    { request, context },
    locale,
    ({ trpc, queryClient }) =>
      queryClient
        .fetchQuery(trpc.payments.attempt.queryOptions({ id }))
        .catch(signInOnUnauthorized(url, locale))
        .catch(rethrowNotFound),
  );
  // Paid already (the shopper came back from the e-wallet after its notification): straight to the result.
  if (attempt.status === "paid") throw redirect(localizePath(locale, resultPath(attempt)));
  return { dehydrated, title: serverT(context, locale)("payments.screen.title") };
}

/**
 * The same attempt with another query (the `open` flag leaving the address) is not loaded again: the screen
 * follows the attempt by itself.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("id") === nextUrl.searchParams.get("id")
  )
    return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

function PaymentContent() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  return (
    <>
      <AppHeader back title={t("payments.screen.title")} />
      {/* A new attempt (the method changed) is a new screen. */}
      <AttemptScreen key={id} id={id} />
    </>
  );
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <PaymentContent />
    </QueryBoundary>
  );
}
