// The operator's list of accounts with the store each runs, if any: read-only SQL over the accounts and
// stores modules' tables (decision 7).
import { and, desc, eq, ilike, like, lt, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../modules/auth/auth.tables.ts";
import { stores } from "../modules/stores/stores.tables.ts";

const columns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  role: users.role,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  suspendedReason: users.suspendedReason,
  storeId: stores.id,
  storeName: stores.name,
  storeStatus: stores.status,
};

/** `%` and `_` typed by the operator match themselves, not any text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function selectUsers(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(stores, eq(stores.ownerId, users.id))
    .where(where)
    .orderBy(desc(users.id));
}

/**
 * Accounts newest first, `limit + 1` rows: those whose email contains `email`, or whose number (E.164)
 * begins with `phonePrefix`, or all.
 */
export function selectUsersForOps(
  db: Db,
  opts: { email?: string; phonePrefix?: string; before?: string; limit: number },
) {
  return selectUsers(
    db,
    and(
      opts.email !== undefined ? ilike(users.email, `%${escapeLike(opts.email)}%`) : undefined,
      opts.phonePrefix !== undefined ? like(users.phone, `${escapeLike(opts.phonePrefix)}%`) : undefined,
      opts.before ? lt(users.id, opts.before) : undefined,
    ),
  ).limit(opts.limit + 1);
}

/** One account with its store, if any. */
export async function selectUserForOps(db: Db, id: string) {
  const rows = await selectUsers(db, eq(users.id, id));
  return rows[0];
}
