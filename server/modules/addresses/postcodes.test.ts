import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { areasOf } from "./areas.ts";
import { postcodeOf } from "./postcodes.ts";

describe("villages' postcodes", () => {
  it("gives real villages their own postcode: Jakarta, Surabaya, Jayapura", async () => {
    const villages: [string, string, string][] = [
      ["31.71.07.1006", "Kebon Kacang (Tanah Abang, Jakarta Pusat)", "10240"],
      ["31.71.01.1001", "Gambir (Gambir, Jakarta Pusat)", "10110"],
      ["31.71.01.1002", "Cideng (Gambir, Jakarta Pusat)", "10150"],
      ["35.78.08.1001", "Gubeng (Gubeng, Surabaya)", "60281"],
      ["35.78.07.1004", "Ketabang (Genteng, Surabaya)", "60272"],
      ["35.78.07.1001", "Embong Kaliasin (Genteng, Surabaya)", "60271"],
      ["91.71.01.1001", "Gurabesi (Jayapura Utara, Jayapura)", "99111"],
      ["91.71.01.1002", "Bhayangkara (Jayapura Utara, Jayapura)", "99112"],
    ];
    for (const [code, name, postcode] of villages) {
      expect(await postcodeOf(code), name).toEqual({ postcode, from: "village" });
    }
  });

  it("gives a village without a postcode of its own its district's most common one, and says so", async () => {
    // Alur Mentawak (Kejuruan Muda, Aceh Tamiang) is newer than the source.
    expect(await postcodeOf("11.16.06.2021")).toEqual({ postcode: "24477", from: "district" });
  });

  it("answers null for a code that is no village", async () => {
    for (const code of [
      "31.71.07.9999",
      "99.99.99.9999",
      "31.71.07",
      "",
      "31.71.07.1006 ",
      "x1.71.07.1006",
    ]) {
      expect(await postcodeOf(code), JSON.stringify(code)).toBeNull();
    }
  });

  it("matches idn-area-data: the version it was made for, every district and village it names", async () => {
    const text = await readFile(new URL("./village-postcodes.txt", import.meta.url), "utf8");
    const require = createRequire(import.meta.url);
    const { version } = require("idn-area-data/package.json") as { version: string };
    // Upgrading idn-area-data means running `node scripts/village-postcodes.ts` again (decision 20).
    expect(text.split("\n")[0]).toContain(`idn-area-data ${version}.`);
    const lines = text.split("\n").filter((l) => l && !l.startsWith("#"));
    let villages = 0;
    let own = 0;
    for (const line of lines) {
      const [district, usual, ...differing] = line.split(" ") as [string, string, ...string[]];
      expect(usual).toMatch(/^[1-9]\d{4}$/);
      const codes = new Set((await areasOf("village", district)).map((v) => v.code));
      expect(codes.size, district).toBeGreaterThan(0);
      villages += codes.size;
      own += codes.size;
      for (const entry of differing) {
        const [, suffix, postcode] = /^(\d{4})(?:=([1-9]\d{4})|\?)$/.exec(entry) ?? [];
        expect(codes.has(`${district}.${suffix}`), `${district} ${entry}`).toBe(true);
        if (!postcode) own--;
      }
    }
    // Of idn-area-data 4.0.1's 83,762 villages: 99.2% have their own postcode, the rest their district's.
    expect(villages).toBeGreaterThan(83_000);
    expect(own / villages).toBeGreaterThan(0.99);
  });
});
