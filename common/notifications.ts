// The notification centre's categories (issue 44), as plain constants: pages read them without loading zod (the
// schemas in common/contracts/notifications.ts build on them).

/** What a notification is about: its tab in the centre, and a row of the preferences. */
export const notificationCategories = ["orders", "payments", "chat", "promotions", "account"] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
