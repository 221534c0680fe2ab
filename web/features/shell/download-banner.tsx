import { useSyncExternalStore } from "react";
import { SquarePlus, X } from "lucide-react";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";

const dismissedKey = "pasar-download-dismissed";
const changed = "pasar:download-banner";

function isDismissed() {
  try {
    return localStorage.getItem(dismissedKey) === "1";
  } catch {
    return true;
  }
}

/**
 * The seed's app-download prompt, worded honestly: there is no store app, so it offers adding the shop to
 * the home screen and links to /down for the steps. Remembered once dismissed. It floats above the tab bar
 * instead of taking a place in the page: it can only appear after hydration (dismissal lives in the
 * browser), and pushing the page down then would be a layout shift.
 */
export function DownloadBanner() {
  const { t, locale } = useI18n();
  // The server cannot know; the banner appears after hydration unless dismissed before.
  const dismissed = useSyncExternalStore(
    (l) => {
      window.addEventListener(changed, l);
      return () => window.removeEventListener(changed, l);
    },
    isDismissed,
    () => true,
  );
  if (dismissed) return null;
  return (
    <aside
      aria-label={t("shell.download.text")}
      className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 mx-auto flex max-w-md items-center gap-3 bg-primary-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      <SquarePlus className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{t("shell.download.text")}</p>
      <Link
        to={localizePath(locale, "/down")}
        className="shrink-0 rounded-full bg-white px-3 py-1 font-semibold text-primary-900"
      >
        {t("shell.download.open")}
      </Link>
      <button
        type="button"
        aria-label={t("shell.download.dismiss")}
        onClick={() => {
          try {
            localStorage.setItem(dismissedKey, "1");
          } catch {
            // Without storage it comes back next visit.
          }
          window.dispatchEvent(new Event(changed));
        }}
        className="shrink-0 rounded-full p-1 hover:bg-white/10"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </aside>
  );
}
