import { describe, expect, it } from "vitest";
import { clearFilledPostcode, fillPostcode, type PostcodeField } from "./postcode.ts";

const empty: PostcodeField = { postcode: "", postcodeFrom: null };
const typed: PostcodeField = { postcode: "10999", postcodeFrom: null };
const kebonKacang = { postcode: "10240", from: "village" } as const;
const cideng = { postcode: "10150", from: "village" } as const;
const alurMentawak = { postcode: "24477", from: "district" } as const;

describe("the address form's postcode, filled in from the village", () => {
  it("fills an empty field with the village's postcode, saying where it came from", () => {
    expect(fillPostcode(empty, kebonKacang, null)).toEqual({ postcode: "10240", postcodeFrom: "village" });
    expect(fillPostcode(empty, alurMentawak, null)).toEqual({ postcode: "24477", postcodeFrom: "district" });
    expect(fillPostcode(empty, null, null)).toEqual(empty);
  });

  it("replaces a postcode it filled in when another village is chosen, and clears it for a village it does not know", () => {
    const filled = fillPostcode(empty, kebonKacang, null);
    expect(fillPostcode(filled, cideng, kebonKacang)).toEqual({ postcode: "10150", postcodeFrom: "village" });
    expect(fillPostcode(filled, null, kebonKacang)).toEqual(empty);
  });

  it("never overwrites a postcode the shopper typed", () => {
    expect(fillPostcode(typed, kebonKacang, null)).toEqual(typed);
    expect(fillPostcode(typed, kebonKacang, cideng)).toEqual(typed);
    expect(fillPostcode(typed, null, cideng)).toEqual(typed);
  });

  it("updates an edited address's postcode that was the old village's, as if it had filled it in", () => {
    const stored: PostcodeField = { postcode: "10240", postcodeFrom: null };
    expect(fillPostcode(stored, cideng, kebonKacang)).toEqual({ postcode: "10150", postcodeFrom: "village" });
  });

  it("clears a filled-in postcode with the village, and keeps a typed one", () => {
    expect(clearFilledPostcode({ postcode: "10240", postcodeFrom: "village" })).toEqual(empty);
    expect(clearFilledPostcode(typed)).toEqual(typed);
  });

  it("answers the field's two values only, so the whole form can be passed in and spread back", () => {
    const form = { ...typed, provinceCode: "31", villageCode: "31.71.07.1006" };
    expect(clearFilledPostcode(form)).toEqual(typed);
    expect(fillPostcode(form, kebonKacang, null)).toEqual(typed);
    expect(clearFilledPostcode({ ...form, postcodeFrom: "village" })).toEqual(empty);
  });
});
