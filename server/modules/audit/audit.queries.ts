import type { Db, Tx } from "../../db/client.ts";
import { auditLog } from "./audit.tables.ts";

export async function insertAudit(tx: Db | Tx, row: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
}
