import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.ts";
import { forgetAllKept, forgetKeptByName, type Kept } from "./memo.ts";
import { notify, type NotifyBus } from "./pg-notify.ts";

/** The channel on which instances tell each other which kept values a write made stale. */
export const keptChannel = "pasar_kept";

/**
 * Forgets kept values here and tells every instance to forget them too (decision 27). Given the write's
 * transaction, the others hear of it when it commits, never before; given the database after the write, at
 * once. After a write, a message that cannot be sent costs only freshness (the others catch up within the
 * value's lifetime); in a transaction it fails the transaction, which a failed statement has aborted anyway.
 */
export async function forgetEverywhere(db: Db | Tx, ...kept: Kept[]): Promise<void> {
  for (const k of kept) k.forget();
  const sent = notify(db, keptChannel, kept.map((k) => k.name).join(","));
  await (db instanceof PgTransaction ? sent : sent.catch(() => {}));
}

/**
 * Makes this instance forget what other instances say went stale; after the bus lost its connection (and
 * with it what was said meanwhile), forgets everything.
 */
export function followKeptValues(bus: NotifyBus): () => void {
  const stopHearing = bus.subscribe(keptChannel, (payload) => forgetKeptByName(payload.split(",")));
  const stopReconnect = bus.onReconnect(forgetAllKept);
  return () => {
    stopHearing();
    stopReconnect();
  };
}
