// The load generator of `npm run bench`, in a process of its own so that its work and its pauses are not
// mixed with the benchmark's (which holds Playwright, Lighthouse and a database pool in its heap).
// Usage (started by scripts/bench.ts): node scripts/bench-load.ts '<json options>'; prints one JSON line.
import autocannon from "autocannon";

interface Options {
  url: string;
  connections: number;
  duration: number;
  rate?: number;
}

const opts = JSON.parse(process.argv[2] ?? "{}") as Options;
const result = await autocannon({
  url: opts.url,
  connections: opts.connections,
  duration: opts.duration,
  ...(opts.rate ? { overallRate: Math.max(1, Math.round(opts.rate)) } : {}),
  headers: { "accept-encoding": "gzip", "accept-language": "id-ID,id;q=0.9" },
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }),
);
