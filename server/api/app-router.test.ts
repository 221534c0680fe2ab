import { describe, expect, it } from "vitest";
import { appRouter } from "./app-router.ts";

describe("the app router", () => {
  it("declares an output schema on every procedure, so no database row reaches a client unchecked", () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>,
    );
    expect(procedures.length).toBeGreaterThan(20);
    expect(procedures.filter(([, p]) => p._def.output === undefined).map(([name]) => name)).toEqual([]);
  });
});
