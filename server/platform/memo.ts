import { now } from "./clock.ts";

/**
 * A value computed once per database and kept for `ttlMs`, for expensive reads that may lag a little
 * (rankings). Concurrent callers share one computation; a failed computation is not kept. `forget()`
 * drops every kept value: call it after a write the value depends on, so this process never serves a
 * value older than its own writes (other processes catch up within `ttlMs`).
 */
export function memoPerDatabase<Db extends object, V>(ttlMs: number) {
  let generation = 0;
  const entries = new WeakMap<Db, { generation: number; expires: number; value: Promise<V> }>();
  return {
    get(db: Db, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(db);
      if (hit && hit.generation === generation && hit.expires > now().getTime()) return hit.value;
      const value = load();
      const entry = { generation, expires: now().getTime() + ttlMs, value };
      entries.set(db, entry);
      value.catch(() => {
        if (entries.get(db) === entry) entries.delete(db);
      });
      return value;
    },
    forget(): void {
      generation++;
    },
  };
}
