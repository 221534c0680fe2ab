import i18next, { type i18n as I18n } from "i18next";
import type { Locale } from "../locales.ts";
import type { MessageKey, Messages } from "./messages.ts";

/** A translator bound to one language. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Creates an i18next instance holding the given catalogues; used by the server and the web app alike. */
export function createI18n(locale: Locale, resources: Partial<Record<Locale, Messages>>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: "ind",
    initAsync: false,
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, messages]) => [lng, { translation: messages }]),
    ),
    // React escapes output; server messages are plain text.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** A typed `t` for one language. */
export function translator(instance: I18n, locale: Locale): Translate {
  const t = instance.getFixedT(locale);
  return (key, params) => t(key, params ?? {}) as string;
}
