import { LRUCache } from "lru-cache";
import { primaryOf } from "../db/primary.ts";
import { now } from "./clock.ts";

/** What every kept value answers to: its name (the same in every instance) and forgetting it here. */
export interface Kept {
  readonly name: string;
  forget(): void;
}

/** Every kept value of this process by name, so a forget heard from another instance finds it. */
const keptByName = new Map<string, Kept>();

function register<K extends Kept>(kept: K): K {
  if (keptByName.has(kept.name)) throw new Error(`two kept values are named ${kept.name}`);
  keptByName.set(kept.name, kept);
  return kept;
}

/** Forgets the kept values named (unknown names are ignored: another build may keep others). */
export function forgetKeptByName(names: readonly string[]): void {
  for (const name of names) keptByName.get(name)?.forget();
}

/** Forgets every kept value of this process (after missing what other instances said). */
export function forgetAllKept(): void {
  for (const kept of keptByName.values()) kept.forget();
}

/**
 * A value computed once per database and kept for `ttlMs`, for expensive reads that may lag a little
 * (rankings). Concurrent callers share one computation; a failed computation is not kept. `forget()`
 * drops every kept value of this process; a write the value depends on calls `forgetEverywhere`
 * (server/platform/kept-sync.ts), which also tells every other instance, at once (within `ttlMs` at worst,
 * when that message is lost). `name` is the value's name in every instance.
 */
export function memoPerDatabase<Db extends object, V>(name: string, ttlMs: number) {
  let generation = 0;
  const entries = new WeakMap<Db, { generation: number; expires: number; value: Promise<V> }>();
  return register({
    name,
    /** The kept value, or `load`'s from the primary (never a replica: see `primaryOf`). */
    get(from: Db, load: (db: Db) => Promise<V>): Promise<V> {
      const db = primaryOf(from);
      const hit = entries.get(db);
      if (hit && hit.generation === generation && hit.expires > now().getTime()) return hit.value;
      const value = load(db);
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
  });
}

/** lru-cache reads time from the one clock, so tests that move it age what is kept. */
const projectClock = { now: () => now().getTime() };

/**
 * Values by id, each computed once per database and kept for `ttlMs` (at most `maxEntries` of them, the
 * least recently used dropped first), for rows many requests read and few change (store names on product
 * cards). Ids not kept are loaded together in one call. `forget()` drops everything, as for
 * `memoPerDatabase`. Each database's values are an `lru-cache` (count limit and TTL on the project's clock),
 * itself kept in a WeakMap so a database that is gone takes its values with it.
 */
export function memoByIdPerDatabase<Db extends object, V extends object>(
  name: string,
  ttlMs: number,
  maxEntries: number,
) {
  let generation = 0;
  const perDb = new WeakMap<Db, { generation: number; kept: LRUCache<string, V> }>();
  return register({
    name,
    async get(from: Db, ids: readonly string[], load: (ids: string[], db: Db) => Promise<Map<string, V>>) {
      const db = primaryOf(from);
      let state = perDb.get(db);
      if (!state) {
        state = {
          generation,
          kept: new LRUCache<string, V>({
            max: maxEntries,
            ttl: ttlMs,
            ttlResolution: 0,
            perf: projectClock,
          }),
        };
        perDb.set(db, state);
      } else if (state.generation !== generation) {
        state.kept.clear();
        state.generation = generation;
      }
      const { kept } = state;
      const at = projectClock.now();
      const found = new Map<string, V>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const hit = kept.get(id);
        if (hit !== undefined) found.set(id, hit);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const startedIn = generation;
      const loaded = await load(missing, db);
      for (const [id, value] of loaded) {
        found.set(id, value);
        // A value loaded before a forget() may predate the write: returned, never kept. Its age counts
        // from when the load started, as a value read then.
        if (startedIn === generation) kept.set(id, value, { start: at });
      }
      return found;
    },
    forget(): void {
      generation++;
    },
  });
}
