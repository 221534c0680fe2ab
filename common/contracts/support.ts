import { z } from "zod";
import type { Localized } from "../locales.ts";
import { plainText, prefixedId } from "./input.ts";

const FaqViewSchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type FaqView = z.infer<typeof FaqViewSchema>;
export const FaqListViewSchema = z.array(FaqViewSchema);

// ------------------------------------------------------------------------------------------- operators

const faqQuestionMax = 200;
const faqAnswerMax = 2000;

/** A text in every language the shop speaks, each required. */
function localizedText(max: number, required: "errors.faq.question" | "errors.faq.answer") {
  const one = plainText(z.string().trim().min(1, required).max(max, "errors.faq.tooLong"));
  return z.object({ ind: one, en: one, zh: one }) satisfies z.ZodType<Localized>;
}

const FaqId = prefixedId("faq");

/** A question and its answer in every language (an operator adds or edits one). */
export const FaqInputSchema = z.object({
  question: localizedText(faqQuestionMax, "errors.faq.question"),
  answer: localizedText(faqAnswerMax, "errors.faq.answer"),
});
export const FaqUpdateInputSchema = FaqInputSchema.extend({ id: FaqId });
export const FaqIdInputSchema = z.object({ id: FaqId });
export const FaqMoveInputSchema = z.object({ id: FaqId, direction: z.enum(["up", "down"]) });

const LocalizedSchema = z.object({ ind: z.string(), en: z.string(), zh: z.string() });

/** A FAQ as the operator edits it: every language, in display order. */
const OpsFaqSchema = z.object({ id: z.string(), question: LocalizedSchema, answer: LocalizedSchema });
export type OpsFaq = z.infer<typeof OpsFaqSchema>;
export const OpsFaqListSchema = z.array(OpsFaqSchema);
