import { getDistricts, getProvinces, getRegencies, getVillages } from "idn-area-data";
import type { AreaLevel } from "#common/order-states.ts";

/**
 * Indonesia's administrative areas from the official data (`idn-area-data`: 38 provinces, 514 regencies and
 * cities, about 7,300 districts and 83,700 villages), read from the package's files the first time a level
 * is asked for and then kept, grouped by the code one level up. Villages, the big one, load only when a
 * district's villages are first wanted.
 */

export interface Area {
  code: string;
  name: string;
}

type Grouped = Map<string, Area[]>;

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
  const byParent: Grouped = new Map();
  for (const { code, name, parent } of rows) {
    let list = byParent.get(parent);
    if (!list) byParent.set(parent, (list = []));
    list.push({ code, name });
  }
  for (const list of byParent.values()) list.sort((a, b) => a.name.localeCompare(b.name, "id"));
  return byParent;
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
  return (await level(kind)).get(kind === "province" ? "" : (parent ?? "")) ?? [];
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
