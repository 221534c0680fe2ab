import type ind from "./messages/ind.json";

/** The message tree; Indonesian is the source language every other catalogue must match. */
export type Messages = typeof ind;

/**
 * A counted message: one text per plural category of `Intl.PluralRules` for the language ("other" always,
 * "one" in English), e.g. `{ "one": "{{count}} review", "other": "{{count}} reviews" }`.
 */
type Plural = { other: string };

type DotPath<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string | Plural ? `${P}${K}` : DotPath<T[K], `${P}${K}.`>;
}[keyof T & string];

type PluralPath<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends Plural
      ? `${P}${K}`
      : PluralPath<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, e.g. `catalog.home.hot`. */
export type MessageKey = DotPath<Messages>;

/** The keys of counted messages, whose form is chosen by the `count` parameter. */
export type PluralKey = PluralPath<Messages>;

/** Each language's messages once loaded (a dynamic import is resolved again on every call, even when cached). */
const loaded = new Map<"ind" | "en" | "zh", Promise<Messages>>();

/** Loads one language's messages (server side reads all three; the browser gets only its own). */
export function loadMessages(locale: "ind" | "en" | "zh"): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = importMessages(locale);
    loaded.set(locale, messages);
    // A failed load (a chunk the browser could not fetch) is tried again next time.
    messages.catch(() => loaded.delete(locale));
  }
  return messages;
}

async function importMessages(locale: "ind" | "en" | "zh"): Promise<Messages> {
  switch (locale) {
    case "en":
      return (await import("./messages/en.json", { with: { type: "json" } })).default;
    case "zh":
      return (await import("./messages/zh.json", { with: { type: "json" } })).default;
    default:
      return (await import("./messages/ind.json", { with: { type: "json" } })).default;
  }
}
