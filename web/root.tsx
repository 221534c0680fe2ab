import "./lib/zod-jitless.ts";
import { useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { loadMessages } from "#common/i18n/messages.ts";
import { localeTags, type Locale } from "#common/locales.ts";
import { platformCode } from "#common/platform.ts";
import { timeZoneCookie, toTimeZoneName } from "#common/time-zones.ts";
import { callServerApi, serverBuildId, thrownStatus } from "./lib/api.server.ts";
import { LanguageOffer, type LanguageOfferData } from "./features/shell/language-offer.tsx";
import { catalogueUrls, keepCatalogue, useCatalogue } from "./lib/catalogue.ts";
import { I18nProvider, useI18n } from "./lib/i18n.tsx";
import { localizePath, splitLocalePath } from "./lib/locale.ts";
import { negotiateLocale } from "./lib/negotiate.server.ts";
import { cookieValue } from "./lib/cookies.server.ts";
import { useNonce } from "./lib/nonce.ts";
import { themeScript, useThemeSync } from "./lib/theme.ts";
import { setClientLanguage } from "./lib/client.ts";
import { useVersionCheck } from "./lib/version-check.ts";
import { ErrorView } from "./ui/error-view.tsx";
import { LoadingBar } from "./ui/loading-bar.tsx";
import { ModalHost } from "./ui/modal-host.tsx";
import { RouteAnnouncer } from "./ui/route-announcer.tsx";
import { Toaster } from "./ui/toaster.tsx";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { locale, offer } = negotiateLocale(request, url);
  const [messages, languageOffer, site] = await Promise.all([
    loadMessages(locale),
    offer
      ? loadMessages(offer).then((m): LanguageOfferData => ({ locale: offer, texts: m.shell.languageOffer }))
      : undefined,
    callServerApi({ request, context }, locale, (api) => api.settings.webConfig({ platformCode })).catch(
      async (error: unknown) => {
        // The database is away: the error page still speaks the visitor's language.
        if (thrownStatus(error) !== 503) throw error;
        const { data: body } = error as { data: { message: string } };
        throw data({ ...body, page: (await loadMessages(locale)).errors.page }, { status: 503 });
      },
    ),
  ]);
  keepCatalogue(locale, messages);
  return {
    locale,
    // The catalogue itself reaches the browser as a cached file (web/lib/catalogue.ts); the error page's
    // texts ride along, for an error page that must not wait for it.
    errorPage: messages.errors.page,
    buildId: serverBuildId(context),
    // The platform's web config: the site's title, description and icons for every page's head (web/lib/meta.ts),
    // and what screens read of it (useWebConfig).
    webConfig: site,
    languageOffer,
    timeZone: toTimeZoneName(cookieValue(request.headers.get("cookie"), timeZoneCookie.name)),
  };
}

/** Messages and settings only change with the language; other navigations reuse them. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (splitLocalePath(currentUrl.pathname).locale !== splitLocalePath(nextUrl.pathname).locale) return true;
  return currentUrl.pathname === nextUrl.pathname && defaultShouldRevalidate;
}

/** The favicon's type: the shop's own is SVG, an operator's uploaded logo PNG (ops settings). */
function iconType(path: string | undefined): string | undefined {
  if (!path || path.endsWith(".svg")) return "image/svg+xml";
  return path.endsWith(".png") ? "image/png" : undefined;
}

type ForcedTheme = "light" | "dark" | undefined;

