import en from "../../../common/i18n/messages/en.json" with { type: "json" };
import ind from "../../../common/i18n/messages/ind.json" with { type: "json" };
import zh from "../../../common/i18n/messages/zh.json" with { type: "json" };

/** The interface languages as the app names them; Indonesian has no URL prefix. */
export const langs = ["ind", "en", "zh"] as const;
export type Lang = (typeof langs)[number];

/** The shopper-visible texts of each language, straight from the app's catalogues. */
export const messages = { ind, en, zh } satisfies Record<Lang, typeof ind>;

/** The `lang` attribute of <html> in each language. */
export const htmlLang: Record<Lang, string> = { ind: "id-ID", en: "en-US", zh: "zh-CN" };

/** Browser locales whose Accept-Language leads to each language. */
export const browserLocale: Record<Lang, string> = { ind: "id-ID", en: "en-US", zh: "zh-CN" };

/** The name of each language in the language picker (written in that language). */
export const languageName: Record<Lang, string> = { ind: "Bahasa Indonesia", en: "English", zh: "中文" };

export const siteTitle = "Pasar";

/** `/h5/x` in `lang`: unprefixed for Indonesian, `/en/h5/x` and `/zh/h5/x` otherwise. */
export function localePath(lang: Lang, rest: string): string {
  return lang === "ind" ? rest : `/${lang}${rest}`;
}

/** Fills `{{name}}` placeholders like the app's translator does (common/i18n/i18n.ts). */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(vars[key] ?? `{{${key}}}`));
}

/** The form of a counted message (`{ "one": …, "other": … }`) for `count` in `lang`, picked as the app does. */
export function plural(lang: Lang, forms: { other: string; one?: string }, count: number): string {
  const form = new Intl.PluralRules(htmlLang[lang]).select(count);
  return (form === "one" && forms.one) || forms.other;
}

/** A document title as the app writes it: "{page title} - Pasar". */
export function pageTitle(title: string): string {
  return `${title} - ${siteTitle}`;
}

/** The accessible name of the header's settings button, e.g. "Theme · Language". */
export function settingsLabel(lang: Lang): string {
  const m = messages[lang];
  return `${m.shell.theme.label} · ${m.shell.language.label}`;
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A RegExp matching a whole message whose placeholders are given as RegExp sources. */
export function messagePattern(template: string, placeholders: Record<string, string>): RegExp {
  const source = template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const key = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      return key ? (placeholders[key] ?? ".+") : escapeRegExp(part);
    })
    .join("");
  return new RegExp(`^${source}$`);
}
