import { describe, expect, it } from "vitest";
import { displayAccount, parseAccount, phoneFieldValue } from "./account.ts";
import { formatPhone } from "./phone-format.ts";

describe("formatPhone", () => {
  it("shows an Indonesian mobile number as +62 812-3456-7890", () => {
    expect(formatPhone("+6281234567890")).toBe("+62 812-3456-7890");
    expect(formatPhone("+628123456789")).toBe("+62 812-3456-789");
    expect(formatPhone("+62812345678")).toBe("+62 812-3456-78");
  });

  it("reads a national number too", () => {
    expect(formatPhone("081234567890")).toBe("+62 812-3456-7890");
  });

  it("gives other countries their international format and leaves non-numbers alone", () => {
    expect(formatPhone("+6591234567")).toBe("+65 9123 4567");
    expect(formatPhone("not a number")).toBe("not a number");
  });
});

describe("displayAccount", () => {
  it("formats a phone account and keeps an email as it is", () => {
    expect(displayAccount({ email: null, phone: "+6281234567890" })).toBe("+62 812-3456-7890");
    expect(displayAccount({ email: "siti@pasar.test", phone: null })).toBe("siti@pasar.test");
    expect(displayAccount({ kind: "phone", value: "+6281234567890" })).toBe("+62 812-3456-7890");
    expect(displayAccount({ email: null, phone: "+6591234567" })).toBe("+6591234567");
  });
});

describe("parseAccount", () => {
  it("takes Indonesian mobile numbers only (only Indonesia's numbering rules are loaded)", () => {
    expect(parseAccount("0812-3456-7890")).toEqual({ kind: "phone", value: "+6281234567890" });
    // A valid Singapore or US number, an Indonesian landline, a number too short: none is an account.
    expect(parseAccount("+6591234567")).toBeUndefined();
    expect(parseAccount("+14155552671")).toBeUndefined();
    expect(parseAccount("+62215551234")).toBeUndefined();
    expect(parseAccount("0812")).toBeUndefined();
  });
});

describe("a leading 0 typed after +62", () => {
  it("is dropped from the account field", () => {
    expect(phoneFieldValue("0812 3456")).toBe("812 3456");
    expect(phoneFieldValue("0")).toBe("");
    expect(phoneFieldValue("812")).toBe("812");
    expect(phoneFieldValue("o.k@pasar.test")).toBe("o.k@pasar.test");
  });

  it("still reads as the same number", () => {
    const expected = { kind: "phone", value: "+6281234567890" };
    expect(parseAccount("+62 0812-3456-7890")).toEqual(expected);
    expect(parseAccount("620812 3456 7890")).toEqual(expected);
    expect(parseAccount("081234567890")).toEqual(expected);
    expect(parseAccount("812 3456 7890")).toEqual(expected);
  });
});
