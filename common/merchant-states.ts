/**
 * The merchant side's fixed vocabularies, zod-free so pages can import them (common/contracts/merchants.ts
 * builds its schemas on them).
 */

/** A merchant application waits for review, then an operator approves or rejects it (with a reason). */
export const applicationStatuses = ["pending", "approved", "rejected"] as const;

/** A store is open, or suspended by an operator (hidden from the shop; its open orders still complete). */
export const storeStatuses = ["approved", "suspended"] as const;
export type StoreStatus = (typeof storeStatuses)[number];

/** The operator's merchants page: applications by state, then stores by state. */
export const merchantOpsViews = ["pending", "rejected", "approved", "suspended"] as const;
export type MerchantOpsView = (typeof merchantOpsViews)[number];

/** The order centre's day filters, in the Indonesian (WIB) calendar. */
export const orderPeriods = ["any", "today", "yesterday", "week"] as const;
export type OrderPeriod = (typeof orderPeriods)[number];

/** How many days the merchant home's chart shows. */
export const chartDays = 30;
