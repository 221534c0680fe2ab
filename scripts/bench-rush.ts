// A rush of calls at once for the benchmarks (bench-vouchers.ts, bench-flash.ts): how many succeeded, the time
// to answer them all, and p50/p99 per call.

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Runs every call at once; how many succeeded, the time to answer them all, and p50/p99 per call. */
export async function rush(calls: (() => Promise<unknown>)[]) {
  const times: number[] = [];
  const started = performance.now();
  const results = await Promise.allSettled(
    calls.map(async (call) => {
      const t = performance.now();
      try {
        return await call();
      } finally {
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    placed: results.filter((r) => r.status === "fulfilled").length,
    seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
  };
}
