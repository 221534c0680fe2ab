import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** libphonenumber-js's "min" metadata with only Indonesia (+62) in it, and the package's version. */
export async function indonesianSubset(): Promise<{ metadata: unknown; version: string }> {
  const full = JSON.parse(await readFile(require.resolve("libphonenumber-js/metadata.min.json"), "utf8"));
  const pkg = JSON.parse(await readFile(require.resolve("libphonenumber-js/package.json"), "utf8"));
  return {
    version: pkg.version,
    metadata: {
      version: full.version,
      country_calling_codes: { 62: full.country_calling_codes["62"] },
      countries: { ID: full.countries.ID },
      nonGeographic: {},
    },
  };
}
