import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

/**
 * Instances of the shop's HTTP application on one PostgreSQL database, each a process of its own
 * (tests/setup/app-instance.ts): what a test proves behaviour between instances with. `stopAll` ends them.
 */
export function appInstances() {
  const children: ChildProcess[] = [];
  return {
    async start(databaseUrl: string): Promise<string> {
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST")));
      const child = spawn(
        process.execPath,
        [path.join(import.meta.dirname, "app-instance.ts"), databaseUrl],
        {
          stdio: ["ignore", "pipe", "inherit"],
          env: { ...env, NODE_ENV: "test" },
        },
      );
      children.push(child);
      const [line] = (await once(child.stdout!, "data")) as [Buffer];
      return `http://127.0.0.1:${(JSON.parse(line.toString()) as { port: number }).port}`;
    },
    async stopAll(): Promise<void> {
      for (const child of children) {
        child.kill("SIGTERM");
        if (child.exitCode === null) await once(child, "exit");
      }
    },
  };
}
