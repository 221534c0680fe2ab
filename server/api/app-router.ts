import { addressesRouter } from "./shop/addresses.ts";
import { collectionRouter, footprintsRouter, searchRouter } from "./shop/browsing.ts";
import { cartRouter } from "./shop/cart.ts";
import { chatRouter } from "./shop/chat.ts";
import { catalogRouter, listingsRouter } from "./shop/catalog.ts";
import { faqRouter } from "./shop/faq.ts";
import { ordersRouter } from "./shop/orders.ts";
import { reviewsRouter } from "./shop/reviews.ts";
import { settingsRouter } from "./shop/settings.ts";
import { storesRouter } from "./shop/stores.ts";
import { vouchersRouter } from "./shop/vouchers.ts";
import { accountRouter, authRouter } from "./account/auth.ts";
import { notificationsRouter } from "./account/notifications.ts";
import { paymentsRouter } from "./account/payments.ts";
import { walletRouter } from "./account/wallet.ts";
import { merchantChatRouter } from "./merchant/chat.ts";
import { merchantsRouter } from "./merchant/merchants.ts";
import { merchantOrdersRouter } from "./merchant/orders.ts";
import { merchantReviewsRouter } from "./merchant/reviews.ts";
import { merchantVouchersRouter } from "./merchant/vouchers.ts";
import { merchantFlashRouter } from "./merchant/flash.ts";
import { opsFlashRouter } from "./ops/flash.ts";
import { flashRouter } from "./shop/flash.ts";
import { opsAfterSalesRouter } from "./ops/after-sales.ts";
import { opsCatalogRouter } from "./ops/catalog.ts";
import { opsChatsRouter } from "./ops/chats.ts";
import { opsDashboardRouter } from "./ops/dashboard.ts";
import { opsFaqsRouter } from "./ops/faqs.ts";
import { opsJobsRouter } from "./ops/jobs.ts";
import { opsMerchantsRouter } from "./ops/merchants.ts";
import { opsMoneyRouter } from "./ops/money.ts";
import { opsOrdersRouter } from "./ops/orders.ts";
import { opsPaymentsRouter } from "./ops/payments.ts";
import { opsReviewsRouter } from "./ops/reviews.ts";
import { opsSettingsRouter } from "./ops/settings.ts";
import { opsShippingRouter } from "./ops/shipping.ts";
import { opsUsersRouter } from "./ops/users.ts";
import { opsVouchersRouter } from "./ops/vouchers.ts";
import { createCallerFactory, router } from "../trpc/init.ts";

/**
 * Every procedure, by dotted path (`settings.webConfig`, `listings.get`): the wire contract. The routers live by
 * audience (server/api/shop, account, merchant, ops); the paths are the seed's and do not follow the folders.
 */
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
  payments: paymentsRouter,
  cart: cartRouter,
  addresses: addressesRouter,
  orders: ordersRouter,
  merchantOrders: merchantOrdersRouter,
  merchants: merchantsRouter,
  reviews: reviewsRouter,
  merchantReviews: merchantReviewsRouter,
  chat: chatRouter,
  merchantChat: merchantChatRouter,
  vouchers: vouchersRouter,
  merchantVouchers: merchantVouchersRouter,
  flash: flashRouter,
  merchantFlash: merchantFlashRouter,
  ops: router({
    money: opsMoneyRouter,
    orders: opsOrdersRouter,
    payments: opsPaymentsRouter,
    merchants: opsMerchantsRouter,
    catalog: opsCatalogRouter,
    reviews: opsReviewsRouter,
    afterSales: opsAfterSalesRouter,
    dashboard: opsDashboardRouter,
    jobs: opsJobsRouter,
    settings: opsSettingsRouter,
    shipping: opsShippingRouter,
    faqs: opsFaqsRouter,
    users: opsUsersRouter,
    chats: opsChatsRouter,
    vouchers: opsVouchersRouter,
    flash: opsFlashRouter,
  }),
});

export type AppRouter = typeof appRouter;

/** Server-side calls go through the same procedures, middleware and output checks as HTTP calls. */
export const createCaller = createCallerFactory(appRouter);
