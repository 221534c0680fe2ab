// Seeds the demo shop in a process of its own: `server/main.ts` starts it on a first start with
// SEED_DEMO_DATA and waits for it. Rendering the demo's images (sharp) and loading the country's areas for
// the demo addresses leave a couple of hundred megabytes of native memory behind that a process never gives
// back; here they go when the process ends, instead of staying with the shop for its whole life.
// Exits 0 when the data is there (seeded now or already), 1 when seeding failed.
import path from "node:path";
import { openDatabase } from "./client.ts";
import { demoAccounts, demoPassword, seedDemoData } from "./seed.ts";
import { parseEnv } from "../platform/env.ts";
import { createLogger } from "../platform/logger.ts";
import { createLocalStorage } from "../platform/storage.ts";

const env = parseEnv();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const seeded = await seedDemoData(
    database.db,
    createLocalStorage(path.join(env.DATA_DIR, "uploads")),
    log,
    { imageSize: env.SEED_IMAGE_SIZE, publicUrl: env.PUBLIC_URL },
  );
  if (seeded) {
    log.info("demo data seeded");
    console.log(
      `Demo shop seeded: sign in as ${demoAccounts.shopper} with the password ${demoPassword} (README lists every account).`,
    );
  }
} catch (error) {
  log.fatal({ err: error }, "seeding the demo data failed");
  process.exitCode = 1;
} finally {
  await database.close();
  log.flush();
}
