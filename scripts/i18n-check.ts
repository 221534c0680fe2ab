// Fails when any message key exists in one language but not in another, or a message is empty.
import { readFile } from "node:fs/promises";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "../common/i18n/messages");
const locales = ["ind", "en", "zh"] as const;

function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Reads the three catalogues and returns one line per problem; empty when all are complete. */
export async function checkMessages(): Promise<string[]> {
  const raw: Record<string, unknown> = {};
  for (const locale of locales)
    raw[locale] = JSON.parse(await readFile(path.join(dir, `${locale}.json`), "utf8"));
  return findProblems(raw);
}

/** Missing or empty messages and placeholders that differ between languages. */
export function findProblems(raw: Record<string, unknown>): string[] {
  const catalogues = new Map<string, Map<string, unknown>>();
  for (const locale of locales) catalogues.set(locale, flatten(raw[locale]));
  const allKeys = new Set([...catalogues.values()].flatMap((c) => [...c.keys()]));
  const problems: string[] = [];
  for (const key of [...allKeys].sort()) {
    for (const locale of locales) {
      const value = catalogues.get(locale)?.get(key);
      if (value === undefined) problems.push(`${locale}: missing ${key}`);
      else if (typeof value !== "string" || value.trim() === "") problems.push(`${locale}: empty ${key}`);
    }
    const params = locales.map((l) => {
      const v = catalogues.get(l)?.get(key);
      return typeof v === "string"
        ? [...v.matchAll(/\{\{(\w+)\}\}/g)]
            .map((m) => m[1])
            .sort()
            .join(",")
        : "";
    });
    if (new Set(params).size > 1)
      problems.push(`${key}: placeholders differ between languages (${params.join(" | ")})`);
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
