import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Indonesian pages have no prefix (/h5/...); English and Chinese live under /en and /zh.
export default [
  route(":lang?", "routes/locale-home.tsx"),
  route(":lang?/down", "routes/down.tsx"),
  route(":lang?/dev/outbox", "routes/dev-outbox.tsx"),
  route(":lang?/h5", "routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("category", "routes/shop/category.tsx"),
    route("products/list", "routes/shop/product-list.tsx"),
    route("products/:id", "routes/shop/product.tsx"),
    route("collection", "routes/browsing/collection.tsx"),
    route("footmark", "routes/browsing/footmark.tsx"),
    route("question", "routes/shop/faq.tsx"),
    route("merchant/street", "routes/stores/street.tsx"),
    route("merchant/shop/:id", "routes/stores/shop.tsx"),
    route("merchant/fund", "routes/wallet/fund.tsx"),
    route("merchant/recharge", "routes/wallet/recharge.tsx"),
    route("merchant/withdraw", "routes/wallet/withdraw.tsx"),
    route("merchant/bank", "routes/wallet/bank.tsx"),
    route("signin", "routes/auth/signin.tsx", { id: "h5.signin" }),
    route("signup", "routes/auth/signup.tsx"),
    route("forget", "routes/auth/forget.tsx"),
    route("account", "routes/shop/account.tsx"),
  ]),
  route(":lang?/ops", "routes/ops/layout.tsx", [
    index("routes/ops/withdrawals.tsx"),
    route("recharges", "routes/ops/recharges.tsx"),
    route("ledger", "routes/ops/ledger.tsx"),
    route("adjust", "routes/ops/adjust.tsx"),
    route("audit", "routes/ops/audit.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
