import { catalogRouter, listingsRouter } from "../modules/catalog/catalog.router.ts";
import { settingsRouter } from "../modules/settings/settings.router.ts";
import { createCallerFactory, router } from "./init.ts";

/** Every procedure, by dotted path (`settings.webConfig`, `listings.get`). */
export const appRouter = router({
  settings: settingsRouter,
  catalog: catalogRouter,
  listings: listingsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls go through the same procedures, middleware and output checks as HTTP calls. */
export const createCaller = createCallerFactory(appRouter);
