import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { clientBundleGuard } from "./scripts/client-bundle-guard.ts";
import { bundleReport } from "./scripts/bundle-report.ts";

/** A build id the server reports at /builds/latest.json, so open pages notice a new deployment. */
function buildIdPlugin(): Plugin {
  let id = "";
  return {
    name: "pasar-build-id",
    apply: "build",
    buildStart() {
      let commit = "nogit";
      try {
        commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
          .toString()
          .trim();
      } catch {
        // Not a git checkout: the timestamp alone identifies the build.
      }
      id ||= `${commit}-${Date.now().toString(36)}`;
    },
    closeBundle() {
      mkdirSync("build", { recursive: true });
      writeFileSync("build/build-id.txt", id);
    },
  };
}

/**
 * How the browser's JavaScript is split (client build only; Rolldown's `codeSplitting` groups):
 * - React, React DOM and React Router, which every page loads, go into one `framework` chunk: one file
 *   compresses better than the four Rolldown would make and changes only when they are upgraded, so it stays
 *   cached across deployments.
 * - TanStack Query and the tRPC client go into one `queries` chunk, which only the signed-in, merchant and
 *   operator screens load (a group takes its modules' dependencies with it, so no project file is named here): browse and sign-in pages call the API through the small
 *   client (web/lib/client.ts, decision 27).
 * - @trpc/client is declared free of side effects (its package.json does not say so), so the links the app
 *   does not use (the WebSocket link) are left out. The HTTP links and superjson load on the first API call
 *   (web/lib/trpc.ts).
 */
function clientChunks(): Plugin {
  return {
    name: "pasar-client-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    options(options) {
      const treeshake = typeof options.treeshake === "object" ? options.treeshake : {};
      return {
        ...options,
        treeshake: {
          ...treeshake,
          moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false }],
        },
      };
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: "queries",
              test: /[\\/]node_modules[\\/](@tanstack|@trpc[\\/]client|@trpc[\\/]tanstack-react-query)[\\/]/,
            },
            { name: shellModules(), debugName: "shell" },
          ],
        },
      };
    },
  };
}

/**
 * The modules the root route imports, directly or through others (not on a touch): every page loads them, so
 * one `shell` chunk of them adds nothing a page does not run, and saves each page the files Rolldown would make of
 * them by who else imports them (a dozen, from 0.1 KB; each file costs its imports, its exports and its own
 * compression).
 */
function shellModules() {
  let shell: Set<string> | undefined;
  return (id: string, ctx: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }) => {
    if (!shell) {
      const root = `${import.meta.dirname}/web/root.tsx`;
      shell = new Set();
      const next = [...(ctx.getModuleInfo(root)?.importedIds ?? [])];
      for (let m = next.pop(); m !== undefined; m = next.pop()) {
        // Not through lucide's index, which imports every icon: the icons stay in the chunks of the pages drawing them.
        if (shell.has(m) || /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/])/.test(m))
          continue;
        shell.add(m);
        next.push(...(ctx.getModuleInfo(m)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : null;
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    buildIdPlugin(),
    clientChunks(),
    clientBundleGuard(import.meta.dirname),
    bundleReport(import.meta.dirname),
  ],
  server: { hmr: { port: 24678 } },
  // The server bundle takes in the icons it uses instead of loading lucide-react's whole CommonJS build at
  // run time (7,000 icons: about 4.5 MB of the server's heap for the 45 it draws).
  ssr: { noExternal: ["lucide-react"] },
});
