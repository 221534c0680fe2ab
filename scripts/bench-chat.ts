// `npm run bench:chat`: the chat's live streams (`GET /chat/stream`, Server-Sent Events) on one instance on
// PostgreSQL. On a fresh database, shoppers each write to one of the stores (one conversation each); one instance
// of the app with the chat hub starts in a process of its own (scripts/bench-chat-instance.ts, no build needed).
// It measures the server's memory before and with every shopper's stream open, then the stores answer their
// shoppers, one message at a time for 5 s, then as fast as they can: messages sent per second, message events
// delivered per second, and the delivery latency (from issuing the send until the event arrives on the shopper's
// stream). Each store sends at most what the per-account chat limit allows in a minute, from an address of its own
// (X-Forwarded-For, one trusted hop). A benchmark, not a test: it prints tables and exits 0.
//
// Settings (optional): BENCH_DATABASE_URL (a PostgreSQL maintenance database; default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_CHAT_STREAMS (shoppers with a stream open; default 1000),
// BENCH_CHAT_STORES (default 200), BENCH_CHAT_SECONDS (default 15), BENCH_CHAT_SENDERS (requests at once; default 32).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { Agent, request, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { openPostgres } from "../server/db/client.ts";
import { jobHandlers, periodicTasks } from "../server/flows/jobs.ts";
import { openJobQueue } from "../server/platform/jobs.ts";
import { createLogger } from "../server/platform/logger.ts";
import { limitRules } from "../server/platform/rate-limit.ts";
import { createLocalStorage } from "../server/platform/storage.ts";
import { manyShoppers, merchantWithStore } from "../tests/setup/shop.ts";
import type { TestDatabase } from "../tests/setup/test-db.ts";

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const streams = Number(env.BENCH_CHAT_STREAMS ?? 1000);
const storeCount = Number(env.BENCH_CHAT_STORES ?? 200);
const seconds = Number(env.BENCH_CHAT_SECONDS ?? 15);
const senders = Number(env.BENCH_CHAT_SENDERS ?? 32);
/** What one store may send in the limit's window (server/platform/rate-limit.ts). */
const perStore = limitRules.chatSend.account;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
const p50p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${fmt(percentile(sorted, 0.5), 1)} / ${fmt(percentile(sorted, 0.99), 1)} ms`;
};
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work(i)` for i < count, `concurrency` at once. */
async function inBatches<T>(count: number, concurrency: number, work: (i: number) => Promise<T>) {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

/** A fresh database like scripts/bench-orders.ts makes, as the test helpers expect it. */
async function freshDatabase(name: string): Promise<{ database: TestDatabase; url: string }> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // manyShoppers saves a thousand addresses at once: a long wait for a connection is expected, not a fault.
  const opened = await openPostgres(url.toString(), {
    onIdleError: () => {},
    connectionTimeoutMillis: 60_000,
  });
  await opened.migrate();
  const uploadsDir = await mkdtemp(path.join(tmpdir(), "pasar-bench-"));
  const [handlers, periodic, log] = [jobHandlers(), periodicTasks(), createLogger("silent")];
  const jobs = await openJobQueue(opened, { handlers, periodic, log, worker: false });
  const database: TestDatabase = {
    ...opened,
    storage: createLocalStorage(uploadsDir),
    uploadsDir,
    jobs,
    async destroy() {
      await jobs.stop();
      await opened.close();
    },
  };
  return { database, url: url.toString() };
}

/** The instance's memory (after garbage collection), CPU time and queries so far, and streams open. */
interface Reading {
  mem: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
  queries: number;
  open: number;
}

