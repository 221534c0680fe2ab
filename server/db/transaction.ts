import type { Db, Tx } from "./client.ts";

/** SQLSTATEs after which the whole transaction may simply run again. */
const retryable = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);

function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}

/** Whether an error (or its cause: Drizzle wraps driver errors) is a violation of the named constraint. */
export function violates(error: unknown, constraint: string): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { constraint: name, cause } = e as { constraint?: unknown; cause?: unknown };
    if (name === constraint) return true;
    e = cause;
  }
  return false;
}

/** Which database each open transaction (or savepoint) belongs to: what a job enqueued in it is queued on. */
const origins = new WeakMap<Tx, Db>();

/** The database a transaction opened by `transact` or `savepoint` belongs to (a database is its own). */
export function originOf(handle: Db | Tx): Db {
  return origins.get(handle as Tx) ?? (handle as Db);
}

/** Runs `work` in a savepoint of `tx`: its changes are undone alone when it throws; the transaction goes on. */
export function savepoint<T>(tx: Tx, work: (inner: Tx) => Promise<T>): Promise<T> {
  return tx.transaction((inner) => {
    origins.set(inner, originOf(tx));
    return work(inner);
  });
}

/**
 * Runs `work` in one transaction, and the whole of it again (a few times, after a short random pause) when
 * PostgreSQL aborts it for a serialization failure or a deadlock. Never half of one: a retry starts over.
 */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => {
        // Nested (a transaction handle passed as a database): the outermost database is the origin.
        origins.set(tx, originOf(db));
        return work(tx);
      });
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || !code || !retryable.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
