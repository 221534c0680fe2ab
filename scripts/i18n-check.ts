// Fails when any message key exists in one language but not in another, a message is empty, placeholders
// differ, or a counted message (plural forms, decision 3) lacks a form its language needs.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { localeTags } from "../common/locales.ts";

const dir = path.resolve(import.meta.dirname, "../common/i18n/messages");
const locales = ["ind", "en", "zh"] as const;

/** The plural categories of `Intl.PluralRules`; an object with any of them as a key is a counted message. */
const pluralCategories: readonly string[] = ["zero", "one", "two", "few", "many", "other"];

function isPlural(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.keys(value).some((k) => pluralCategories.includes(k))
  );
}

function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()) {
  if (value && typeof value === "object" && !Array.isArray(value) && !isPlural(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");
}

/** Reads the three catalogues and returns one line per problem; empty when all are complete. */
export async function checkMessages(): Promise<string[]> {
  const raw: Record<string, unknown> = {};
  for (const locale of locales)
    raw[locale] = JSON.parse(await readFile(path.join(dir, `${locale}.json`), "utf8"));
  return findProblems(raw);
}

/**
 * Missing or empty messages, placeholders that differ between languages or between the forms of a counted
 * message, and counted messages that are not counted in every language or lack a form their language needs
 * (`other` always, `one` in English: what `Intl.PluralRules` gives for the language) or have one it never uses.
 */
export function findProblems(raw: Record<string, unknown>): string[] {
  const catalogues = new Map<string, Map<string, unknown>>();
  for (const locale of locales) catalogues.set(locale, flatten(raw[locale]));
  const allKeys = new Set([...catalogues.values()].flatMap((c) => [...c.keys()]));
  const problems: string[] = [];
  for (const key of [...allKeys].sort()) {
    const values = locales.map((l) => catalogues.get(l)?.get(key));
    const params = new Set<string>();
    for (const [i, locale] of locales.entries()) {
      const value = values[i];
      if (value === undefined) problems.push(`${locale}: missing ${key}`);
      else if (isPlural(value)) {
        const needed = new Intl.PluralRules(localeTags[locale]).resolvedOptions()
          .pluralCategories as string[];
        for (const form of needed)
          if (!(form in value)) problems.push(`${locale}: ${key} lacks the plural form "${form}"`);
        for (const [form, text] of Object.entries(value)) {
          if (!needed.includes(form))
            problems.push(`${locale}: ${key} has the plural form "${form}", which ${locale} never uses`);
          if (typeof text !== "string" || text.trim() === "")
            problems.push(`${locale}: empty ${key}.${form}`);
          else params.add(placeholders(text));
        }
      } else if (typeof value !== "string" || value.trim() === "") problems.push(`${locale}: empty ${key}`);
      else params.add(placeholders(value));
    }
    const counted = values.map((v) => (v === undefined ? undefined : isPlural(v)));
    if (counted.includes(true) && counted.includes(false))
      problems.push(
        `${key}: counted (plural forms) in ${locales.filter((_, i) => counted[i] === true).join(", ")} ` +
          `but not in ${locales.filter((_, i) => counted[i] === false).join(", ")}`,
      );
    if (params.size > 1)
      problems.push(`${key}: placeholders differ between languages or forms (${[...params].join(" | ")})`);
  }
  return problems;
}

if (import.meta.main) {
  const problems = await checkMessages();
  if (problems.length > 0) {
    console.error(`Locale check failed:\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(`Locale check passed: ${locales.join(", ")} complete.`);
}
