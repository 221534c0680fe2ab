// The durable job that draws the demo shop's pictures after a first start (server/seed/pictures.ts), in a process
// of its own: the shop that runs it loads neither sharp nor the demo catalogue.
import { spawn } from "node:child_process";
import path from "node:path";
import type { JobHandler } from "../platform/jobs.ts";

/** The job's kind; its subject is the edge in pixels of the product pictures. */
export const drawPicturesJob = "seed.draw_pictures";

/**
 * The job's handler: draws the pictures in a process of its own (server/seed/draw-pictures.ts), whose memory
 * goes when it ends, and fails, to be tried again, when that process does.
 */
export const drawPicturesHandler: JobHandler = {
  outside: async (_db, subjectId) => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, "../seed/draw-pictures.ts"), subjectId],
      {
        stdio: "inherit",
      },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0) throw new Error(`drawing the demo pictures exited with ${code}`);
  },
};
