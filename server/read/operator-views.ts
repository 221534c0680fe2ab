// Read-only views for the operator area that name people beside what they did: SQL over the audit, wallet
// and account tables, never a write.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pageOf } from "../platform/pages.ts";
import { auditLog } from "../modules/audit/audit.tables.ts";
import { users } from "../modules/auth/auth.tables.ts";

/** The audit log with each actor's account (email or phone), newest first, `limit + 1` rows. */
export function selectAudit(db: Db, opts: { before?: string; action?: string; limit: number }) {
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: users.email,
      actorPhone: users.phone,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        opts.before ? lt(auditLog.id, opts.before) : undefined,
        opts.action ? eq(auditLog.action, opts.action) : undefined,
      ),
    )
    .orderBy(sql`${auditLog.id} desc`)
    .limit(opts.limit + 1);
}

/** The accounts (email or phone) of users, by id. */
export async function selectAccountNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r.email ?? r.phone ?? r.id]));
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(db: Db, opts: { cursor?: string | null; action?: string; limit: number }) {
  const rows = await selectAudit(db, {
    before: opts.cursor ?? undefined,
    action: opts.action,
    limit: opts.limit,
  });
  const page = pageOf(rows, opts.limit);
  return {
    items: page.items.map(({ actorEmail, actorPhone, ...r }) => ({
      ...r,
      actor: actorEmail ?? actorPhone ?? r.actorId,
    })),
    nextCursor: page.nextCursor,
  };
}
