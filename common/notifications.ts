// The notification centre's categories (issue 44), as plain constants: pages read them without loading zod (the
// schemas in common/contracts/notifications.ts build on them).

/** What a notification is about: its tab in the centre, and a row of the preferences. */
export const notificationCategories = ["orders", "payments", "chat", "promotions", "account"] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** The ways a notification reaches someone besides the in-app centre. */
export const notificationChannels = ["push", "whatsapp", "email"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Which channel each category can use and whether it is on until the person says otherwise. WhatsApp carries only
 * order updates (the shop's one utility template); promotions are off everywhere until the person opts in.
 */
export const channelDefaults: Record<NotificationCategory, Partial<Record<NotificationChannel, boolean>>> = {
  orders: { push: true, whatsapp: true, email: false },
  payments: { push: true, email: true },
  chat: { push: true, email: false },
  promotions: { push: false, email: false },
  account: { push: true, email: true },
};

/** Security and payment notices reach every channel the person has: they cannot be switched off. */
export const lockedCategories: readonly NotificationCategory[] = ["payments", "account"];

/** Quiet hours in the person's own time zone: promotions wait until they end, never dropped. */
export const quietHours = { from: 21, until: 8 } as const;

/** A person's choices: by category, the channels they turned on or off (what they did not touch: the default). */
export type ChannelChoices = Partial<
  Record<NotificationCategory, Partial<Record<NotificationChannel, boolean>>>
>;

/** Whether `channel` is on for `category` under `choices` (a locked category's channels always are). */
export function channelOn(
  choices: ChannelChoices,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  const byDefault = channelDefaults[category][channel];
  if (byDefault === undefined) return false;
  if (lockedCategories.includes(category)) return true;
  return choices[category]?.[channel] ?? byDefault;
}
