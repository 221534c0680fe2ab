import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serverArgs, serverEnvironment } from "./server-command.ts";

describe("the production server's command", () => {
  it("`npm start` runs node with the same arguments as the benchmark, the measurer and the browser tests", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    const environment = Object.entries(serverEnvironment).map(([k, v]) => `${k}=${v}`);
    expect(pkg.scripts.start).toBe(
      `NODE_ENV=production ${environment.join(" ")} scripts/n24 node ${serverArgs.join(" ")}`,
    );
  });
});
