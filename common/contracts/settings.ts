import { z } from "zod";
import { locales } from "../locales.ts";
import { platformCode } from "../platform.ts";

export const WebConfigInputSchema = z.object({ platformCode: z.literal(platformCode) });

export const WebConfigViewSchema = z.object({
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  favicon: z.string(),
  shareImage: z.string(),
  platformCode: z.number().int(),
  currency: z.string(),
  countryId: z.number().int(),
  countryMobilePre: z.string(),
  categoryIds: z.object({ man: z.number().int(), cosmetics: z.number().int(), digital: z.number().int() }),
  locale: z.enum(locales),
  support: z.object({
    /** E.164, for the wa.me link. */
    whatsapp: z.string().nullable(),
    /** The same number as people read it ("+62 811-0000-2026"), formatted on the server for any country. */
    whatsappText: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type WebConfigView = z.infer<typeof WebConfigViewSchema>;

/** The part of the web config an operator may store; every field optional, unknown keys dropped. */
export const StoredWebConfigSchema = z
  .object({
    title: z.string().min(1).max(60),
    desc: z.string().min(1).max(200),
    logo: z.string().min(1).max(300),
    favicon: z.string().min(1).max(300),
    shareImage: z.string().min(1).max(300),
    /** A WhatsApp number in E.164 (+62…). */
    supportWhatsapp: z.string().regex(/^\+\d{8,15}$/),
    supportEmail: z.email(),
  })
  .partial();
export type StoredWebConfig = z.infer<typeof StoredWebConfigSchema>;
