import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first (seconds on a fresh clone, 2 cores, 2026-11-29): they start first,
 * so no worker is left running one of them alone at the end. Vitest's own order runs the projects one after
 * another by name (pglite, postgres, unit) and, with no timings cached (CI's fresh clone), each project's largest
 * files first: the process tests of the `unit` project, the longest of all, came last, and the run ended with
 * one of them running alone for over a minute.
 */
const longest = [
  "server/main.test.ts", // 105: starts the server seven times
  "scripts/run-start.test.ts", // 68: builds a fresh copy, seeds it, starts it twice
  "server/http/hostile-input.test.ts", // 51 + 20
  "server/seed/seed.test.ts", // 47 + 23
  "scripts/soak.test.ts", // 37: two instances, a primary and a replica
  "server/flows/lifecycle-workload.test.ts", // 33 + 15
  "server/modules/orders/flash-sale.test.ts", // 6 + 31
  "server/flows/payments/payments.test.ts", // 22
  "server/flows/shipping/ship-race.test.ts", // 21 + 8
  "server/modules/ledger/ledger-concurrency.test.ts", // 6 + 16
];

const root = path.resolve(import.meta.dirname, "../..");

/** Vitest's order, with the longest files first whatever their project (vitest.config.ts). */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = longest.indexOf(path.relative(root, spec.moduleId).split(path.sep).join("/"));
      return index < 0 ? longest.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
