import type ind from "./messages/ind.json";

/** The message tree; Indonesian is the source language every other catalogue must match. */
export type Messages = typeof ind;

type DotPath<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : DotPath<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, e.g. `catalog.home.hot`. */
export type MessageKey = DotPath<Messages>;

/** Loads one language's messages (server side reads all three; the browser gets only its own). */
export async function loadMessages(locale: "ind" | "en" | "zh"): Promise<Messages> {
  switch (locale) {
    case "en":
      return (await import("./messages/en.json", { with: { type: "json" } })).default;
    case "zh":
      return (await import("./messages/zh.json", { with: { type: "json" } })).default;
    default:
      return (await import("./messages/ind.json", { with: { type: "json" } })).default;
  }
}
