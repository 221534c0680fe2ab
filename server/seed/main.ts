// Seeds the demo shop in a process of its own: `server/main.ts` starts it on a first start with
// SEED_DEMO_DATA and waits for it. Rendering the demo's images (sharp) and loading the country's areas for
// the demo addresses leave a couple of hundred megabytes of native memory behind that a process never gives
// back; here they go when the process ends, instead of staying with the shop for its whole life.
// Exits 0 when the data is there (seeded now or already), 1 when seeding failed.
import { openDatabase } from "../db/client.ts";
import { createPaymentGateway } from "../adapters/payment-provider.ts";
import { demoAccounts, demoPassword, seedDemoData, seedSteps, type SeedStep } from "./seed.ts";
import { jobHandlers, periodicTasks } from "../flows/jobs.ts";
import { parseEnv } from "../platform/env.ts";
import { openJobQueue, type JobQueue } from "../platform/jobs.ts";
import { createLogger } from "../platform/logger.ts";
import { createStorage } from "../adapters/storage-provider.ts";

const env = parseEnv();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const started = performance.now();
const stepText: Record<SeedStep, string> = {
  shop: "writing the catalogue, stores, accounts and their money",
  orders: "placing the demo orders",
};
/** One line per step, so whoever started the shop sees it working. */
const progress = (step: SeedStep) =>
  console.log(
    `Seeding the demo shop (${seedSteps.indexOf(step) + 1}/${seedSteps.length}): ${stepText[step]}…`,
  );
let jobs: JobQueue | undefined;
try {
  await database.migrate();
  // The demo orders schedule their deadlines; the shop's workers run them once it starts.
  jobs = await openJobQueue(database, {
    // The pictures' job is scheduled with the shop; the shop's workers draw them once it answers.
    handlers: jobHandlers(),
    periodic: periodicTasks(),
    log,
    worker: false,
  });
  const seeded = await seedDemoData(database.db, await createStorage(env), log, {
    imageSize: env.SEED_IMAGE_SIZE,
    // Drawn by a job once the shop answers; `now` before it does (tests that fail on any missing file).
    pictures: env.SEED_PICTURES,
    publicUrl: env.PUBLIC_URL,
    // A real provider's adapter for the demo's unpaid order; the sandbox is made over the seed's own
    // transaction (PGlite has one connection).
    ...(env.PAYMENT_PROVIDER === "sandbox" ? {} : { gateway: createPaymentGateway(env, database.db) }),
    progress,
  });
  if (seeded) {
    log.info("demo data seeded");
    console.log(
      `Demo shop seeded in ${Math.round((performance.now() - started) / 1000)} s: sign in as ${demoAccounts.shopper} with the password ${demoPassword} (README lists every account). Its pictures are drawn in the background: they appear within a minute.`,
    );
  }
} catch (error) {
  log.fatal({ err: error }, "seeding the demo data failed");
  process.exitCode = 1;
} finally {
  // pg-boss's timers would keep this process alive: stopped whether seeding worked or not.
  await jobs?.stop();
  await database.close();
  log.flush();
}
