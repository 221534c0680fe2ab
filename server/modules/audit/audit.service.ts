import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { insertAudit } from "./audit.queries.ts";

interface AuditEntry {
  /** Null for an attempt by nobody signed in (a wrong password for an account). */
  actorId: string | null;
  /** What was done, as `<area>.<verb>`: `withdrawal.approve`, `wallet.adjust`. */
  action: string;
  subject: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

/** Records an action, in the transaction of the action itself (both commit, or neither). */
export async function recordAudit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, {
    id: newId("aud", now().getTime()),
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now(),
  });
}
