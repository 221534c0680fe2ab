import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./lib/chunk-reload.ts";

// Before hydration, so a chunk that fails while the first page starts is already covered.
installChunkReloadGuard();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
