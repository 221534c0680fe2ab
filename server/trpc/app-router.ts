import { catalogRouter, listingsRouter, opsCatalogRouter } from "../modules/catalog/catalog.router.ts";
import { opsSettingsRouter, settingsRouter } from "../modules/settings/settings.router.ts";
import { accountRouter, authRouter } from "../modules/auth/auth.router.ts";
import { notificationsRouter } from "../modules/notifications/notifications.router.ts";
import { storesRouter } from "../modules/stores/stores.router.ts";
import { faqRouter, opsFaqsRouter } from "../modules/support/support.router.ts";
import { collectionRouter, footprintsRouter, searchRouter } from "../modules/browsing/browsing.router.ts";
import { opsMoneyRouter, walletRouter } from "../modules/wallet/wallet.router.ts";
import { addressesRouter } from "../modules/addresses/addresses.router.ts";
import { cartRouter } from "../modules/cart/cart.router.ts";
import {
  merchantOrdersRouter,
  opsAfterSalesRouter,
  opsOrdersRouter,
  ordersRouter,
} from "../modules/orders/orders.router.ts";
import { merchantsRouter, opsMerchantsRouter } from "../modules/merchants/merchants.router.ts";
import { merchantReviewsRouter, opsReviewsRouter, reviewsRouter } from "../modules/reviews/reviews.router.ts";
import { opsDashboardRouter, opsUsersRouter } from "../modules/admin/admin.router.ts";
import { createCallerFactory, router } from "./init.ts";

/** Every procedure, by dotted path (`settings.webConfig`, `listings.get`). */
export const appRouter = router({
  settings: settingsRouter,
  catalog: catalogRouter,
  listings: listingsRouter,
  auth: authRouter,
  account: accountRouter,
  notifications: notificationsRouter,
  collection: collectionRouter,
  footprints: footprintsRouter,
  search: searchRouter,
  stores: storesRouter,
  faq: faqRouter,
  wallet: walletRouter,
  cart: cartRouter,
  addresses: addressesRouter,
  orders: ordersRouter,
  merchantOrders: merchantOrdersRouter,
  merchants: merchantsRouter,
  reviews: reviewsRouter,
  merchantReviews: merchantReviewsRouter,
  ops: router({
    money: opsMoneyRouter,
    orders: opsOrdersRouter,
    merchants: opsMerchantsRouter,
    catalog: opsCatalogRouter,
    reviews: opsReviewsRouter,
    afterSales: opsAfterSalesRouter,
    dashboard: opsDashboardRouter,
    settings: opsSettingsRouter,
    faqs: opsFaqsRouter,
    users: opsUsersRouter,
  }),
});

export type AppRouter = typeof appRouter;

/** Server-side calls go through the same procedures, middleware and output checks as HTTP calls. */
export const createCaller = createCallerFactory(appRouter);
