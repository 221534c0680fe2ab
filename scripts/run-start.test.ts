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
        // Seeding says what it is doing, step by step, then how long it took.
        expect(output).toMatch(/Seeding the demo shop \(1\/2\): writing the catalogue/);
        expect(output).toMatch(/Seeding the demo shop \(2\/2\): placing the demo orders/);
        expect(output).toMatch(
          /Demo shop seeded in \d+ s: sign in as shopper@pasar\.test.*Its pictures are drawn in the background/,
        );
        // A production start without PUBLIC_URL says loudly that it took a local address and what that means;
        // with no channel for codes, where they go instead.
        expect(output).toMatch(/WARNING: PUBLIC_URL is not set: this is a LOCAL shop at http:\/\/localhost/);
        expect(output).toMatch(
          /Codes by email and SMS are not sent .*\/dev\/outbox \(opens on this machine only\)/,
        );
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
        // The shop answered before its pictures were drawn; the job draws them in a moment.
        const picture = html.match(/\/uploads\/products\/[0-9a-f]+(-\d+)?\.webp/)?.[0];
        expect(picture, "a product picture on the home page").toBeDefined();
        for (let i = 0; ; i++) {
          const res = await fetch(`http://127.0.0.1:3000${picture}`);
          if (res.ok) {
            expect(res.headers.get("content-type")).toBe("image/webp");
            break;
          }
          expect(i, "the demo pictures were not drawn within 60 s").toBeLessThan(240);
          await new Promise((r) => setTimeout(r, 250));
        }
        // The published demo account signs in; idle connections outlive a load balancer's 60 s, so none is
        // closed as it is reused.
        const signedIn = await fetch("http://127.0.0.1:3000/trpc/auth.signIn", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            json: { method: "password", account: "shopper@pasar.test", password: "pasar-demo-2026" },
          }),
        });
        expect(signedIn.status).toBe(200);
        expect(signedIn.headers.get("keep-alive")).toBe("timeout=65");
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
