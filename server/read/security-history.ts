import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SecurityEventView } from "#common/contracts/auth.ts";
import type { Db } from "../db/client.ts";
import { auditLog } from "../modules/audit/audit.tables.ts";

// The account's security history (issue 43): read from the audit log, where every authentication event and
// every change to what guards the money is recorded (server/modules/auth, flows/wallet/bank-card.ts, flows/users.ts).

/** Which audit actions the owner sees, and as what. A sign-in shows only when it came from a new device. */
const kinds: Record<string, SecurityEventView["kind"]> = {
  "auth.signup": "signup",
  "auth.signin": "newDevice",
  "auth.signin.failed": "signinFailed",
  "auth.password.reset": "passwordReset",
  "pin.set": "pinSet",
  "pin.reset": "pinReset",
  "pin.change": "pinChange",
  "pin.lock": "pinLock",
  "pin.disable": "pinDisable",
  "bank.add": "bankAdd",
  "bank.remove": "bankRemove",
  "passkey.add": "passkeyAdd",
  "passkey.remove": "passkeyRemove",
  "auth.email.change": "emailChange",
  "auth.phone.change": "phoneChange",
  "user.freeze": "freeze",
  "user.unfreeze": "unfreeze",
  "user.sessions.end": "signedOutByOperator",
  "user.hold.release": "holdReleased",
};

/** How many of the latest events the page shows. */
const shown = 30;

type Details = {
  device?: string | null;
  ip?: string | null;
  bank?: string;
  number?: string;
  /** A new email or phone, masked. */
  to?: string;
} | null;

/** The user's latest security events, newest first (reads only). */
export async function securityHistory(db: Db, userId: string): Promise<SecurityEventView[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, "user"),
        eq(auditLog.subjectId, userId),
        inArray(auditLog.action, Object.keys(kinds)),
        sql`(${auditLog.action} <> 'auth.signin' or (${auditLog.after} ->> 'newDevice')::boolean)`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(shown);
  return rows.map((row) => {
    const details = (row.after ?? row.before) as Details;
    return {
      id: row.id,
      kind: kinds[row.action]!,
      at: row.createdAt,
      device: details?.device ?? null,
      ip: details?.ip ?? null,
      detail: details?.bank && details.number ? `${details.bank} ${details.number}` : (details?.to ?? null),
    };
  });
}
