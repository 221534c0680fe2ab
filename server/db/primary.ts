/** Each replica's database handle, to the primary's it follows. */
const primaries = new WeakMap<object, object>();

/**
 * The primary behind a database handle: itself, unless it is a replica's. Values kept for a while are read from
 * the primary (server/platform/memo.ts): a replica a few milliseconds behind could otherwise fill an instance's
 * kept value with what a write just replaced, right after that instance heard to forget it.
 */
export function primaryOf<T extends object>(db: T): T {
  return (primaries.get(db) as T | undefined) ?? db;
}

/** Records that `replica` (a replica's handle) follows `primary`. */
export function followsPrimary(replica: object, primary: object): void {
  primaries.set(replica, primary);
}
