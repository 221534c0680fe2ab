// Run before each test file of the database projects, which share their workers' modules between files
// (`isolate: false` in vitest.config.ts: each file would otherwise import the server anew, a sixth of the run).
// What a file may change of a module's state is put back when it ends, so the next file starts as a fresh one
// would: the app's clock, fake timers, stubbed globals and variables. Module state the server keeps is per
// database (WeakMaps keyed by it), and every file has databases of its own.
import { afterAll, vi } from "vitest";
import { resetClock } from "#server/platform/clock.ts";

const environment = { ...process.env };

afterAll(() => {
  resetClock();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
});
