import { localeTags, type Locale } from "../locales.ts";
import { formatNumber } from "../money.ts";
import type { MessageKey, Messages, PluralKey } from "./messages.ts";

type Params = Record<string, string | number>;

/**
 * A translator bound to one language. A counted message (a plural key) needs its number as `count`, which
 * picks the form and is written as the language writes numbers.
 */
export type Translate = <K extends MessageKey>(
  key: K,
  ...params: K extends PluralKey ? [params: Params & { count: number }] : [params?: Params]
) => string;

/** The language's plural rules, made once per language. */
const pluralRules: Partial<Record<Locale, Intl.PluralRules>> = {};

function lookup(
  messages: Messages | undefined,
  key: string,
  locale: Locale,
  count: unknown,
): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (node !== null && typeof node === "object") {
    // A counted message: one text per plural category ("one", "other", ...), "other" always there.
    const forms = node as Record<string, string>;
    node =
      (typeof count === "number" &&
        forms[(pluralRules[locale] ??= new Intl.PluralRules(localeTags[locale])).select(count)]) ||
      forms.other;
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Translates typed keys with `{{name}}` placeholders and plural forms chosen by `Intl.PluralRules`; a key
 * missing from `messages` falls back to `fallback` (the source language). Hand-written instead of i18next
 * to keep 17 KB of gzipped JavaScript off every page: see docs/decisions/0003-small-translator.md.
 */
export function createTranslator(locale: Locale, messages: Messages, fallback?: Messages): Translate {
  return ((key: string, params?: Params) => {
    const count = params?.count;
    const template = lookup(messages, key, locale, count) ?? lookup(fallback, key, locale, count) ?? key;
    if (!params) return template;
    return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
      Object.hasOwn(params, name)
        ? name === "count" && typeof count === "number"
          ? formatNumber(count, locale)
          : String(params[name])
        : match,
    );
  }) as Translate;
}
