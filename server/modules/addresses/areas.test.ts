import { describe, expect, it } from "vitest";
import { areaNames, areasOf } from "./areas.ts";

const byName = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, "id"));

describe("Indonesia's areas", () => {
  it("lists a district's villages by name, each a code inside the district with its own name", async () => {
    const villages = await areasOf("village", "31.71.07");
    expect(villages.length).toBeGreaterThan(3);
    expect(villages.map((v) => v.name)).toEqual(byName(villages.map((v) => v.name)));
    for (const v of villages) {
      expect(Object.keys(v)).toEqual(["code", "name"]);
      expect(v.code).toMatch(/^31\.71\.07\.\d{4}$/);
      expect(v.name).toMatch(/^\S(.*\S)?$/);
    }
    expect(villages.find((v) => v.code === "31.71.07.1006")?.name).toBe("Kebon Kacang");
  });

  it("lists every level the same way, provinces without a parent, and nothing for an unknown parent", async () => {
    const provinces = await areasOf("province");
    expect(provinces).toHaveLength(38);
    expect(provinces.map((p) => p.name)).toEqual(byName(provinces.map((p) => p.name)));
    const regencies = await areasOf("regency", "31");
    expect(regencies.map((r) => r.code)).toContain("31.71");
    expect(regencies.every((r) => r.code.startsWith("31."))).toBe(true);
    expect(await areasOf("district", "99.99")).toEqual([]);
    expect(await areasOf("village", "")).toEqual([]);
  });

  it("names a chain of codes, or answers null when one is not inside the one before it", async () => {
    const chain = {
      provinceCode: "31",
      regencyCode: "31.71",
      districtCode: "31.71.07",
      villageCode: "31.71.07.1006",
    };
    expect(await areaNames(chain)).toEqual({
      province: "Daerah Khusus Ibukota Jakarta",
      regency: "Kota Administrasi Jakarta Pusat",
      district: "Tanah Abang",
      village: "Kebon Kacang",
    });
    expect(await areaNames({ ...chain, districtCode: "31.71.01" })).toBeNull();
  });
});
