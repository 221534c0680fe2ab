// What the benchmark's parts share (scripts/bench.ts, scripts/bench-pages.ts): the table of figures it prints at
// the end, the processes it started (stopped when it ends), and waiting for a server to answer.
import type { ChildProcess } from "node:child_process";

export interface Row {
  measure: string;
  result: string;
  goal: string;
  met?: boolean;
}
export const rows: Row[] = [];
export const children = new Set<ChildProcess>();

export function record(measure: string, result: string, goal = "", met?: boolean) {
  rows.push({ measure, result, goal, met });
  console.log(`  ${measure}: ${result}${goal ? `  (goal ${goal})` : ""}`);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function waitFor(
  url: string,
  timeoutMs = 180_000,
  gone: () => string | undefined = () => undefined,
) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const why = gone();
    if (why) throw new Error(`${url} will not answer: ${why}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
