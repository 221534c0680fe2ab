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

/**
 * Values by id, each computed once per database and kept for `ttlMs` (at most `maxEntries` of them, the
 * oldest dropped first), for rows many requests read and few change (store names on product cards). Ids
 * not kept are loaded together in one call. `forget()` drops everything, as for `memoPerDatabase`.
 */
export function memoByIdPerDatabase<Db extends object, V>(ttlMs: number, maxEntries: number) {
  let generation = 0;
  const perDb = new WeakMap<Db, { generation: number; kept: Map<string, { expires: number; value: V }> }>();
  return {
    async get(db: Db, ids: readonly string[], load: (ids: string[]) => Promise<Map<string, V>>) {
      let state = perDb.get(db);
      if (!state || state.generation !== generation) {
        state = { generation, kept: new Map() };
        perDb.set(db, state);
      }
      const { kept } = state;
      const at = now().getTime();
      const found = new Map<string, V>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const hit = kept.get(id);
        if (hit && hit.expires > at) found.set(id, hit.value);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const startedIn = generation;
      const loaded = await load(missing);
      for (const [id, value] of loaded) {
        found.set(id, value);
        if (startedIn !== generation) continue;
        kept.delete(id);
        kept.set(id, { expires: at + ttlMs, value });
      }
      for (const oldest of kept.keys()) {
        if (kept.size <= maxEntries) break;
        kept.delete(oldest);
      }
      return found;
    },
    forget(): void {
      generation++;
    },
  };
}
