import { describe, expect, it } from "vitest";
import { initials } from "./avatar.tsx";

describe("avatar initials", () => {
  it("takes the first letters of the first two words of an email's local part", () => {
    expect(initials("siti.aminah@pasar.test")).toBe("SA");
    expect(initials("budi_santoso-putra@pasar.test")).toBe("BS");
    expect(initials("shopper@pasar.test")).toBe("S");
  });

  it("takes a name's first two words, whatever the alt text's language", () => {
    expect(initials("Dewi Lestari Putri")).toBe("DL");
    expect(initials("王 小明")).toBe("王小");
    expect(initials("  ayu  ")).toBe("A");
  });

  it("gives different people different letters", () => {
    expect(initials("rina.wati@pasar.test")).not.toBe(initials("agus.salim@pasar.test"));
  });

  it("shows a phone number's last two digits", () => {
    expect(initials("+62 812-3456-7890")).toBe("90");
    expect(initials("+6285711112222")).toBe("22");
  });

  it("is empty when there is nothing to take letters from (the avatar then shows a person glyph)", () => {
    expect(initials("")).toBe("");
    expect(initials("...@pasar.test")).toBe("");
  });
});
