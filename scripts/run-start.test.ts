// The README's first command, run exactly as a new user would: `./run start` in a fresh copy of the project,
// with no settings at all (only PATH, without the project's Node 24, and HOME), on the default port 3000.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { freshCopy, portFree, runStart } from "../tests/setup/run-start.ts";

let copy: string | undefined;
let startedGroup: number | undefined;
afterAll(() => {
  // Also after a failed or timed-out test: no shop is left running on port 3000.
  if (startedGroup) {
    try {
      process.kill(-startedGroup, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

// The started shop keeps its own PGlite data directory: this file runs once (vitest.config.ts's `unit` project).
describe("the README's start command", () => {
  it(
    "`./run start` with no settings serves the seeded shop on http://localhost:3000; started again, it does not rebuild",
    { timeout: 300_000 },
    async () => {
      expect(await portFree(3000), "port 3000 must be free for the README's start command").toBe(true);
      copy = freshCopy();
      const first = await runStart(copy, (pid) => (startedGroup = pid));
      try {
        const output = first.output();
        expect(output).toMatch(/Demo shop seeded in \d+ s: sign in as shopper@pasar\.test/);
        // A production start without PUBLIC_URL says it is a local shop.
        expect(output).toMatch(/WARNING: PUBLIC_URL is not set: this is a LOCAL shop/);
        expect(output).toMatch(/local outbox, http:\/\/localhost:3000\/dev\/outbox/);

        const home = await fetch("http://localhost:3000/h5");
        expect(home.status).toBe(200);
        const html = await home.text();
        expect(html.slice(0, 100)).toContain('<html lang="id-ID"');
        // The seeded shop, server-rendered: a demo product with its price in Rupiah.
        expect(html.includes("Smartphone Android 8/256 GB"), "a seeded product on the home page").toBe(true);
        expect(/Rp\s?\d{1,3}(\.\d{3})+/.test(html), "a price in Rupiah").toBe(true);
        // The outbox page opens for this machine.
        expect((await fetch("http://127.0.0.1:3000/dev/outbox")).status).toBe(200);
      } finally {
        await first.stop();
      }

      // Nothing changed: the second start serves the same build and the same shop (how fast: npm run measure:start).
      const second = await runStart(copy, (pid) => (startedGroup = pid));
      try {
        expect(second.output()).toMatch(/The build is up to date with the source .*: not rebuilt/);
        expect(second.output()).not.toMatch(/Seeding the demo shop/);
        const html = await (await fetch("http://localhost:3000/h5")).text();
        expect(html.includes("Smartphone Android 8/256 GB"), "the same shop").toBe(true);
      } finally {
        await second.stop();
      }
    },
  );
});
