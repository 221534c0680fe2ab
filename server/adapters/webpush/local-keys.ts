import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { generateVapidKeys, vapidPublicKeyOf } from "./webpush.adapter.ts";

/**
 * A local shop's own VAPID key pair (issue 44), kept in `<dataDir>/vapid.json` (readable by its owner only) so
 * browsers' subscriptions outlive a restart; made on first start. A public shop sets VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY instead (every instance must share one pair).
 */
export async function localVapidKeys(dataDir: string): Promise<{ publicKey: string; privateKey: string }> {
  const file = path.join(dataDir, "vapid.json");
  try {
    const kept = JSON.parse(await readFile(file, "utf8")) as { publicKey?: string; privateKey?: string };
    if (kept.privateKey && kept.publicKey && vapidPublicKeyOf(kept.privateKey) === kept.publicKey) {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
  } catch {
    // None yet (or unreadable): a new pair.
  }
  const keys = generateVapidKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
