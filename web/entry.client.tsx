import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./lib/chunk-reload.ts";

// Before hydration, so a chunk that fails while the first page starts is already covered.
installChunkReloadGuard();

// The service worker (public/sw.js: pushes, their taps, the offline page), registered once the page has loaded and
// the browser is idle: never in the way of the first paint (decision 13), hydration or the page's own loading
// (registering earlier, at the first idle moment after hydration, delayed a first visit's load event by about 0.3 s
// on a slow phone: scripts/pwa-timing.ts). The page may have loaded before this runs (its scripts start after the
// first paint). Browsers have a worker only over https or on this machine. Kept to a few bytes: every page loads it.
const registerWorker = () =>
  (window.requestIdleCallback ?? setTimeout)(() =>
    (navigator.serviceWorker as ServiceWorkerContainer | undefined)?.register("/sw.js").catch(() => {}),
  );
if (document.readyState == "complete") registerWorker();
else addEventListener("load", registerWorker);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
