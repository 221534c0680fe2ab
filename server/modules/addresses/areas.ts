import { getDistricts, getProvinces, getRegencies, getVillages } from "idn-area-data";
import type { AreaLevel } from "#common/order-states.ts";

/**
 * Indonesia's administrative areas from the official data (`idn-area-data`: 38 provinces, 514 regencies and
 * cities, about 7,300 districts and 83,700 villages), read from the package's files the first time a level
 * is asked for and then kept, grouped by the code one level up. Villages, the big one, load only when a
 * district's villages are first wanted.
 */

interface Area {
  code: string;
  name: string;
}

/**
 * A level's areas by the code one level up, each parent's list packed into one string (`code\tname` lines,
 * sorted by name). Kept as objects, the 83,700 villages took 14 MB of heap, their strings still slices of the
 * package's CSV text; packed, about a fifth of that. A list is unpacked when asked for (a district has tens).
 */
type Grouped = Map<string, string>;

const loaders: Record<AreaLevel, () => Promise<Grouped>> = {
  province: async () => group((await getProvinces()).map((p) => ({ ...p, parent: "" }))),
  regency: async () =>
    group((await getRegencies()).map((r) => ({ code: r.code, name: r.name, parent: r.province_code }))),
  district: async () =>
    group((await getDistricts()).map((d) => ({ code: d.code, name: d.name, parent: d.regency_code }))),
  village: async () =>
    group((await getVillages()).map((v) => ({ code: v.code, name: v.name, parent: v.district_code }))),
};

function group(rows: { code: string; name: string; parent: string }[]): Grouped {
  const byParent = new Map<string, Area[]>();
  for (const { code, name, parent } of rows) {
    let list = byParent.get(parent);
    if (!list) byParent.set(parent, (list = []));
    list.push({ code, name });
  }
  const packed: [string, string][] = [];
  for (const [parent, list] of byParent) {
    list.sort((a, b) => a.name.localeCompare(b.name, "id"));
    packed.push([parent, list.map((a) => `${a.code}\t${a.name}`).join("\n")]);
  }
  // Copied through JSON so that no key still points into the package's file text, which can then be collected.
  return new Map(JSON.parse(JSON.stringify(packed)) as [string, string][]);
}

function unpack(list: string | undefined): Area[] {
  if (!list) return [];
  return list.split("\n").map((line) => {
    const tab = line.indexOf("\t");
    return { code: line.slice(0, tab), name: line.slice(tab + 1) };
  });
}

const loaded = new Map<AreaLevel, Promise<Grouped>>();

function level(kind: AreaLevel): Promise<Grouped> {
  let data = loaded.get(kind);
  if (!data) {
    data = loaders[kind]();
    // A failed read is not kept: the next call reads again.
    data.catch(() => loaded.delete(kind));
    loaded.set(kind, data);
  }
  return data;
}

/** The areas of a level inside `parent` (none for provinces), by name; empty for an unknown parent. */
export async function areasOf(kind: AreaLevel, parent?: string): Promise<Area[]> {
  return unpack((await level(kind)).get(kind === "province" ? "" : (parent ?? "")));
}

/**
 * The names of a chain of area codes, or null unless each is inside the one before it (a village of that
 * district, of that regency, of that province).
 */
export async function areaNames(codes: {
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  villageCode: string;
}): Promise<{ province: string; regency: string; district: string; village: string } | null> {
  const find = async (kind: AreaLevel, parent: string, code: string) =>
    (await areasOf(kind, parent)).find((a) => a.code === code)?.name;
  const province = await find("province", "", codes.provinceCode);
  const regency = province && (await find("regency", codes.provinceCode, codes.regencyCode));
  const district = regency && (await find("district", codes.regencyCode, codes.districtCode));
  const village = district && (await find("village", codes.districtCode, codes.villageCode));
  return province && regency && district && village ? { province, regency, district, village } : null;
}
