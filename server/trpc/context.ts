import { defaultLocale, isLocale, type Locale } from "#common/locales.ts";
import type { Translate } from "#common/i18n/i18n.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../platform/logger.ts";
import type { Storage } from "../platform/storage.ts";
import { serverTranslator } from "../platform/i18n.ts";

/** What every procedure receives. Built the same way for HTTP calls and for server rendering. */
export interface Context {
  db: Db;
  storage: Storage;
  lang: Locale;
  t: Translate;
  /** The raw `authorization` header (seed section 7: the stored token, empty when signed out). */
  authorization: string;
  requestId: string;
  clientIp: string;
  log: Logger;
}

export interface ContextDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

export interface RequestInfo {
  headers: Headers;
  requestId: string;
  clientIp: string;
  /** A locale already known (from the page URL during server rendering); beats the header. */
  locale?: Locale;
}

/** Reads the `lang` header (seed section 7) into a supported locale. */
export function localeFromHeader(value: string | null): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** Builds the per-request context from the app's dependencies and one request. */
export function createContextFactory(deps: ContextDeps) {
  return (req: RequestInfo): Context => {
    const lang = req.locale ?? localeFromHeader(req.headers.get("lang"));
    return {
      db: deps.db,
      storage: deps.storage,
      lang,
      t: serverTranslator(lang),
      authorization: req.headers.get("authorization") ?? "",
      requestId: req.requestId,
      clientIp: req.clientIp,
      log: deps.log.child({ requestId: req.requestId }),
    };
  };
}
