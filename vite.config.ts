import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { clientBundleGuard } from "./scripts/client-bundle-guard.ts";

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildIdPlugin(), clientBundleGuard(import.meta.dirname)],
  server: { hmr: { port: 24678 } },
});
