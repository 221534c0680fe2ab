/**
 * The chat's fixed vocabularies and limits, zod-free so pages can import them (common/contracts/chat.ts builds
 * its schemas on them).
 */

/** Who wrote a message: the conversation's shopper or its store (the merchant, or the store's away message). */
export const chatSides = ["shopper", "store"] as const;
export type ChatSide = (typeof chatSides)[number];

/** What a message is: text, a picture, or a card of a product or an order the talk is about. */
export const chatMessageKinds = ["text", "image", "product", "order"] as const;
export type ChatMessageKind = (typeof chatMessageKinds)[number];

/** Why a conversation is reported. */
export const chatReportReasons = ["offPlatform", "fraud", "abuse", "misc"] as const;
export type ChatReportReason = (typeof chatReportReasons)[number];

export const chatReportStatuses = ["open", "closed"] as const;
export type ChatReportStatus = (typeof chatReportStatuses)[number];

export const chatLimits = {
  /** Characters in one message. */
  text: 1000,
  /** Messages a page of a conversation holds (more on scroll). */
  page: 30,
  /** Quick replies a store keeps, and the characters of each. */
  quickReplies: 10,
  quickReply: 300,
  /** Characters of the away message. */
  awayMessage: 300,
  /** Characters of a report's note. */
  reportNote: 500,
} as const;

/**
 * The store's figures shoppers see: a shopper's turn (their first message after the store's last answer) counts as
 * answered when the store writes back within this many hours; turns younger than that and not answered yet are
 * not counted either way.
 */
export const chatAnswerHours = 12;
/** Days the response figures look back, and how many turns they need before they are shown. */
export const chatStatsDays = 30;
export const chatStatsMinTurns = 3;

/** How a typical response time reads: "within minutes", "within an hour", "within hours", "within a day". */
export type ChatResponseSpeed = "minutes" | "hour" | "hours" | "day";
export function responseSpeed(minutes: number): ChatResponseSpeed {
  if (minutes <= 10) return "minutes";
  if (minutes <= 60) return "hour";
  if (minutes <= 6 * 60) return "hours";
  return "day";
}
