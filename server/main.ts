import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { isDatabaseUnavailable, openDatabase } from "./db/client.ts";
import { openReplicas } from "./db/replicas.ts";
import { jobHandlers, periodicTasks, useCourier, usePaymentGateway } from "./flows/jobs.ts";
import { useNotificationSenders } from "./flows/notifications/deliver.ts";
import { createPushSenderFromEnv } from "./adapters/push-provider.ts";
import { localVapidKeys } from "./adapters/webpush/local-keys.ts";
import { createWhatsAppSenderFromEnv } from "./adapters/whatsapp-provider.ts";
import { createCourierGateway } from "./adapters/courier-provider.ts";
import { createTableCourier } from "./modules/courier/courier.service.ts";
import { createApp } from "./http/app.ts";
import { createChatHub } from "./http/chat-stream.ts";
import { hasAccounts } from "./modules/auth/auth.service.ts";
import { createPaymentGateway } from "./adapters/payment-provider.ts";
import { EnvError, parseEnv, type Env } from "./platform/env.ts";
import { createLogger } from "./platform/logger.ts";
import { openJobQueue } from "./platform/jobs.ts";
import { createMetrics } from "./platform/metrics.ts";
import { createChannels } from "./platform/messaging.ts";
import { createRateLimits } from "./platform/rate-limit.ts";
import { createStorage } from "./adapters/storage-provider.ts";
import { createNotifyBus } from "./platform/pg-notify.ts";
import { followKeptValues } from "./platform/kept-sync.ts";
import { developmentRenderer, productionRenderer } from "./render.ts";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const log = createLogger(env.LOG_LEVEL);

// The safety net behind the database client's own error listeners: a database fault that still escapes
// is logged and the server keeps serving (it answers 503 until the database is back). Anything else is
// a bug that leaves the process in an unknown state: log it and exit so the supervisor restarts us.
function escaped(kind: string) {
  return (error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      log.error({ err: error }, `${kind} from the database; still serving`);
      return;
    }
    log.fatal({ err: error }, kind);
    process.exit(1);
  };
}
process.on("uncaughtException", escaped("uncaught exception"));
process.on("unhandledRejection", escaped("unhandled rejection"));
// Uploads on this machine's disk, or in an S3-compatible bucket every instance shares (S3_BUCKET).
const storage = await createStorage(env);
const openShopDatabase = () =>
  openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onIdleError: (err) => log.warn({ err }, "idle database connection failed; it will be replaced"),
  });
let database = await openShopDatabase();
await database.migrate();
log.info({ database: database.kind }, "database ready");
if (env.SEED_DEMO_DATA && !(await hasAccounts(database.db))) {
  // Seeded in a process of its own (server/seed/main.ts), whose memory goes when it ends. PGlite takes
  // one process at a time, so the shop lets go of its database meanwhile.
  await database.close();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "seed/main.ts")], {
      stdio: "inherit",
    });
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) {
    log.fatal({ exitCode: code }, "the demo data could not be seeded");
    log.flush();
    process.exit(1);
  }
  database = await openShopDatabase();
}
await database.analyze();
// PGlite (and a PostgreSQL without autovacuum) needs its statistics kept fresh while the shop runs.
const analyzeTimer = setInterval(
  () => void database.analyze().catch((err: unknown) => log.warn({ err }, "analyze failed")),
  15 * 60_000,
);
analyzeTimer.unref();

const buildDir = path.join(root, "build");
let render;
let vite: Awaited<ReturnType<typeof developmentRenderer>>["vite"] | undefined;
let buildId = "dev";
if (dev) {
  const d = await developmentRenderer();
  render = d.render;
  vite = d.vite;
} else {
  render = await productionRenderer(buildDir);
  buildId = (await readFile(path.join(buildDir, "build-id.txt"), "utf8")).trim();
}

// Public browse reads go to caught-up streaming replicas, when there are any (decision 27).
const replicas =
  env.DATABASE_URL && env.DATABASE_REPLICA_URLS.length > 0
    ? openReplicas({ db: database.db, url: env.DATABASE_URL }, env.DATABASE_REPLICA_URLS, {
        onChange: (url, usable, why) =>
          (usable ? log.info : log.warn).call(
            log,
            { replica: url, why },
            usable ? "replica in use" : "replica skipped",
          ),
      })
    : undefined;
