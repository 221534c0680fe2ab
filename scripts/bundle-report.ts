// Writes build/client-modules.json: for every browser chunk, the modules in it and how many bytes each
// contributes before minification. `MEASURE_FILES=1 npm run measure` shows it beside each page's files, to
// find out what a chunk holds before cutting it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export interface ChunkReport {
  /** Bytes of the minified chunk. */
  bytes: number;
  /** Module (project files from the root, `/node_modules/…`) to its rendered bytes, largest first. */
  modules: Record<string, number>;
}

export const bundleReportFile = "build/client-modules.json";

export function bundleReport(projectRoot: string): Plugin {
  return {
    name: "pasar-bundle-report",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    generateBundle(_options, bundle) {
      const report: Record<string, ChunkReport> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const modules = Object.entries(chunk.modules)
          .map(([id, m]) => [id.replace(/^\0/, "").replace(projectRoot, ""), m.renderedLength] as const)
          .filter(([, bytes]) => bytes > 0)
          .sort((a, b) => b[1] - a[1]);
        report[`/${chunk.fileName}`] = { bytes: chunk.code.length, modules: Object.fromEntries(modules) };
      }
      const file = path.join(projectRoot, bundleReportFile);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(report, null, 1));
    },
  };
}
