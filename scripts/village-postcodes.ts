// Writes server/modules/addresses/village-postcodes.txt: a postcode (kode pos) for each of idn-area-data's
// villages, taken from the npm package geografis (MIT licence; Kemendagri village codes with their postcodes).
// Run after upgrading idn-area-data or the source: scripts/n24 node scripts/village-postcodes.ts
//   (downloads the pinned geografis tarball with `npm pack` and checks its integrity; nothing is installed).
// Or: scripts/n24 node scripts/village-postcodes.ts /path/to/geografis  (an unpacked copy of the same package version).
// Decision 20 says how villages are matched and what the district fallback is.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getDistricts, getRegencies, getVillages } from "idn-area-data";

/** The source, pinned: a new version is a deliberate change of this line, the integrity and the data file. */
const source = {
  name: "geografis",
  version: "1.3.2",
  integrity:
    "sha512-VNrk114ibD0NxQ0ueAkjjT42Lnf9nVih18cvbw0rxoSlvoLV3OApkZLnkOe2ccrgi7+TMcRyNaOawHEdSag+oQ==",
};
const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "server/modules/addresses/village-postcodes.txt");

interface SourceVillage {
  code: string;
  postal: number;
  city: string;
  district: string;
  village: string;
}

/** The source's villages, from the directory given or from the registry's tarball. */
function readSource(dir: string | undefined): { rows: SourceVillage[]; version: string } {
  if (dir) {
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
    if (pkg.version !== source.version) {
      throw new Error(
        `${dir} holds ${source.name} ${pkg.version}; this script is pinned to ${source.version}`,
      );
    }
    return {
      rows: JSON.parse(readFileSync(path.join(dir, "data/json/data.json"), "utf8")) as SourceVillage[],
      version: pkg.version,
    };
  }
  const work = mkdtempSync(path.join(tmpdir(), "village-postcodes-"));
  try {
    const packed = JSON.parse(
      execFileSync(
        "npm",
        ["pack", `${source.name}@${source.version}`, "--json", "--pack-destination", work],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      ),
    ) as { filename: string; integrity: string }[];
    const tarball = packed[0]!;
    if (tarball.integrity !== source.integrity) {
      throw new Error(
        `${source.name}@${source.version}: integrity ${tarball.integrity}, expected ${source.integrity}`,
      );
    }
    execFileSync("tar", [
      "-xzf",
      path.join(work, tarball.filename),
      "-C",
      work,
      "package/package.json",
      "package/data/json/data.json",
    ]);
    return readSource(path.join(work, "package"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Names compared without case, accents, spaces or punctuation ("Kebon Kacang" = "KEBON-KACANG"). */
const norm = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]/g, "");

/** The most common value; the smallest on a tie, so the file is the same on every run. */
function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [v, n] of counts) {
    const bestCount = best === undefined ? 0 : counts.get(best)!;
    if (n > bestCount || (n === bestCount && v < best!)) best = v;
  }
  return best;
}

const { rows, version } = readSource(process.argv[2]);
const idnVersion = (
  JSON.parse(readFileSync(path.join(root, "node_modules/idn-area-data/package.json"), "utf8")) as {
    version: string;
  }
).version;
const [villages, districts, regencies] = await Promise.all([getVillages(), getDistricts(), getRegencies()]);
const regencyName = new Map(regencies.map((r) => [r.code, r.name]));
const districtOf = new Map(districts.map((d) => [d.code, d]));

// The source's villages with a real postcode (a few carry 0), by code, by their names' chain and by their names in
// their regency. A name that stands for villages of different postcodes is left out: it says nothing.
const sourceByCode = new Map<string, SourceVillage>();
const sourceByName = new Map<string, string | null>();
const sourceByRegency = new Map<string, string | null>();
const sourceDistrictPostcodes = new Map<string, string[]>();
const chain = (regency: string, district: string, village = "") =>
  `${norm(regency)}|${norm(district)}|${norm(village)}`;
