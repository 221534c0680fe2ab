import { createApp } from "#server/http/app.ts";
import { createMetrics } from "#server/platform/metrics.ts";
import { silentLog, type TestDatabase } from "./test-db.ts";

/** The real HTTP application over a test database; pages render a marker instead of React. */
export function createTestApp(database: TestDatabase, opts: { maxBatchSize?: number } = {}) {
  return createApp({
    database,
    storage: database.storage,
    uploadsDir: database.uploadsDir,
    log: silentLog,
    metrics: createMetrics(),
    maxBatchSize: opts.maxBatchSize ?? 20,
    buildId: "test-build",
    render: async () => new Response("page", { headers: { "content-type": "text/html" } }),
  });
}

/** Encodes a superjson input for a GET query string. */
export function queryInput(json: unknown) {
  return encodeURIComponent(JSON.stringify({ json }));
}
