import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./lib/chunk-reload.ts";

// Before hydration, so a chunk that fails while the first page starts is already covered.
installChunkReloadGuard();

// The service worker (public/sw.js: pushes, their taps, the offline page), registered when the browser is first idle
// after the page started, that is after hydration: never in the way of the first paint (decision 13) or of the page
// becoming interactive. Browsers have one only over https or on this machine. Kept to a few bytes, as every page
// loads this (npm run measure).
(window.requestIdleCallback ?? setTimeout)(() =>
  (navigator.serviceWorker as ServiceWorkerContainer | undefined)?.register("/sw.js").catch(() => {}),
);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
