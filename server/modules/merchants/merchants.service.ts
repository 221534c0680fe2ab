import type { ApplicationView } from "#common/contracts/merchants.ts";
import type { Db, Tx } from "../../db/client.ts";
import { violates } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { imageView } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import * as q from "./merchants.queries.ts";

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof q.selectLatestApplication>>>;

export function applicationView(row: ApplicationRow, storage: Storage): ApplicationView {
  return {
    id: row.id,
    storeName: row.storeName,
    phone: row.phone,
    intro: row.intro,
    ownerName: row.ownerName,
    categoryId: row.categoryId,
    logo: imageView(storage, row.logo),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

// ------------------------------------------------------------------------------------------- operators

/** Locks an application awaiting review, for an operator's decision. */
export async function lockPendingApplication(tx: Tx, id: string): Promise<ApplicationRow> {
  const row = await q.selectApplicationForUpdate(tx, id);
  if (!row) throw new DomainError("not_found", "errors.merchant.applicationNotFound");
  if (row.status !== "pending") throw new DomainError("conflict", "errors.merchant.decided");
  return row;
}

/** Records an approval in the approval flow's transaction (the flow opens the store and sets the role). */
export async function markApproved(
  tx: Tx,
  row: ApplicationRow,
  operatorId: string,
  storeId: string,
): Promise<void> {
  await q.updateApplication(tx, row.id, {
    status: "approved",
    decidedBy: operatorId,
    decidedAt: now(),
    storeId,
  });
}

/** How many applications await review (the operator area's badge). */
export function pendingApplications(db: Db): Promise<number> {
  return q.countPendingApplications(db);
}

/** The user's latest application (any status), or undefined. */
export function latestApplication(db: Db | Tx, userId: string) {
  return q.selectLatestApplication(db, userId);
}

/** Whether someone other than `userId` has an application awaiting review that asks for this store name. */
export function pendingNameExists(db: Db | Tx, name: string, userId: string): Promise<boolean> {
  return q.pendingNameExists(db, name, userId);
}

/** Files an application awaiting review; a second one of the same user at once is refused (CONFLICT). */
export async function fileApplication(
  db: Db,
  row: Omit<ApplicationRow, "reason" | "storeId" | "decidedAt" | "decidedBy" | "status">,
): Promise<ApplicationRow> {
  const full = { ...row, status: "pending" as const };
  try {
    await q.insertApplication(db, full);
  } catch (error) {
    // The same user submitted twice at once: the second finds the first awaiting review.
    if (violates(error, "merchant_applications_one_pending"))
      throw new DomainError("conflict", "errors.merchant.pending");
    throw error;
  }
  return { ...full, reason: null, storeId: null, decidedAt: null, decidedBy: null } as ApplicationRow;
}

/** Records a rejection with the reason the applicant reads, in the caller's transaction. */
export async function markRejected(
  tx: Tx,
  row: ApplicationRow,
  operatorId: string,
  reason: string,
): Promise<void> {
  await q.updateApplication(tx, row.id, {
    status: "rejected",
    reason,
    decidedBy: operatorId,
    decidedAt: now(),
  });
}

/** A page of applications with a status, newest first (`limit + 1` rows: one more says there is a next page). */
export function applicationsPage(
  db: Db,
  opts: { status: "pending" | "rejected"; before?: string; limit: number },
) {
  return q.selectApplications(db, opts);
}
