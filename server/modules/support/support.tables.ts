import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Localized } from "#common/locales.ts";

/** Frequently asked questions, in every language, in display order. */
export const faqs = pgTable("faqs", {
  id: text().primaryKey(),
  sort: integer().notNull(),
  question: jsonb().$type<Localized>().notNull(),
  answer: jsonb().$type<Localized>().notNull(),
});
