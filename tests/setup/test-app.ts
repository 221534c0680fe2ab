import { createApp, type PageRenderer } from "#server/http/app.ts";
import type { Hub } from "#server/http/chat-stream.ts";
import type { Replicas } from "#server/db/replicas.ts";
import { createSandboxGateway } from "#server/modules/gateway/gateway.service.ts";
import { useCourier, usePaymentGateway } from "#server/flows/jobs.ts";
import type { CourierGateway } from "#server/platform/couriers.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { Channels } from "#server/platform/messaging.ts";
import { createMetrics } from "#server/platform/metrics.ts";
import { createRateLimits, type RateLimits } from "#server/platform/rate-limit.ts";
import type { ContextDeps } from "#server/trpc/context.ts";
import { silentLog, type TestDatabase } from "./test-db.ts";

export interface TestDeps {
  channels?: Channels;
  limits?: RateLimits;
  /** Whether the local outbox may be read (default true, as outside production). */
  localOutbox?: boolean;
  /** How long sessions last (default 30 days). */
  sessionTtlDays?: number;
  /** The payment gateway (default: the sandbox over the test database). */
  gateway?: ContextDeps["gateway"];
  /** The shop's own address, where providers send notifications (default http://localhost:3000). */
  publicUrl?: string;
  /** The courier (default: the built-in one over the test database); its jobs track parcels with it too. */
  courier?: CourierGateway;
}

/** The dependencies a context is built from, over a test database (outbox channels, in-memory limits). */
export function testContextDeps(database: TestDatabase, opts: TestDeps = {}): ContextDeps {
  // The database's jobs (status checks, cancellations, refunds) talk to the provider its app was given.
  if (opts.gateway) usePaymentGateway(database.db, opts.gateway, silentLog);
  if (opts.courier) useCourier(database.db, opts.courier);
  return {
    db: database.db,
    storage: database.storage,
    channels: opts.channels ?? {},
    limits: opts.limits ?? createRateLimits(),
    log: silentLog,
    sessionTtlDays: opts.sessionTtlDays ?? 30,
    publicUrl: opts.publicUrl ?? "http://localhost:3000",
    gateway:
      opts.gateway ??
      createSandboxGateway(database.db, { publicUrl: opts.publicUrl ?? "http://localhost:3000" }),
    localOutbox: opts.localOutbox ?? true,
    ...(opts.courier ? { courier: opts.courier } : {}),
  };
}

/** The real HTTP application over a test database; pages render a marker instead of React. */
export function createTestApp(
  database: TestDatabase,
  opts: TestDeps & {
    maxBatchSize?: number;
    trustProxyHops?: number;
    metricsToken?: string;
    render?: PageRenderer;
    chatHub?: Hub;
    replicas?: Replicas;
    /** Where the app logs (default: nowhere). */
    log?: Logger;
  } = {},
) {
  const deps = testContextDeps(database, opts);
  return createApp({
    database,
    replicas: opts.replicas,
    storage: deps.storage,
    channels: deps.channels,
    limits: deps.limits,
    sessionTtlDays: deps.sessionTtlDays,
    publicUrl: deps.publicUrl,
    gateway: deps.gateway,
    courier: deps.courier,
    localOutbox: deps.localOutbox,
    log: opts.log ?? silentLog,
    metrics: createMetrics(),
    maxBatchSize: opts.maxBatchSize ?? 20,
    buildId: "test-build",
    trustProxyHops: opts.trustProxyHops,
    metricsToken: opts.metricsToken,
    chatHub: opts.chatHub,
    render: opts.render ?? (async () => new Response("page", { headers: { "content-type": "text/html" } })),
  });
}

/** Encodes a superjson input for a GET query string. */
export function queryInput(json: unknown) {
  return encodeURIComponent(JSON.stringify({ json }));
}
