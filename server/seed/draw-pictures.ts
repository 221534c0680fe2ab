// Draws the demo shop's pictures in a process of its own (the job `seed.draw_pictures`, run by the shop's
// workers after a first start): sharp's native memory goes when it ends instead of staying with the shop.
// Usage: node server/seed/draw-pictures.ts <edge in pixels>. Exits 0 when every picture is there.
import { createStorage } from "../adapters/storage-provider.ts";
import { parseEnv } from "../platform/env.ts";
import { createLogger } from "../platform/logger.ts";
import { drawDemoPictures } from "./pictures.ts";

const env = parseEnv();
const log = createLogger(env.LOG_LEVEL);
const size = Number(process.argv[2]);
try {
  if (!Number.isInteger(size) || size < 1) throw new Error(`not a picture size: ${process.argv[2]}`);
  const started = performance.now();
  const drawn = await drawDemoPictures(await createStorage(env), size);
  log.info({ drawn, ms: Math.round(performance.now() - started) }, "demo pictures drawn");
} catch (error) {
  log.error({ err: error }, "drawing the demo pictures failed");
  process.exitCode = 1;
} finally {
  log.flush();
}
