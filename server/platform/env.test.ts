import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("configuration", () => {
  it("has working defaults: PGlite in ./data on port 3000", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_URL", "not a url"],
    ["SEED_DEMO_DATA", "yes"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
