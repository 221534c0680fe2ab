import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/** Prometheus metrics of one server process. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route kind, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const trpcCalls = new Counter({
    name: "trpc_calls_total",
    help: "tRPC procedure calls by path and outcome",
    labelNames: ["path", "type", "outcome"] as const,
    registers: [registry],
  });
  return { registry, httpDuration, trpcCalls };
}
export type Metrics = ReturnType<typeof createMetrics>;
