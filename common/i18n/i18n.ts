import type { MessageKey, Messages } from "./messages.ts";

/** A translator bound to one language. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Translates typed keys with `{{name}}` placeholders; a key missing from `messages` falls back to
 * `fallback` (the source language). Hand-written instead of i18next to keep 17 KB of gzipped
 * JavaScript off every page: see docs/decisions/0003-small-translator.md.
 */
export function createTranslator(messages: Messages, fallback?: Messages): Translate {
  return (key, params) => {
    const template = lookup(messages, key) ?? (fallback && lookup(fallback, key)) ?? key;
    if (!params) return template;
    return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : match,
    );
  };
}
