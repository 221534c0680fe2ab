import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { expect, it } from "vitest";
import { requireBuild } from "../tests/setup/build.ts";

// The two-instance soak in its short form (scripts/soak.ts): two production servers behind nginx on a primary, a
// streaming replica, Redis and an S3-compatible bucket; one instance killed with SIGKILL and started again, the
// replica stopped and started, while orders are placed, paid, cancelled, shipped and completed through both.
it("loses no answered write and pays no order twice through two instances, a killed one and a stopped replica", async () => {
  requireBuild();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "soak.ts"), "--short"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST"))),
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  const line = out.split("\n").find((l) => l.startsWith("SOAK "));
  expect(line, out).toBeDefined();
  const summary = JSON.parse(line!.slice("SOAK ".length)) as {
    failures: string[];
    ordersPlaced: number;
    shipped: number;
    completed: number;
    cancelled: number;
    goodsDeadlinesFired: number;
    browseFailed: number;
    unansweredAndSentAgain: number;
    lostWrites: number;
  };
  expect(summary.failures, out).toEqual([]);
  expect(code).toBe(0);
  // The traffic really went through every path, and the chaos really cut some requests off.
  expect(summary.ordersPlaced).toBeGreaterThan(100);
  expect(summary.shipped).toBeGreaterThan(10);
  expect(summary.completed).toBeGreaterThan(10);
  expect(summary.cancelled).toBeGreaterThan(10);
  expect(summary.goodsDeadlinesFired).toBeGreaterThan(10);
  expect(summary.unansweredAndSentAgain).toBeGreaterThan(0);
  expect(summary.lostWrites).toBe(0);
  expect(summary.browseFailed).toBe(0);
}, 240_000);
