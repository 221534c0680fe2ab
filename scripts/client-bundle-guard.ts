// Fails the build when a browser chunk carries server-only code: one value import of server code from web/
// once grew a client chunk from 2.5 KB to 170 KB gzip with PGlite inside, and the build succeeded.
import type { Plugin } from "vite";

/** Modules that must never reach a browser: the server, database drivers, native addons, Node built-ins. */
const serverOnly: { pattern: RegExp; what: string }[] = [
  { pattern: /^\/server\//, what: "the project's server code" },
  { pattern: /\.server\.tsx?($|\?)/, what: "a *.server.ts module" },
  {
    pattern:
      /\/node_modules\/(@electric-sql\/pglite|pg|pg-[a-z-]+|pgpass|postgres-[a-z-]+|@node-rs\/[^/]+|argon2|sharp|@img\/[^/]+|ioredis|nodemailer|pino|pino-[a-z-]+|drizzle-orm|drizzle-kit|rate-limiter-flexible|prom-client|hono|@hono\/[^/]+|smtp-server)\//,
    what: "a server-only package",
  },
  { pattern: /^(node:|__vite-browser-external)/, what: "a Node built-in" },
];

/** The server-only modules among a chunk's module ids (project files as `/server/...`), with what each one is. */
export function serverOnlyModules(moduleIds: readonly string[]): string[] {
  return moduleIds.flatMap((id) => {
    const clean = id.replace(/^\0/, "");
    const hit = serverOnly.find((s) => s.pattern.test(clean));
    return hit ? [`${clean} (${hit.what})`] : [];
  });
}

/** A Vite plugin for the client build: lists every offending module per chunk and stops the build. */
export function clientBundleGuard(projectRoot: string): Plugin {
  return {
    name: "pasar-client-bundle-guard",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    generateBundle(_options, bundle) {
      const problems: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const ids = chunk.moduleIds.map((id) =>
          id.startsWith(projectRoot) ? id.slice(projectRoot.length) : id,
        );
        for (const found of serverOnlyModules(ids)) problems.push(`  ${chunk.fileName}: ${found}`);
      }
      if (problems.length > 0) {
        this.error(
          `Server-only code in the browser bundle (import it only as a type, or from a *.server.ts file):\n${problems.join("\n")}`,
        );
      }
    },
  };
}
