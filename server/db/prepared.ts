import type { Db } from "./client.ts";

/**
 * A query that runs on nearly every request (the session behind a cookie, the cart and chat badges), built once
 * per database handle and prepared under its name: each call then only binds its values, and PostgreSQL plans it
 * once per connection. Building a Drizzle query costs more than the database spends on such a lookup
 * (docs/performance.md). A transaction is a handle of its own and prepares its own copy. What is kept may also be
 * a set of prepared queries by shape (the listing pages, listings.queries.ts).
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const kept = new WeakMap<Db, Query>();
  return (db) => {
    let query = kept.get(db);
    if (!query) kept.set(db, (query = build(db)));
    return query;
  };
}
