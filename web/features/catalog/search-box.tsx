import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Search, X } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { wantsSearchFocus } from "../../lib/search-focus.ts";
import { useSignedIn } from "../../lib/session.ts";
import { useApiAction, useApiRead } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";

const deviceHistoryKey = "pasar-search-history";

/** Visitors keep their history on the device; signed-in shoppers on the server. */
function readDeviceHistory(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(deviceHistoryKey) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(0, 20) : [];
  } catch {
    return [];
  }
}

function rememberOnDevice(keyword: string) {
  const k = keyword.trim().replace(/\s+/g, " ").toLowerCase();
  if (!k) return;
  try {
    localStorage.setItem(
      deviceHistoryKey,
      JSON.stringify([k, ...readDeviceHistory().filter((x) => x !== k)].slice(0, 20)),
    );
  } catch {
    // No storage: nothing to remember.
  }
}

function Chips(props: {
  title: string;
  words: string[];
  onPick: (w: string) => void;
  action?: React.ReactNode;
}) {
  if (props.words.length === 0) return null;
  return (
    <section className="mt-4" aria-label={props.title}>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-gray-700 dark:text-gray-300">{props.title}</h2>
        {props.action}
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">
        {props.words.map((w) => (
          <li key={w}>
            <button
              type="button"
              onClick={() => props.onPick(w)}
              className="rounded-full bg-gray-100 px-3 py-1.5 text-sm dark:bg-gray-800"
            >
              {w}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The search field with, while it is focused, suggestions as one types, the search history (cleared after
 * a confirmation) and hot keywords. Submitting an empty field says "Enter keywords".
 */
export function SearchBox(props: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useI18n();
  const signedIn = useSignedIn();
  const id = useId();
  const [value, setValue] = useState(props.initial);
  const [open, setOpen] = useState(false);
  // Each opening of the panel reads the history afresh (a search made meanwhile is in it).
  const [openings, setOpenings] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [typed, setTyped] = useState(value);
  const [deviceHistory, setDeviceHistory] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const focusOnArrival = wantsSearchFocus(location.state);
  useEffect(() => {
    // Arriving from the home page's search bar: that tap meant "search", so the field is ready at once.
    if (focusOnArrival) input.current?.focus();
  }, [focusOnArrival]);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(value.trim()), 250);
    return () => clearTimeout(timer);
  }, [value]);
  const hot = useApiRead(open ? "hot" : null, () => callApi("search.hot", undefined));
  const serverHistory = useApiRead(open && signedIn ? `history ${openings}` : null, () =>
    callApi("search.history", undefined),
  );
  const suggestions = useApiRead(open && typed ? `suggest ${typed}` : null, () =>
    callApi("search.suggest", { q: typed }),
  );
  const clear = useApiAction(() => callApi("search.clearHistory", undefined, { mutation: true }), {
    onSuccess: () => serverHistory.set([]),
  });
  const history = signedIn ? (serverHistory.data ?? []) : deviceHistory;
  const go = (q: string) => {
    const k = q.trim();
    if (!k) {
      setError(t("catalog.search.enterKeywords"));
      return;
    }
    setError(undefined);
    setValue(k);
    setOpen(false);
    // Signed in, the results page records the search once it shows them (search.record).
    if (!signedIn) rememberOnDevice(k);
    props.onSearch(k);
  };
  return (
    <div className="bg-white px-4 pt-3 pb-2 dark:bg-gray-900">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go(value);
        }}
        className="flex items-center gap-2"
      >
        <label htmlFor={id} className="sr-only">
          {t("catalog.search.label")}
        </label>
        {/* min-w-0: an input's own width (about 20 characters) must not push the button off a narrow screen. */}
        <div className="flex h-10 min-w-0 flex-1 items-center gap-2 rounded-full bg-gray-100 px-3 dark:bg-gray-800">
          <Search className="size-4 text-gray-600 dark:text-gray-400" aria-hidden="true" />
          <input
            ref={input}
            id={id}
            type="search"
            enterKeyHint="search"
            value={value}
            placeholder={t("catalog.home.searchPlaceholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onFocus={() => {
              if (!open) setOpenings((n) => n + 1);
              setOpen(true);
              setDeviceHistory(readDeviceHistory());
            }}
            onChange={(e) => setValue(e.target.value)}
            // The browser's own clear button would sit next to ours: one is enough.
            className="min-w-0 flex-1 bg-transparent outline-none placeholder:text-gray-600 [&::-webkit-search-cancel-button]:appearance-none dark:placeholder:text-gray-400"
          />
          {value && (
            <button
              type="button"
              onClick={() => {
                setValue("");
                input.current?.focus();
              }}
              aria-label={t("catalog.search.clearField")}
              className="-me-2 grid size-8 shrink-0 place-items-center rounded-full"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <button
          type="submit"
          className="h-10 shrink-0 rounded-full bg-primary-700 px-4 text-sm font-semibold whitespace-nowrap text-white"
        >
          {t("catalog.search.submit")}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {open && (
        <div className="pb-2">
          {typed && (
            <Chips title={t("catalog.search.suggestions")} words={suggestions.data ?? []} onPick={go} />
          )}
          <Chips
            title={t("catalog.search.history")}
            words={history}
            onPick={go}
            action={
              <button
                type="button"
                // The confirmation's code comes with the tap: few visitors clear their history.
                onClick={() =>
                  void import("../../ui/confirm-dialog.tsx").then(({ ConfirmDialog }) =>
                    modal.open(ConfirmDialog, {
                      title: t("catalog.search.confirmClear"),
                      cancelLabel: t("catalog.search.cancel"),
                      confirmLabel: t("catalog.search.confirm"),
                      onConfirm: () => {
                        if (signedIn) clear.run(undefined);
                        else {
                          localStorage.removeItem(deviceHistoryKey);
                          setDeviceHistory([]);
                        }
                      },
                    }),
                  )
                }
                className="min-h-6 px-1 text-sm text-primary-800 underline dark:text-primary-300"
              >
                {t("catalog.search.clearHistory")}
              </button>
            }
          />
          <Chips title={t("catalog.search.hot")} words={hot.data ?? []} onPick={go} />
        </div>
      )}
    </div>
  );
}