for (const row of rows) {
  if (!Number.isInteger(row.postal) || row.postal < 10000 || row.postal > 99999) continue;
  const postcode = String(row.postal);
  sourceByCode.set(row.code, row);
  const key = chain(row.city, row.district, row.village);
  const seen = sourceByName.get(key);
  sourceByName.set(key, seen === undefined || seen === postcode ? postcode : null);
  const regencyKey = chain(row.city, "", row.village);
  const seenInRegency = sourceByRegency.get(regencyKey);
  sourceByRegency.set(
    regencyKey,
    seenInRegency === undefined || seenInRegency === postcode ? postcode : null,
  );
  const districtKey = chain(row.city, row.district);
  const inDistrict = sourceDistrictPostcodes.get(districtKey);
  if (inDistrict) inDistrict.push(postcode);
  else sourceDistrictPostcodes.set(districtKey, [postcode]);
}

// Each village's own postcode: by its code (the same village, perhaps spelt differently since 2019), else by
// the names of its regency, district and village (codes that changed, as in the provinces made in Papua in 2022),
// else by its name alone in its regency (villages of districts formed since).
const own = new Map<string, string>();
const counts = { byCode: 0, byName: 0, byMove: 0, byDistrict: 0, none: 0 };
for (const v of villages) {
  const district = districtOf.get(v.district_code)!;
  const byCode = sourceByCode.get(v.code);
  const byName = sourceByName.get(chain(regencyName.get(district.regency_code)!, district.name, v.name));
  if (byCode) {
    own.set(v.code, String(byCode.postal));
    counts.byCode++;
  } else if (byName) {
    own.set(v.code, byName);
    counts.byName++;
  } else {
    const moved = sourceByRegency.get(chain(regencyName.get(district.regency_code)!, "", v.name));
    if (moved) {
      own.set(v.code, moved);
      counts.byMove++;
    }
  }
}

// One line per district: its code, its most common postcode, then the villages whose own postcode differs
// (`2015=23774`, by the last four digits of their code) and those with none of their own (`2020?`), which are
// given the district's. A district none of whose villages matched takes the most common postcode of the
// source's district of the same names; a district found nowhere has no line, and its villages no postcode.
const byDistrict = Map.groupBy(villages, (v) => v.district_code);
const lines: string[] = [];
for (const [code, list] of [...byDistrict].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const district = districtOf.get(code)!;
  const fallback =
    mostCommon(list.flatMap((v) => own.get(v.code) ?? [])) ??
    mostCommon(
      sourceDistrictPostcodes.get(chain(regencyName.get(district.regency_code)!, district.name)) ?? [],
    );
  if (!fallback) {
    counts.none += list.length;
    continue;
  }
  const exceptions: string[] = [];
  for (const v of list.sort((a, b) => (a.code < b.code ? -1 : 1))) {
    const suffix = v.code.slice(code.length + 1);
    const postcode = own.get(v.code);
    if (postcode === undefined) {
      exceptions.push(`${suffix}?`);
      counts.byDistrict++;
    } else if (postcode !== fallback) {
      exceptions.push(`${suffix}=${postcode}`);
    }
  }
  lines.push([code, fallback, ...exceptions].join(" "));
}

const total = villages.length;
const owned = counts.byCode + counts.byName + counts.byMove;
const percent = (n: number) => `${((100 * n) / total).toFixed(2)}%`;
const header = [
  `# Postcodes (kode pos) of Indonesia's villages, for the village codes of idn-area-data ${idnVersion}.`,
  `# Source: the npm package ${source.name} ${version} by drizki (https://github.com/drizki/geografis), under the`,
  "# MIT licence its package.json and README declare: Kemendagri village codes (Permendagri 72/2019) with their",
  "# postcodes. Matched to today's codes by code, else by names (docs/decisions/0020-village-postcodes.md).",
  "# Generated by `node scripts/village-postcodes.ts`: do not edit by hand (decision 20).",
  "# A line: a district's code, its most common postcode, then its villages (the last four digits of their",
  "# code) whose postcode differs (`2015=23774`) or who have none of their own (`2020?`: the district's).",
  `# ${total} villages: ${owned} (${percent(owned)}) with their own postcode (${counts.byCode} by code, ` +
    `${counts.byName} by names, ${counts.byMove} by name in their regency),`,
  `# ${counts.byDistrict} (${percent(counts.byDistrict)}) with their district's, ${counts.none} (${percent(counts.none)}) with none.`,
];
writeFileSync(out, `${[...header, ...lines].join("\n")}\n`);
console.log(header.slice(-2).join("\n").replaceAll("# ", ""));
console.log(`${path.relative(root, out)}: ${lines.length} districts, ${readFileSync(out).length} bytes`);
