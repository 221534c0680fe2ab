import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

const versionCheckDelayMs = 1000;
const versionCheckIntervalMs = 5 * 60 * 1000;

/**
 * Notices a new deployment: checks /builds/latest.json about 1 s after load and then on an interval.
 * Once the build differs, the next navigation becomes a full page load of its target.
 */
export function useVersionCheck(buildId: string) {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      try {
        const res = await fetch("/builds/latest.json", { cache: "no-store" });
        if (!res.ok) return;
        const latest = (await res.json()) as { id?: string };
        if (cancelled) return;
        if (latest.id && latest.id !== buildId) stale.current = true;
        // What the page knows about its build, for monitoring and tests: "current" or "stale".
        document.documentElement.dataset.build = stale.current ? "stale" : "current";
      } catch {
        // Offline or the server is restarting: try again on the next tick.
      }
    };
    const first = setTimeout(check, versionCheckDelayMs);
    const every = setInterval(check, versionCheckIntervalMs);
    return () => {
      cancelled = true;
      clearTimeout(first);
      clearInterval(every);
    };
  }, [buildId]);

  useEffect(() => {
    if (stale.current && navigation.state === "loading" && navigation.location) {
      const { pathname, search, hash } = navigation.location;
      window.location.assign(pathname + search + hash);
    }
  }, [navigation.state, navigation.location]);
}
