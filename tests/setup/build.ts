// Tests of the production build (the built server, its pages) need `npm run build` first; the whole test command
// (`npm test`, scripts/test-all.ts) always builds before Vitest. Without a build they fail saying so: a test that
// skipped itself instead would pass a run that never checked what it is there for.
import { existsSync } from "node:fs";
import path from "node:path";

export const buildDir = path.resolve(import.meta.dirname, "../../build");

/** Throws, with what to do, when there is no production build to test. */
export function requireBuild(): void {
  const entry = path.join(buildDir, "server/index.js");
  if (!existsSync(entry)) {
    throw new Error(
      `${path.relative(process.cwd(), entry)} is missing: run \`npm run build\` before this test`,
    );
  }
}