const limits = createRateLimits(env.REDIS_URL, { log });
const gateway = createPaymentGateway(env, database.db);
usePaymentGateway(database.db, gateway, log);
const courier = createCourierGateway(env, { createTableCourier: () => createTableCourier(database.db) });
useCourier(database.db, courier);
const channels = createChannels(env);
// Notifications beyond the in-app centre (issue 44): web push with the VAPID pair, WhatsApp with its settings,
// e-mail through the mailer (or the local outbox); each a durable job.
const pushKeys = env.WEB_PUSH_LOCAL_KEYS ? await localVapidKeys(env.DATA_DIR) : undefined;
useNotificationSenders(database.db, {
  push: createPushSenderFromEnv(
    pushKeys
      ? {
          ...env,
          WEB_PUSH: true,
          VAPID_PUBLIC_KEY: pushKeys.publicKey,
          VAPID_PRIVATE_KEY: pushKeys.privateKey,
        }
      : env,
  ),
  whatsapp: createWhatsAppSenderFromEnv(env),
  channels,
  publicUrl: env.PUBLIC_URL,
  log,
});
// Durable jobs (pg-boss): deadlines, auto-confirmation, payment status checks, cancellations and refunds at
// the provider, the daily reconciliation, the sandbox's re-sent notifications and forgetting old idempotency
// keys; any number of instances work the same queues, each job once.
const jobs = await openJobQueue(database, { handlers: jobHandlers(), periodic: periodicTasks(), log });
await jobs.work({ pollingIntervalSeconds: env.JOB_POLL_SECONDS });
// The chat's live streams hear of new messages from every instance through LISTEN/NOTIFY.
const bus = createNotifyBus(database.connection, log);
// Kept values (categories, store cards, settings, the hot ranking) are forgotten in every instance on a write.
followKeptValues(bus);
const chatHub = createChatHub({ db: database.db, storage, log, bus });
const app = createApp({
  chatHub,
  database,
  replicas,
  storage,
  channels,
  limits,
  sessionTtlDays: env.SESSION_TTL_DAYS,
  publicUrl: env.PUBLIC_URL,
  gateway,
  courier,
  localOutbox: env.LOCAL_OUTBOX,
  metricsToken: env.METRICS_TOKEN,
  log,
  metrics: createMetrics(),
  maxBatchSize: env.TRPC_MAX_BATCH_SIZE,
  buildId,
  trustProxyHops: env.TRUST_PROXY_HOPS,
  pageCacheMs: dev ? 0 : env.PAGE_CACHE_MS,
  clientDir: dev ? undefined : path.join(buildDir, "client"),
  render,
});

const listener = getRequestListener(app.fetch);
const handler = vite
  ? (req: IncomingMessage, res: ServerResponse) => vite.middlewares(req, res, () => void listener(req, res))
  : (req: IncomingMessage, res: ServerResponse) => void listener(req, res);
const server = createServer(handler);
// An idle connection stays open longer than the idle timeouts of load balancers (often 60 s) and clients: a
// server closing a connection just as the other side reuses it fails that request (ECONNRESET).
server.keepAliveTimeout = 65_000;
// Channels without a provider keep their codes in the local outbox; whoever starts the shop is told where.
const outboxFor = [
  ...(env.SMTP_URL ? [] : [{ channel: "email", setting: "SMTP_URL" }]),
  ...(env.SMS_WEBHOOK_URL ? [] : [{ channel: "SMS", setting: "SMS_WEBHOOK_URL" }]),
];
server.listen(env.PORT, env.HOST, () => {
  log.info(
    {
      url: env.PUBLIC_URL,
      port: env.PORT,
      mode: dev ? "development" : env.NODE_ENV,
      payments: gateway.provider,
    },
    "listening",
  );
  console.log(`Pasar is running at ${env.PUBLIC_URL}`);
  if (env.NODE_ENV === "production" && env.PUBLIC_URL_DEFAULTED) {
    const text =
      `PUBLIC_URL is not set: this is a LOCAL shop at ${env.PUBLIC_URL}. Codes ${env.LOCAL_OUTBOX ? "without a channel go to the local outbox" : "go to their channels"}` +
      `${env.SEED_DEMO_DATA ? ", the demo data with its published passwords is seeded" : ""} and links in messages point at localhost. ` +
      `Set PUBLIC_URL to the address people reach the shop at before opening it to anyone else.`;
    log.warn({ publicUrl: env.PUBLIC_URL }, text);
    console.warn(`WARNING: ${text}`);
  }
  if (env.PUBLIC_SANDBOX) {
    const text =
      `payments go to the SANDBOX provider (ALLOW_SANDBOX_PAYMENTS=true) on a public shop: they are play money, ` +
      `and anyone holding a payment link can "pay" it at ${env.PUBLIC_URL}/gateway/sandbox/…`;
    log.warn({ publicUrl: env.PUBLIC_URL }, text);
    console.warn(`WARNING: ${text}`);
  }
  if (outboxFor.length > 0) {
    console.log(
      `Codes by ${outboxFor.map((o) => o.channel).join(" and ")} are not sent (no ${outboxFor.map((o) => o.setting).join(" or ")}): ` +
        `read them in the local outbox, ${env.PUBLIC_URL}/dev/outbox (opens on this machine only).`,
    );
  }
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const timer = setTimeout(() => {
    log.warn("shutdown timed out; closing remaining connections");
    server.closeAllConnections();
  }, env.SHUTDOWN_TIMEOUT_MS);
  // Live chat streams never end by themselves: closed first, their readers reconnect to another instance.
  chatHub.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(timer);
  clearInterval(analyzeTimer);
  await bus.close();
  await jobs.stop();
  await replicas?.close();
  await vite?.close();
  await limits.close();
  await database.close();
  log.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
