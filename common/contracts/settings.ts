import { z } from "zod";
import { locales } from "../locales.ts";

/** The platform this web app is (seed: platform code 2). */
export const platformCode = 2;

/** Local defaults of the web config (seed section 3 and 9); stored settings are merged over them. */
export const webConfigDefaults = {
  title: "Pasar",
  desc: "Online Shop",
  logo: "/brand/logo.svg",
  favicon: "/favicon.svg",
  shareImage: "/brand/share.png",
  platformCode,
  currency: "Rp",
  countryId: 1,
  countryMobilePre: "+62",
  categoryIds: { man: 11044364, cosmetics: 29, digital: 36 },
  locale: "ind",
} as const;

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
  })
  .partial();
export type StoredWebConfig = z.infer<typeof StoredWebConfigSchema>;
