import { z } from "zod";

export const FaqViewSchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type FaqView = z.infer<typeof FaqViewSchema>;
export const FaqListViewSchema = z.array(FaqViewSchema);
