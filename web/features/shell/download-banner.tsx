import { useEffect, useState, useSyncExternalStore } from "react";
import { SquarePlus, X } from "lucide-react";
import { Link } from "react-router";
import { setPreferenceCookie } from "../../lib/cookies.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";

/** Remembers that the visitor closed the tip, for a year; the home page's loader reads it. */
export const downloadTipCookie = {
  name: "pasar_download_tip",
  dismissed: "dismissed",
  maxAgeSeconds: 31536000,
};
/** Where the tip's dismissal was kept before it moved to a cookie. */
const legacyDismissedKey = "pasar-download-dismissed";

function dismissedInStorage(): boolean {
  try {
    return localStorage.getItem(legacyDismissedKey) === "1";
  } catch {
    return false;
  }
}

const noSubscription = () => () => {};

/** What Chromium hands a page it would install (`beforeinstallprompt`; no other browser has it). */
interface InstallOffer extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

declare global {
  interface WindowEventMap {
    beforeinstallprompt: InstallOffer;
  }
}

// The browser's offer to install the shop, taken when this module loads (with the home page's first scripts, before
// hydration: the browser may offer it early) and held back from the browser's own bar: the tip offers it instead.
// Other pages leave it to the browser. Every byte here counts against the home page's JavaScript budget.
let offer: InstallOffer | undefined;
const offered = "beforeinstallprompt";
if (typeof window !== "undefined") {
  addEventListener(offered, (event) => {
    event.preventDefault();
    offer = event;
  });
}
/** Renders again when the browser offers (after the listener above has kept the offer). */
function onOffer(notify: () => void) {
  addEventListener(offered, notify);
  return () => removeEventListener(offered, notify);
}

/**
 * The seed's app-download prompt, worded honestly: there is no store app, so it offers adding the shop to
 * the home screen: at once with the browser's own dialog where the browser offers one ("Pasang": Chrome, Edge,
 * Samsung Internet), else with a link to /down for the steps; never in the installed app itself (display-mode
 * standalone, hidden by its style). Whether the visitor closed it comes from a cookie, so
 * the server renders the page with it or without it and nothing appears once scripts run; it floats above
 * the tab bar instead of taking a place in the page.
 */
export function DownloadBanner(props: { dismissed: boolean }) {
  const { t, locale } = useI18n();
  const [closed, setClosed] = useState(props.dismissed);
  // A visitor who closed it while the choice lived in localStorage keeps it closed, now in the cookie.
  const closedBefore = useSyncExternalStore(noSubscription, dismissedInStorage, () => false);
  const install = useSyncExternalStore(
    onOffer,
    () => offer,
    () => undefined,
  );
  const remember = () =>
    setPreferenceCookie(downloadTipCookie.name, downloadTipCookie.dismissed, downloadTipCookie.maxAgeSeconds);
  useEffect(() => {
    if (closedBefore) remember();
  }, [closedBefore]);
  if (closed || closedBefore) return null;
  const button = "shrink-0 rounded-full bg-white px-3 py-1 font-semibold text-primary-900";
  return (
    <aside
      aria-label={t("shell.download.text")}
      className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 mx-auto flex max-w-md items-center gap-3 bg-primary-900 px-4 py-2 text-sm text-white shadow-lg [@media(display-mode:standalone)]:hidden"
    >
      <SquarePlus className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{t("shell.download.text")}</p>
      {install ? (
        <button
          type="button"
          className={button}
          onClick={async () => {
            // An offer is good for one prompt: the tip goes either way, and stays away once installed.
            await install.prompt();
            if ((await install.userChoice).outcome === "accepted") remember();
            setClosed(true);
          }}
        >
          {t("shell.download.install")}
        </button>
      ) : (
        <Link to={localizePath(locale, "/down")} className={button}>
          {t("shell.download.open")}
        </Link>
      )}
      <button
        type="button"
        aria-label={t("shell.download.dismiss")}
        onClick={() => {
          remember();
          setClosed(true);
        }}
        className="shrink-0 rounded-full p-1 hover:bg-white/10"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </aside>
  );
}
