// How long a newcomer waits: `./run start` in a fresh copy of the project (it builds, then seeds the demo shop),
// then again with nothing changed. Prints the first start's build, seeding and time to the home page, and the
// second start's time to the home page. Port 3000 must be free. Goals (issue 41): seeding at most 10 s, the
// second start's first page within 5 s.
// Usage: node scripts/measure-start.ts   (npm run measure:start)
import { rmSync } from "node:fs";
import { freshCopy, portFree, runStart } from "../tests/setup/run-start.ts";

if (!(await portFree(3000))) {
  console.error("port 3000 is taken: stop what runs there first");
  process.exit(1);
}
const copy = freshCopy();
try {
  const seedingAt: Record<string, number> = {};
  const first = await runStart(copy, undefined, (line) => {
    if (line.startsWith("Seeding the demo shop (1/")) seedingAt.started = performance.now();
    if (line.startsWith("Demo shop seeded in")) seedingAt.ended = performance.now();
  });
  const firstPage = await first.firstPage();
  await first.stop();
  const second = await runStart(copy);
  const secondPage = await second.firstPage();
  const rebuilt = !/not rebuilt/.test(second.output());
  await second.stop();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `first start: seeding ${s(seedingAt.ended! - seedingAt.started!)}, home page after ${s(firstPage)} (build included)`,
  );
  console.log(`second start: home page after ${s(secondPage)}${rebuilt ? " (REBUILT)" : ", not rebuilt"}`);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
