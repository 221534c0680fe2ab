// Zod-free platform constants, safe to import into the browser bundle.

/** The platform this web app is (seed: platform code 2). */
export const platformCode = 2;

/** Local defaults of the web config (seed sections 3 and 9); stored settings are merged over them. */
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