/** A page forces a theme with `handle: { forcedTheme: "light" | "dark" }`; "system" is ignored. */
function useRouteForcedTheme(): ForcedTheme {
  const matches = useMatches();
  let forced: unknown;
  for (const m of matches) {
    const h = m.handle as { forcedTheme?: unknown } | undefined;
    if (h?.forcedTheme !== undefined) forced = h.forcedTheme;
  }
  if (forced === "light" || forced === "dark") return forced;
  if (forced !== undefined && typeof console !== "undefined") {
    console.warn(`Ignoring forced theme "${String(forced)}": a page may force only light or dark.`);
  }
  return undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const forced = useRouteForcedTheme();
  const nonce = useNonce();
  const lang = data ? localeTags[data.locale] : "en";
  return (
    <html lang={lang} data-forced-theme={forced} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#16a34a" />
        {/* The browser hides a nonce from scripts, so the hydrated attribute differs by design. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
        {/* With a precedence, React puts the stylesheet right after the LCP image's preload and before the
            scripts' modulepreloads, so the first paint does not wait behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* The catalogue the page hydrates with; in production it starts after the first paint, with the scripts. */}
        {data && <link rel="preload" as="fetch" href={catalogueUrls[data.locale]} crossOrigin="anonymous" />}
        <link
          rel="icon"
          href={data?.webConfig.favicon ?? "/favicon.svg"}
          type={iconType(data?.webConfig.favicon)}
        />
        {/* The installable app (issue 44). An iPhone's home screen takes /apple-touch-icon.png, where it looks first. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell(props: { buildId: string; languageOffer: LanguageOfferData | undefined }) {
  const { t, locale } = useI18n();
  const forced = useRouteForcedTheme();
  useThemeSync(forced);
  useVersionCheck(props.buildId);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t("shell.skipToContent")}
      </a>
      {props.languageOffer && <LanguageOffer offer={props.languageOffer} />}
      <RouteAnnouncer template={(title) => t("shell.routeAnnounce", { title })} />
      <LoadingBar />
      <Outlet />
      <ModalHost />
      <Toaster regionLabel={t("shell.toast.region")} closeLabel={t("shell.toast.close")} key={locale} />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, buildId, languageOffer } = loaderData;
  const messages = useCatalogue(locale);
  // Set before any child's first call; the effect below follows language switches.
  useState(() =>
    setClientLanguage(locale, {
      unknownMessage: messages.errors.api.unknown,
      pleaseWait: messages.shell.pleaseWait,
    }),
  );
  useEffect(
    () =>
      setClientLanguage(locale, {
        unknownMessage: messages.errors.api.unknown,
        pleaseWait: messages.shell.pleaseWait,
      }),
    [locale, messages],
  );
  return (
    <I18nProvider locale={locale} messages={messages}>
      <Shell buildId={buildId} languageOffer={languageOffer} />
    </I18nProvider>
  );
}

/**
 * The seed's English error page (section 2), for the rare case where the root loader itself failed and no
 * catalogue reached the page. Kept inline so the browser bundle carries no whole message catalogue.
 */
const rootFailureTexts = {
  notFoundTitle: "Page not found",
  notFoundDescription: "We are sorry but this page could not be found.",
  name: "An error occurred",
  message: "This is not the page you're looking for.",
  serverName: "Something went wrong",
  serverMessage: "We could not show this page. Please try again in a moment.",
  goHome: "Go back home",
  forbiddenName: "Access denied",
  forbiddenMessage: "This page is only for the shop's operators.",
};

/** Fatal and unmatched errors: the error page in the visitor's language when known, else English. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = data?.locale ?? "en";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const forbidden = status === 403;
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "message" in error.data
      ? String(error.data.message)
      : undefined;
  // When the root loader itself failed (the database is away) its error carries the page's texts.
  const thrownPage =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "page" in error.data
      ? (error.data.page as typeof rootFailureTexts)
      : undefined;
  const page = data?.errorPage ?? thrownPage ?? rootFailureTexts;
  return (
    <>
      <title>{`${notFound ? page.notFoundTitle : forbidden ? page.forbiddenName : page.serverName} - ${data?.webConfig.title ?? "Pasar"}`}</title>
      <meta name="description" content={notFound ? page.notFoundDescription : page.serverMessage} />
      <ErrorView
        status={status}
        name={notFound ? page.name : forbidden ? page.forbiddenName : page.serverName}
        message={notFound ? page.message : forbidden ? page.forbiddenMessage : page.serverMessage}
        detail={detail}
        homeLabel={page.goHome}
        homeHref={localizePath(locale, "/")}
      />
    </>
  );
}
