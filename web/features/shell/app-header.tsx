import { lazy, Suspense, type ReactNode } from "react";
import { ChevronLeft } from "lucide-react";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/shop/layout.tsx";
import { useI18n } from "../../lib/i18n.tsx";

// The bell is loaded only for someone signed in, after the page (browse pages stay within their budget).
const NoticeBell = lazy(() => import("../notifications/bell.tsx"));

/**
 * Whether the previous history entry is a page of this app. React Router numbers its entries (`idx`, 0 for
 * the page the visitor arrived on); `history.length` also counts other sites' pages, and going back to
 * them would leave the shop.
 */
function cameFromThisApp(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/**
 * The 4rem header of every shop page: an optional back button, the title, actions, and for someone signed in the
 * notifications bell (`bell: false` leaves it out: the notification centre itself).
 */
export function AppHeader(props: { title: ReactNode; back?: boolean; actions?: ReactNode; bell?: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const signedIn = useRouteLoaderData<typeof loader>("routes/shop/layout")?.signedIn ?? false;
  return (
    <header className="sticky top-0 z-20 flex h-header items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      {props.back && (
        <button
          type="button"
          onClick={() => (cameFromThisApp() ? navigate(-1) : navigate(".."))}
          aria-label={t("shell.back")}
          className="-ms-1 rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
        >
          <ChevronLeft className="size-6" aria-hidden="true" />
        </button>
      )}
      <div className="min-w-0 flex-1 truncate text-lg font-semibold">{props.title}</div>
      {props.actions}
      {signedIn && props.bell !== false && (
        <Suspense fallback={<span className="size-10" />}>
          <NoticeBell />
        </Suspense>
      )}
    </header>
  );
}
