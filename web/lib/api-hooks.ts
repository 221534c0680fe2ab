// The small client's React side (decision 27): calls with the seed's loading toast and error handling, reads a
// screen makes after hydration, and lists that load more. What browse and sign-in pages use instead of TanStack
// Query; screens that use TanStack Query report their errors through the same `showApiError`.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { ApiError, session, storeToken } from "./client.ts";
import { signInPath } from "./locale.ts";
import { toast } from "./toast.ts";

/**
 * Seed section 8: after UNAUTHORIZED the token is emptied and the visitor goes to sign-in (h5.signin); any other
 * refusal shows its (translated) message; anything else is "Unknown error".
 */
export function showApiError(error: unknown) {
  if (error instanceof ApiError && error.code === "UNAUTHORIZED") {
    storeToken("");
    window.location.assign(signInPath(session.locale, window.location.pathname + window.location.search));
    return;
  }
  const message = error instanceof ApiError ? error.message : session.unknownMessage;
  toast.add({ title: message, color: "error", timeout: 5000 });
}

/** Seed section 7: the blocking "please wait" toast of a call that changes something; answers its id to remove. */
export function addLoadingToast(): string {
  return toast.add({ title: session.pleaseWait, color: "loading", timeout: 0 });
}

/**
 * A call that changes something (seed section 7): a blocking loading toast until it answers, then `onSuccess`,
 * or the error shown by `showApiError` (and `onError`, for a screen that reacts to a particular refusal).
 */
export function useApiAction<I, O>(
  call: (input: I) => Promise<O>,
  handlers: { onSuccess?: (output: O, input: I) => void; onError?: (error: unknown) => void } = {},
): { run: (input: I) => void; pending: boolean } {
  const [pending, setPending] = useState(false);
  // The latest call and handlers, for a `run` that keeps its identity (effects list it among their dependencies).
  const latest = useRef({ call, handlers });
  useLayoutEffect(() => {
    latest.current = { call, handlers };
  });
  const run = useCallback((input: I) => {
    const loading = addLoadingToast();
    setPending(true);
    latest.current.call(input).then(
      (output) => {
        toast.remove(loading);
        setPending(false);
        latest.current.handlers.onSuccess?.(output, input);
      },
      (error: unknown) => {
        toast.remove(loading);
        setPending(false);
        latest.current.handlers.onError?.(error);
        showApiError(error);
      },
    );
  }, []);
  return { run, pending };
}

/**
 * What a screen reads after hydration (a signed-in shopper's own state beside a shared page): read whenever
 * `key` changes to a value (null: nothing to read), answers to an older key dropped. `set` replaces the value
 * after a change the screen made itself. A refusal is shown by `showApiError`.
 */
export function useApiRead<O>(
  key: string | null,
  read: () => Promise<O>,
): { data: O | undefined; set: (data: O) => void } {
  const [state, setState] = useState<{ key: string | null; data: O | undefined }>({
    key: null,
    data: undefined,
  });
  const reader = useRef(read);
  useLayoutEffect(() => {
    reader.current = read;
  });
  useEffect(() => {
    if (key === null) return;
    let current = true;
    reader.current().then(
      (data) => current && setState({ key, data }),
      (error: unknown) => current && showApiError(error),
    );
    return () => {
      current = false;
    };
  }, [key]);
  const set = useCallback((data: O) => setState((s) => ({ key: s.key, data })), []);
  return { data: state.key === key ? state.data : undefined, set };
}

/** A page of a list that loads more: its cursor to the next page (none at the end). */
interface Page {
  nextCursor?: string | null;
}

/**
 * A list whose first page came with the route's data and whose next pages are read as the shopper scrolls
 * (`LoadMore`). A new first page (the loader ran again: another filter, a revalidation) starts the list over.
 */
export function usePages<P extends Page>(
  first: P,
  next: (cursor: string) => Promise<P>,
): {
  pages: P[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<void>;
} {
  const [state, setState] = useState({ first, more: [] as P[], loading: false, failed: false });
  // Derived from the loader's data during render (React's way to reset state on a new prop).
  const current = state.first === first ? state : { first, more: [], loading: false, failed: false };
  if (current !== state) setState(current);
  const pages = [current.first, ...current.more];
  const cursor = pages.at(-1)?.nextCursor ?? undefined;
  const loader = useRef(next);
  useLayoutEffect(() => {
    loader.current = next;
  });
  const fetchNextPage = useCallback(async () => {
    if (!cursor) return;
    setState((s) => (s.first === first ? { ...s, loading: true } : s));
    try {
      const page = await loader.current(cursor);
      setState((s) =>
        s.first === first ? { ...s, more: [...s.more, page], loading: false, failed: false } : s,
      );
    } catch (error) {
      setState((s) => (s.first === first ? { ...s, loading: false, failed: true } : s));
      showApiError(error);
    }
  }, [first, cursor]);
  return {
    pages,
    hasNextPage: cursor !== undefined,
    isFetchingNextPage: current.loading,
    isFetchNextPageError: current.failed,
    fetchNextPage,
  };
}