/** The instance under load (--max-semi-space-size as `npm start`), read on request, its log lines counted. */
async function startInstance(url: string) {
  const script = path.join(import.meta.dirname, "bench-chat-instance.ts");
  const child = spawn(process.execPath, ["--expose-gc", "--max-semi-space-size=16", script, url], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...env, NODE_ENV: "production" },
  });
  const logLines: string[] = [];
  let onPort!: (port: number) => void;
  const port = new Promise<number>((resolve) => (onPort = resolve));
  let onReading: ((m: Reading) => void) | undefined;
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const msg = JSON.parse(line) as Partial<Reading> & { port?: number };
    if (msg.port) onPort(msg.port);
    else if (msg.mem) onReading?.(msg as Reading);
    else if (logLines.push(line) <= 5) console.error(`  server: ${line.slice(0, 300)}`);
  });
  return {
    port: await port,
    logLines,
    read: () =>
      new Promise<Reading>((resolve) => {
        onReading = resolve;
        child.stdin!.write("mem\n");
      }),
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const streamAgent = new Agent({ keepAlive: false, maxSockets: Infinity });
const sendAgent = new Agent({ keepAlive: true, maxSockets: senders });

/** Opens a reader's stream; resolves once `ready` arrived; every later event goes to `onEvent`. */
function openStream(port: number, token: string, onEvent: (event: string, data: string) => void) {
  return new Promise<ClientRequest>((resolve, reject) => {
    const headers = { accept: "text/event-stream", authorization: token };
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/chat/stream?lang=en",
      agent: streamAgent,
      headers,
    });
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
          const event = field("event")?.trim();
          if (event === "ready") resolve(req);
          else if (event) onEvent(event, field("data") ?? "");
        }
      });
      res.on("error", () => {});
    });
    req.end();
  });
}

/** A tRPC mutation over HTTP, as if from address `ip` behind the proxy; answers the status. */
function mutate(port: number, procedure: string, token: string, ip: string, input: unknown) {
  return new Promise<number>((resolve, reject) => {
    const headers = { authorization: token, "content-type": "application/json", "x-forwarded-for": ip };
    const options = { host: "127.0.0.1", port, method: "POST", path: `/trpc/${procedure}`, agent: sendAgent };
    const req = request({ ...options, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ json: input }));
  });
}

