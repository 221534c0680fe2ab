// The pages `npm run measure` loads and the browser tests hold to their budgets (tests/e2e/shop/budgets.spec.ts),
// one per route of web/routes.ts, each with its budget of JavaScript (brotli). scripts/page-budgets.test.ts fails when a route of web/routes.ts has no row here, so a new
// page cannot escape the budget.

/**
 * Kilobytes of JavaScript a page may load on its own, as a phone receives it over HTTPS: brotli, the precompressed
 * files the server sends (what Chromium fetches until the network is quiet after hydration; code loaded on a touch
 * or click is not counted). React DOM and React Router's framework runtime alone are 90 KB of it.
 */
export const budgetKb = {
  /**
   * The shop's pages a shopper browses, signed in or not (issue 30: at most 110 KB). They load no TanStack Query
   * and no tRPC client: their data comes with the page and they call the API through the small client
   * (web/lib/client.ts, decision 27).
   */
  browse: 110,
  /**
   * The product page: 3 KB over the browse pages' 110 (issue 30 asks 110 of it too). Beyond what every browse page
   * loads, it brings the gallery, the variant picker, the buy bar with its stepper, the three newest reviews with
   * their photos and avatars, the follow and collect buttons and six icons (decision 27 records what is left).
   */
  product: 114,
  /** Sign-in, sign-up and reset: as browse pages (they validate with the server's schemas, loaded on first touch). */
  auth: 110,
  /**
   * Screens of a signed-in shopper, a merchant or the operator: they keep TanStack Query and the tRPC client (16 KB
   * brotli), which their lists, forms and caches use, and the notifications bell (issue 44: 0.8 KB, a lazy chunk
   * for someone signed in that their server-rendered header hydrates with; it took the checkout from 134.9 to
   * 135.8 KB, so this budget went from 132 to 133).
   */
  screens: 133,
  /**
   * The merchant home, which draws the last 30 days with uPlot (19 KB brotli, the smallest maintained charting
   * library that draws both series; docs/decisions/0010-merchant-centre.md). It is loaded after the page is
   * interactive, so the figures paint and respond as on any other page; the budget counts it.
   */
  chart: 150,
} as const;

/** Ids of demo data a page path needs (a product, a store), looked up once the server runs. */
export interface DemoIds {
  productId: string;
  storeId: string;
  /** One of the demo shopper's orders, and its store's (the first demo merchant's) order. */
  orderId: string;
  merchantOrderId: string;
  /** A payment attempt of the demo shopper: the one the seed opened for its unpaid order (a BCA virtual account). */
  attemptId: string;
  /** The demo shopper's conversation with the first demo store. */
  conversationId: string;
}

export interface PageSpec {
  /** The route's file, as web/routes.ts names it. */
  route: string;
  /** A short name for the report. */
  name: string;
  /** The Indonesian path measured. */
  path: (ids: DemoIds) => string;
  budget: keyof typeof budgetKb;
  /** Measured signed in as this demo account (the page sends visitors to sign in). */
  signedIn?: "shopper" | "merchant" | "operator";
  /** The status the server answers (200 unless said). */
  status?: number;
}

