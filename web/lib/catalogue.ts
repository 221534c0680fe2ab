import { use, type FulfilledReactPromise, type ReactPromise } from "react";
import type { Messages } from "#common/i18n/messages.ts";
import type { Locale } from "#common/locales.ts";
import indUrl from "#common/i18n/messages/ind.json?url";
import enUrl from "#common/i18n/messages/en.json?url";
import zhUrl from "#common/i18n/messages/zh.json?url";

/**
 * Each language's message catalogue is a static file with its content hash in its name (decision 14), cached by
 * the browser for a year, instead of riding in every page's hydration data: the server renders with its own
 * copy, and the browser fetches the file once (in parallel with the scripts, see late-scripts.server.ts) and
 * hydrates when both have arrived.
 */
export const catalogueUrls: Record<Locale, string> = { ind: indUrl, en: enUrl, zh: zhUrl };

/**
 * A promise marked with its outcome the way React marks the promises it has seen: `use()` reads a fulfilled one
 * without suspending, so the server (which has every catalogue) and a browser that has fetched one render at once.
 */
const catalogues = new Map<Locale, ReactPromise<Messages>>();

function fulfilled(messages: Messages): FulfilledReactPromise<Messages> {
  return Object.assign(Promise.resolve(messages), { status: "fulfilled" as const, value: messages });
}

/** The server's catalogues, kept by the root loader before the page renders. */
export function keepCatalogue(locale: Locale, messages: Messages): void {
  const known = catalogues.get(locale);
  if (known?.status !== "fulfilled" || known.value !== messages) catalogues.set(locale, fulfilled(messages));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fetches a catalogue, retrying with a growing pause (at most 10 s) until it arrives: until then the
 * server-rendered page stays as it is, readable and with working links, rather than turning into an error page
 * on a flaky connection.
 */
async function fetchCatalogue(url: string): Promise<Messages> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url);
      if (response.ok) return (await response.json()) as Messages;
    } catch {
      // Offline or cut off: try again below.
    }
    await wait(Math.min(10_000, 500 * 2 ** attempt));
  }
}

/** Starts loading a language's catalogue in the browser (ahead of need on a language switch). */
export function loadCatalogue(locale: Locale): ReactPromise<Messages> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    // The server renders only with the catalogue the root loader kept; fetching a relative URL there would
    // retry until the render is aborted.
    if (import.meta.env.SSR) throw new Error(`the ${locale} message catalogue was not kept before rendering`);
    catalogue = fetchCatalogue(catalogueUrls[locale]).then((messages) => {
      catalogues.set(locale, fulfilled(messages));
      return messages;
    });
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/** The language's messages; in the browser, suspends (hydration waits) until its file has arrived. */
export function useCatalogue(locale: Locale): Messages {
  return use(loadCatalogue(locale));
}
