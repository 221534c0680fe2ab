import { AsyncLocalStorage } from "node:async_hooks";
import en from "#common/i18n/messages/en.json" with { type: "json" };
import ind from "#common/i18n/messages/ind.json" with { type: "json" };
import zh from "#common/i18n/messages/zh.json" with { type: "json" };
import { createTranslator, type Translate } from "#common/i18n/i18n.ts";
import { defaultLocale, type Locale } from "#common/locales.ts";

const translators: Record<Locale, Translate> = {
  ind: createTranslator("ind", ind),
  en: createTranslator("en", en, ind),
  zh: createTranslator("zh", zh, ind),
};

/** The server's translator for one language (all three catalogues are loaded once). */
export function serverTranslator(locale: Locale): Translate {
  return translators[locale];
}

const requestLocale = new AsyncLocalStorage<Locale>();

/** Runs `fn` with the request's language known, for errors raised before a context exists. */
export function withRequestLocale<T>(locale: Locale, fn: () => T): T {
  return requestLocale.run(locale, fn);
}

/** The current request's language (from its `lang` header), else the default. */
export function currentRequestLocale(): Locale {
  return requestLocale.getStore() ?? defaultLocale;
}
