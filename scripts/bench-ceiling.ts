// `npm run bench:ceiling`: how fast the layers under the shop's API can answer at all on this machine, so the
// goal for a trivial procedure (`settings.webConfig`, issue 30) can be set against what the stack allows. Each
// server answers the web config's JSON (the same object the shop sends) and nothing else: no context, no
// database, no log, no metrics, no security headers. Each runs in a process of its own and is loaded like the
// benchmark loads the shop (scripts/bench-load.ts: wrk, one thread, 16 connections).
//
//   plain node:http         the object serialised by JSON.stringify on every request
//   Hono                    the same through Hono on @hono/node-server (the shop's HTTP layer)
//   Hono + tRPC adapter     a tRPC procedure (zod input and output, the shop's transformer) through tRPC's fetch
//                           adapter under Hono: the shop's path for every API call, with nothing of the shop's
//   node:http + tRPC caller the same procedure called directly (createCaller) and serialised by hand: no adapter
//
// Settings: CEILING_SECONDS (per run, default 8), CEILING_PORT (default 3370). Prints a table; exits 0.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { initTRPC } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import { z } from "zod";
import { webConfigDefaults } from "../common/platform.ts";
import { transformer } from "../server/trpc/transformer.ts";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.CEILING_SECONDS ?? 8);
const firstPort = Number(process.env.CEILING_PORT ?? 3370);

/** The demo shop's web config as `settings.webConfig` answers it: the defaults and the seeded support contacts. */
const webConfig = {
  ...webConfigDefaults,
  support: { whatsapp: "+6281100002026", whatsappText: "+62 811-0000-2026", email: "bantuan@pasar.test" },
};

const t = initTRPC.create({ transformer });
const appRouter = t.router({
  settings: t.router({
    webConfig: t.procedure
      .input(z.object({ platformCode: z.number().int() }))
      .output(z.object({ title: z.string(), platformCode: z.number() }).loose())
      .query(() => webConfig),
  }),
});
const createCaller = t.createCallerFactory(appRouter);
const json = { "content-type": "application/json", "cache-control": "no-store" };

const servers: Record<string, (port: number) => void> = {
  "plain node:http": (port) =>
    createServer((_req, res) => {
      res.writeHead(200, json).end(JSON.stringify({ result: { data: { json: webConfig } } }));
    }).listen(port, "127.0.0.1"),
  Hono: (port) => {
    const app = new Hono();
    app.get("/trpc/*", (c) => c.json({ result: { data: { json: webConfig } } }));
    serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  },
  "Hono + tRPC adapter": (port) => {
    const app = new Hono();
    app.all("/trpc/*", (c) =>
      fetchRequestHandler({
        endpoint: "/trpc",
        req: c.req.raw,
        router: appRouter,
        createContext: () => ({}),
      }),
    );
    serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  },
  "node:http + tRPC caller": (port) =>
    createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const input = transformer.deserialize<{ platformCode: number }>(
        JSON.parse(url.searchParams.get("input") ?? "{}"),
      );
      createCaller({})
        .settings.webConfig(input)
        .then(
          (data) =>
            res.writeHead(200, json).end(JSON.stringify({ result: { data: transformer.serialize(data) } })),
          () => res.writeHead(500).end(),
        );
    }).listen(port, "127.0.0.1"),
};

const names = Object.keys(servers);
const mode = process.argv[2];

if (mode !== undefined) {
  servers[names[Number(mode)]!]!(Number(process.argv[3]));
} else {
  const query = `/trpc/settings.webConfig?input=${encodeURIComponent(JSON.stringify({ json: { platformCode: 2 } }))}`;
  const load = (url: string, duration: number) =>
    new Promise<{ rps: number; p99: number; errors: number }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["scripts/bench-load.ts", JSON.stringify({ url, connections: 16, duration })],
        { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
      );
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.once("exit", (code) =>
        code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`load: ${code}`)),
      );
    });
  console.log(`The layers under the API, each answering the web config (${seconds} s, 16 connections):`);
  for (const [i, name] of names.entries()) {
    const port = firstPort + i;
    const server = spawn(process.execPath, [import.meta.filename, String(i), String(port)], {
      cwd: root,
      stdio: "inherit",
    });
    const url = `http://127.0.0.1:${port}${query}`;
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        if (tries > 100) throw new Error(`${name} did not start`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await load(url, 2);
    const result = await load(url, seconds);
    console.log(
      `  ${name.padEnd(26)} ${Math.round(result.rps).toLocaleString("en-US").padStart(7)} req/s, p99 ${result.p99} ms${result.errors ? `, ${result.errors} errors` : ""}`,
    );
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}
