import { defineConfig } from "vitest/config";

const include = ["server/**/*.test.ts", "common/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"];
// One migrated and one seeded database per run and database, which each test file copies.
const globalSetup = ["tests/setup/db-snapshots.ts"];

// The same suites run twice: on embedded PGlite and on the real PostgreSQL server.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Both cores: half of a test file's time is waiting on PostgreSQL or on imports, which another file can use.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "pglite", include, globalSetup, env: { TEST_DB: "pglite" } } },
      { extends: true, test: { name: "postgres", include, globalSetup, env: { TEST_DB: "postgres" } } },
    ],
  },
});