async function main() {
  const name = `pasar_bench_chat_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const { database, url } = await freshDatabase(name);
  const open: ClientRequest[] = [];
  let instance: Awaited<ReturnType<typeof startInstance>> | undefined;
  try {
    let t = performance.now();
    console.log(`Making ${storeCount} stores and ${streams} shoppers, each writing to one store …`);
    const stores = await inBatches(storeCount, 4, () => merchantWithStore(database));
    const shoppers = await manyShoppers(database, streams, 1);
    // Conversation i: shopper i with store i % storeCount.
    const conversations = await inBatches(streams, 8, async (i) => {
      const store = i % storeCount;
      const text = "Halo kak, ready?";
      const first = await shoppers[i]!.api.chat.send({ storeId: stores[store]!.storeId, text });
      return { id: first!.conversationId, store };
    });
    console.log(`  ready in ${fmt((performance.now() - t) / 1000, 1)} s`);
    instance = await startInstance(url);
    const { port, read } = instance;

    // Each message ends in `#<n>`: when it was issued, and when (whether) it reached its shopper's stream.
    const issuedAt = new Map<number, number>();
    const latencies: number[] = [];
    let lastDelivery = 0;
    const onEvent = (event: string, data: string) => {
      if (event !== "message") return;
      const n = Number(/#(\d+)$/.exec((JSON.parse(data) as { text: string }).text)?.[1]);
      const at = issuedAt.get(n);
      if (at === undefined) return;
      issuedAt.delete(n);
      lastDelivery = performance.now();
      latencies.push(lastDelivery - at);
    };
    const spent = new Array<number>(storeCount).fill(0);
    const statuses = new Map<number, number>();
    const sendTimes: number[] = [];
    let sequence = 0;
    let cursor = 0;
    /** The next conversation whose store may still send within the limit; undefined when none may. */
    const pick = () => {
      for (let tries = 0; tries < streams; tries++) {
        const k = cursor++ % streams;
        if (spent[conversations[k]!.store]! < perStore) return k;
      }
      return undefined;
    };
    const answer = async (k: number) => {
      const { id, store } = conversations[k]!;
      spent[store]! += 1;
      const n = ++sequence;
      const started = performance.now();
      issuedAt.set(n, started);
      const input = { conversationId: id, text: `Siap kak, dikirim hari ini #${n}` };
      const ip = `10.8.${store >> 8}.${store & 255}`;
      const status = await mutate(port, "merchantChat.send", stores[store]!.token, ip, input);
      sendTimes.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 200) issuedAt.delete(n);
    };

    // Warm-up: a few streams and messages, so the code paths are loaded before the first reading.
    const warm = await Promise.all(shoppers.slice(0, 10).map((s) => openStream(port, s.token, onEvent)));
    for (let k = 0; k < 10; k++) await answer(k);
    await sleep(500);
    for (const req of warm) req.destroy();
    await sleep(1000);
    const before = await read();

    t = performance.now();
    open.push(...(await inBatches(streams, 50, (i) => openStream(port, shoppers[i]!.token, onEvent))));
    const openSeconds = (performance.now() - t) / 1000;
    await sleep(2000);
    const after = await read();

    /** Stores answer, `concurrency` requests at once, for `secs` seconds; then up to 5 s for what is in flight. */
    const load = async (concurrency: number, secs: number) => {
      console.log(`Stores answering for ${secs} s, ${concurrency} at once …`);
      latencies.length = sendTimes.length = 0;
      statuses.clear();
      const [start, ownCpu, started] = [await read(), process.cpuUsage(), performance.now()];
      let exhausted = false;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < started + secs * 1000) {
            const k = pick();
            if (k === undefined) return void (exhausted = true);
            await answer(k);
          }
        }),
      );
      const sendSeconds = (performance.now() - started) / 1000;
      const deadline = performance.now() + 5000;
      while (issuedAt.size > 0 && performance.now() < deadline) await sleep(50);
      const end = await read();
      const sent = statuses.get(200) ?? 0;
      const failed = [...statuses].filter(([s]) => s !== 200).map(([s, n]) => `; ${n} answered ${s}`);
      const serverMs = cpuMs(end.cpu) - cpuMs(start.cpu);
      const cores = (ms: number) => fmt(ms / 1000 / sendSeconds, 2);
      return {
        end,
        column: [
          `${concurrency} at once, ${fmt(sendSeconds, 1)} s${exhausted ? ", limit spent" : ""}`,
          `${fmt(sent / sendSeconds)}/s (${fmt(sent)}${failed.join("")})`,
          `${fmt(latencies.length / (Math.max(lastDelivery - started, 1) / 1000))}/s (${issuedAt.size} missing)`,
          p50p99(latencies),
          p50p99(sendTimes),
          `${fmt(serverMs / sent, 1)} ms (${cores(serverMs)} cores; this script ${cores(cpuMs(process.cpuUsage(ownCpu)))})`,
          fmt((end.queries - start.queries) / sent, 1),
        ],
      };
    };
    const light = await load(1, 5);
    const full = await load(senders, seconds);

    const perStream = (key: "rss" | "heapUsed") =>
      fmt((after.mem[key] - before.mem[key]) / streams / 1024, 1);
    const memory = (r: Reading) => `${mb(r.mem.rss)} / ${mb(r.mem.heapTotal)} / ${mb(r.mem.heapUsed)}`;
    console.log(`\nChat live streams, one instance on PostgreSQL, ${storeCount} stores\n`);
    console.log("| server memory | RSS / heap total / heap used |\n|---|---|");
    console.log(`| before the streams | ${memory(before)} |`);
    console.log(
      `| ${fmt(after.open)} streams open (opened in ${fmt(openSeconds, 1)} s) | ${memory(after)} |`,
    );
    console.log(`| per open stream | RSS ${perStream("rss")} KB, heap used ${perStream("heapUsed")} KB |`);
    console.log(`| after the loads below, streams still open | ${memory(full.end)} |\n`);
    const measures = ["senders", "messages sent", "message events delivered"]
      .concat(["delivery latency p50 / p99 (send issued → event)", "send request p50 / p99"])
      .concat(["server CPU per message", "server queries to PostgreSQL per message"]);
    console.log("| stores answering | one at a time | all out |\n|---|---|---|");
    measures.forEach((m, i) => console.log(`| ${m} | ${light.column[i]} | ${full.column[i]} |`));
    console.log(`\nServer log lines (warnings, errors): ${instance.logLines.length}`);
  } finally {
    for (const req of open) req.destroy();
    await instance?.stop();
    await database.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
