import { useState } from "react";
import { Languages, X } from "lucide-react";
import { Link } from "react-router";
import { localeTags, type Locale } from "#common/locales.ts";
import type { Messages } from "#common/i18n/messages.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { chooseLanguage, rememberLanguage, usePathIn } from "./switch-language.ts";

/** An offer to read the shop in the browser's language, written in that language (root loader). */
export interface LanguageOfferData {
  locale: Locale;
  texts: Messages["shell"]["languageOffer"];
}

/**
 * Offered on an Indonesian page when the browser prefers English or Chinese and the visitor never chose a
 * language (decision 2). The server renders it, so it is part of the first paint and moves nothing; it is
 * in the offered language (marked with `lang`), and either answer is remembered in the language cookie.
 */
export function LanguageOffer(props: { offer: LanguageOfferData }) {
  const { locale } = useI18n();
  const pathIn = usePathIn();
  const [answered, setAnswered] = useState(false);
  const { offer } = props;
  if (answered) return null;
  return (
    <aside
      aria-label={offer.texts.label}
      lang={localeTags[offer.locale]}
      className="mx-auto flex max-w-md items-center gap-2 bg-primary-50 px-3 py-1.5 text-sm text-primary-950 dark:bg-primary-950 dark:text-primary-50"
    >
      <Languages className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{offer.texts.text}</p>
      <Link
        to={pathIn(offer.locale)}
        replace
        onClick={() => chooseLanguage(offer.locale)}
        className="shrink-0 rounded-full bg-primary-800 px-3 py-1.5 font-semibold text-white dark:bg-primary-300 dark:text-primary-950"
      >
        {offer.texts.switch}
      </Link>
      <button
        type="button"
        aria-label={offer.texts.keep}
        onClick={() => {
          rememberLanguage(locale);
          setAnswered(true);
        }}
        className="shrink-0 rounded-full p-1.5 hover:bg-primary-100 dark:hover:bg-primary-900"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </aside>
  );
}
