import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createTranslator, type Translate } from "#common/i18n/i18n.ts";
import type { Messages } from "#common/i18n/messages.ts";
import type { Locale } from "#common/locales.ts";

interface I18nValue {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Provides one language's messages (the only ones the browser downloads) to the tree. */
export function I18nProvider(props: { locale: Locale; messages: Messages; children: ReactNode }) {
  const { locale, messages } = props;
  const value = useMemo(() => ({ locale, t: createTranslator(locale, messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}
