import { defineConfig } from "vitest/config";

const include = ["server/**/*.test.ts", "common/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"];

// The same suites run twice: on embedded PGlite and on the real PostgreSQL server.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "pglite", include, env: { TEST_DB: "pglite" } } },
      { extends: true, test: { name: "postgres", include, env: { TEST_DB: "postgres" } } },
    ],
  },
});
