// The schema as drizzle-kit and the database client see it: every module's tables, nothing else.
export * from "../modules/settings/settings.tables.ts";
export * from "../modules/auth/auth.tables.ts";
export * from "../modules/catalog/catalog.tables.ts";
export * from "../modules/stores/stores.tables.ts";
export * from "../modules/notifications/notifications.tables.ts";
export * from "../modules/browsing/browsing.tables.ts";
export * from "../modules/support/support.tables.ts";
export * from "../modules/ledger/ledger.tables.ts";
export * from "../modules/wallet/wallet.tables.ts";
export * from "../modules/gateway/gateway.tables.ts";
export * from "../modules/payments/payments.tables.ts";
export * from "../modules/audit/audit.tables.ts";
export * from "../modules/cart/cart.tables.ts";
export * from "../modules/addresses/addresses.tables.ts";
export * from "../modules/orders/orders.tables.ts";
export * from "../modules/merchants/merchants.tables.ts";
export * from "../modules/reviews/reviews.tables.ts";
