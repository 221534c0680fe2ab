import { describe, expect, it } from "vitest";
import { indonesianPhoneMetadata } from "#common/phone-metadata.ts";
import { indonesianSubset } from "./phone-metadata-subset.ts";

describe("common/phone-metadata.ts", () => {
  it("is the installed libphonenumber-js's Indonesian metadata (else run `node scripts/phone-metadata.ts`)", async () => {
    expect(indonesianPhoneMetadata).toEqual((await indonesianSubset()).metadata);
  });
});
