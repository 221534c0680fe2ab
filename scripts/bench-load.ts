// The load generator of `npm run bench`, in a process of its own so that its work and its pauses are not
// mixed with the benchmark's (which holds Playwright, Lighthouse and a database pool in its heap).
// Usage (started by scripts/bench.ts): node scripts/bench-load.ts '<json options>'; prints one JSON line.
//
// At full speed it is wrk (Debian's package, written in C: one thread of it leaves the server nearly all of the
// other core, where autocannon, JavaScript, took a whole core of the two for itself) when it is installed, else
// autocannon; either way each connection sends its next request when the last has answered. At a given rate it sends requests evenly spaced in time, whatever the answers do, and times each from when it
// was due: autocannon's own rate limit lets each connection send its share of a second back to back and then
// wait for the next second, which loads the server fully for part of every second and measures that.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import autocannon from "autocannon";

interface Options {
  url: string;
  connections: number;
  duration: number;
  rate?: number;
  /** More request headers (a signed-in shopper's session cookie). */
  headers?: Record<string, string>;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const opts = JSON.parse(process.argv[2] ?? "{}") as Options;
const headers = { "accept-encoding": "gzip", "accept-language": "id-ID,id;q=0.9", ...opts.headers };

const wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => existsSync(p));

/** wrk's time (`1.23ms`, `850.00us`, `1.20s`) in milliseconds. */
function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return Math.round((m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n) * 10) / 10;
}

function withWrk(opts: Options, binary: string): Result {
  const args = ["-t1", `-c${opts.connections}`, `-d${opts.duration}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const run = spawnSync(binary, [...args, opts.url], { encoding: "utf8" });
  const out = run.stdout;
  const latency = (p: string) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
  const count = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: latency("50"),
    p99: latency("99"),
    errors:
      count(/Non-2xx or 3xx responses: (\d+)/) +
      (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

async function fullSpeed(opts: Options): Promise<Result> {
  if (wrk && !process.env.BENCH_AUTOCANNON) return withWrk(opts, wrk);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function get(url: string, agent: Agent): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode === 200));
      res.on("error", () => resolve(false));
    });
    req.on("error", () => resolve(false));
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function fixedRate(opts: Options & { rate: number }): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const interval = 1000 / opts.rate;
  // The first second opens the connections and is not counted: the figure is the steady state.
  const warmUpMs = 1000;
  const started = performance.now();
  const counted = started + warmUpMs;
  const until = counted + opts.duration * 1000;
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let errors = 0;
  for (let n = 0; ; n++) {
    const due = started + n * interval;
    if (due >= until) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      get(opts.url, agent).then((ok) => {
        if (due < counted) return;
        if (ok) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - counted) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    errors,
  };
}

const result = opts.rate ? await fixedRate({ ...opts, rate: opts.rate }) : await fullSpeed(opts);
console.log(JSON.stringify(result));