export const pages: readonly PageSpec[] = [
  { route: "routes/locale-home.tsx", name: "/ (redirect)", path: () => "/", budget: "browse", status: 302 },
  { route: "routes/shop/home.tsx", name: "home", path: () => "/h5", budget: "browse" },
  { route: "routes/shop/category.tsx", name: "category", path: () => "/h5/category", budget: "browse" },
  {
    route: "routes/shop/product-list.tsx",
    name: "product list",
    path: () => "/h5/products/list?categoryId=36",
    budget: "browse",
  },
  {
    route: "routes/shop/product.tsx",
    name: "product",
    path: (ids) => `/h5/products/${ids.productId}`,
    budget: "product",
  },
  {
    route: "routes/shop/product-reviews.tsx",
    name: "product reviews",
    path: (ids) => `/h5/products/${ids.productId}/reviews`,
    budget: "browse",
  },
  {
    route: "routes/browsing/collection.tsx",
    name: "collection",
    path: () => "/h5/collection",
    budget: "screens",
    signedIn: "shopper",
  },
  {
    route: "routes/browsing/footmark.tsx",
    name: "footmark",
    path: () => "/h5/footmark",
    budget: "screens",
    signedIn: "shopper",
  },
  { route: "routes/shop/faq.tsx", name: "FAQ", path: () => "/h5/question", budget: "browse" },
  {
    route: "routes/stores/street.tsx",
    name: "shop street",
    path: () => "/h5/merchant/street",
    budget: "browse",
  },
  {
    route: "routes/stores/shop.tsx",
    name: "shop page",
    path: (ids) => `/h5/merchant/shop/${ids.storeId}`,
    budget: "browse",
  },
  {
    route: "routes/shop/notifications.tsx",
    name: "notifications",
    path: () => "/h5/notifications",
    budget: "screens",
    signedIn: "shopper",
  },
  {
    route: "routes/shop/notification-settings.tsx",
    name: "notification settings",
    path: () => "/h5/notifications/settings",
    budget: "screens",
    signedIn: "shopper",
  },
  {
    route: "routes/shop/account.tsx",
    name: "account",
    path: () => "/h5/account",
    budget: "screens",
    signedIn: "shopper",
  },
  ...(
    [
      ["routes/wallet/fund.tsx", "funds", "/h5/merchant/fund"],
      ["routes/wallet/recharge.tsx", "recharge", "/h5/merchant/recharge"],
      ["routes/wallet/withdraw.tsx", "withdraw", "/h5/merchant/withdraw"],
      ["routes/wallet/bank.tsx", "bank card", "/h5/merchant/bank"],
      ["routes/shop/security.tsx", "account security", "/h5/account/security"],
      ["routes/merchant/apply.tsx", "merchant application", "/h5/merchant/apply"],
    ] as const
  ).map(([route, name, path]): PageSpec => ({
    route,
    name,
    path: () => path,
    budget: "screens",
    signedIn: "shopper",
  })),
  ...(
    [
      ["routes/orders/cart.tsx", "cart", () => "/h5/cart"],
      ["routes/shop/vouchers.tsx", "vouchers", () => "/h5/vouchers"],
      ["routes/orders/delivery.tsx", "delivery addresses", () => "/h5/delivery"],
      ["routes/orders/pay.tsx", "checkout", (ids: DemoIds) => `/h5/pay?lines=${ids.productId}*1`],
      [
        "routes/payments/payment.tsx",
        "payment method screen",
        (ids: DemoIds) => `/h5/payment?id=${ids.attemptId}`,
      ],
      ["routes/orders/orders.tsx", "orders", () => "/h5/order"],
      ["routes/chat/inbox.tsx", "chat list", () => "/h5/chat"],
      [
        "routes/chat/thread.tsx",
        "conversation",
        (ids: DemoIds) => `/h5/chat/${ids.storeId}?product=${ids.productId}`,
      ],
      [
        "routes/orders/order-detail.tsx",
        "order detail",
        (ids: DemoIds) => `/h5/order/detail?id=${ids.orderId}`,
      ],
      ["routes/orders/review.tsx", "order review", (ids: DemoIds) => `/h5/order/review?id=${ids.orderId}`],
      [
        "routes/orders/aftersales.tsx",
        "return or replacement",
        (ids: DemoIds) => `/h5/order/aftersales?id=${ids.orderId}&item=${ids.productId}`,
      ],
    ] as const
  ).map(([route, name, path]): PageSpec => ({ route, name, path, budget: "screens", signedIn: "shopper" })),
  ...(
    [
      ["routes/merchant/products.tsx", "merchant products", () => "/h5/merchant/products"],
      ["routes/merchant/manage.tsx", "store management", () => "/h5/merchant/shop/manage"],
      ["routes/orders/merchant-orders.tsx", "order centre", () => "/h5/merchant/order"],
      ["routes/merchant/reviews.tsx", "store reviews", () => "/h5/merchant/reviews"],
      ["routes/merchant/vouchers.tsx", "store vouchers", () => "/h5/merchant/vouchers"],
      ["routes/merchant/flash-sales.tsx", "store flash sales", () => "/h5/merchant/flash-sales"],
      ["routes/merchant/chat.tsx", "store chats", () => "/h5/merchant/chat"],
      [
        "routes/merchant/chat-thread.tsx",
        "store conversation",
        (ids: DemoIds) => `/h5/merchant/chat/${ids.conversationId}`,
      ],
      [
        "routes/orders/merchant-order-detail.tsx",
        "store order detail",
        (ids: DemoIds) => `/h5/merchant/order/detail?id=${ids.merchantOrderId}`,
      ],
    ] as const
  ).map(([route, name, path]): PageSpec => ({ route, name, path, budget: "screens", signedIn: "merchant" })),
  {
    route: "routes/merchant/home.tsx",
    name: "merchant home",
    path: () => "/h5/merchant",
    budget: "chart",
    signedIn: "merchant",
  },
  ...(
    [
      ["routes/ops/dashboard.tsx", "ops dashboard", "/ops"],
      ["routes/ops/withdrawals.tsx", "ops withdrawals", "/ops/withdrawals"],
      ["routes/ops/orders.tsx", "ops orders", "/ops/orders"],
      ["routes/ops/merchants.tsx", "ops merchants", "/ops/merchants"],
      ["routes/ops/catalog.tsx", "ops catalogue", "/ops/catalog"],
      ["routes/ops/categories.tsx", "ops categories", "/ops/categories"],
      ["routes/ops/recharges.tsx", "ops recharges", "/ops/recharges"],
      ["routes/ops/ledger.tsx", "ops ledger", "/ops/ledger"],
      ["routes/ops/adjust.tsx", "ops adjustment", "/ops/adjust"],
      ["routes/ops/audit.tsx", "ops audit log", "/ops/audit"],
      ["routes/ops/jobs.tsx", "ops failed jobs", "/ops/jobs"],
      ["routes/ops/payments.tsx", "ops payments", "/ops/payments"],
      ["routes/ops/shipping.tsx", "ops shipping", "/ops/shipping"],
      ["routes/ops/cod.tsx", "ops COD remittances", "/ops/cod"],
      ["routes/ops/reviews.tsx", "ops reviews", "/ops/reviews"],
      ["routes/ops/chats.tsx", "ops chat reports", "/ops/chats"],
      ["routes/ops/aftersales.tsx", "ops after-sales", "/ops/aftersales"],
      ["routes/ops/settings.tsx", "ops settings", "/ops/settings"],
      ["routes/ops/faqs.tsx", "ops FAQs", "/ops/faqs"],
      ["routes/ops/users.tsx", "ops users", "/ops/users"],
      ["routes/ops/vouchers.tsx", "ops vouchers", "/ops/vouchers"],
      ["routes/ops/flash-sales.tsx", "ops flash sales", "/ops/flash-sales"],
    ] as const
  ).map(([route, name, path]): PageSpec => ({
    route,
    name,
    path: () => path,
    budget: "screens",
    signedIn: "operator",
  })),
  { route: "routes/auth/signin.tsx", name: "sign-in", path: () => "/h5/signin", budget: "auth" },
  { route: "routes/auth/signup.tsx", name: "sign-up", path: () => "/h5/signup", budget: "auth" },
  { route: "routes/auth/forget.tsx", name: "reset password", path: () => "/h5/forget", budget: "auth" },
  { route: "routes/down.tsx", name: "add to home screen", path: () => "/down", budget: "browse" },
  { route: "routes/dev-outbox.tsx", name: "local outbox", path: () => "/dev/outbox", budget: "browse" },
  {
    route: "routes/not-found.tsx",
    name: "not found",
    path: () => "/h5/no-such-page",
    budget: "browse",
    status: 404,
  },
];
