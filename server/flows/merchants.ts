// Operator decisions that write to several modules in one transaction: approving an application (the
// application, a new store, the user's role) and suspending or reinstating a store (the store, its listings).
import type { Db } from "../db/client.ts";
import { violates } from "../db/transaction.ts";
import type { Storage } from "../platform/storage.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import { makeMerchant } from "../modules/auth/auth.service.ts";
import { setStoreOpen } from "../modules/catalog/catalog.service.ts";
import { once } from "../modules/ledger/ledger.service.ts";
import { lockPendingApplication, markApproved } from "../modules/merchants/merchants.service.ts";
import { createStore, setStoreStatus, storeNameTaken } from "../modules/stores/stores.service.ts";
import { DomainError } from "../platform/errors.ts";

/**
 * An operator approves an application: the applicant becomes a merchant with an empty store made from it
 * (name, phone, logo, introduction), auto-pay off. All of it or none; audited; a repeated tap does it once.
 */
export async function approveApplication(
  deps: { db: Db; storage: Storage },
  operatorId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "approved"; storeId: string }> {
  return once(
    deps.db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.merchants.approve",
      request: { id: input.id },
    },
    async (tx) => {
      const application = await lockPendingApplication(tx, input.id);
      // A store renamed to this name since the application was made takes it first.
      if (await storeNameTaken(tx, application.storeName))
        throw new DomainError("conflict", "errors.merchant.nameTaken");
      const storeId = await createStore(tx, deps.storage, {
        ownerId: application.userId,
        name: application.storeName,
        phone: application.phone,
        intro: application.intro,
        logoImage: application.logo,
      }).catch((error: unknown) => {
        // Another store took the name between the check and the insert (two approvals at once).
        if (violates(error, "stores_name_unique"))
          throw new DomainError("conflict", "errors.merchant.nameTaken");
        throw error;
      });
      await markApproved(tx, application, operatorId, storeId);
      await makeMerchant(tx, application.userId);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "merchant.approve",
        subject: { type: "application", id: application.id },
        before: { status: "pending" },
        after: { status: "approved", storeId },
      });
      return { id: application.id, status: "approved" as const, storeId };
    },
  );
}

/**
 * An operator suspends a store (with a reason the merchant reads) or reinstates it. A suspended store leaves
 * the shop street, search and every list, and its listings cannot be bought; orders already paid still run
 * to completion. Audited; a repeated tap does it once.
 */
export async function changeStoreStatus(
  db: Db,
  operatorId: string,
  input: { storeId: string; suspend: boolean; reason: string | null; idempotencyKey: string },
): Promise<{ storeId: string; status: "approved" | "suspended" }> {
  const status = input.suspend ? ("suspended" as const) : ("approved" as const);
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.merchants.storeStatus",
      request: { storeId: input.storeId, status, reason: input.reason },
    },
    async (tx) => {
      const { before } = await setStoreStatus(tx, input.storeId, status, input.reason);
      await setStoreOpen(tx, input.storeId, !input.suspend);
      await recordAudit(tx, {
        actorId: operatorId,
        action: input.suspend ? "store.suspend" : "store.reinstate",
        subject: { type: "store", id: input.storeId },
        before: { status: before },
        after: { status, reason: input.reason },
      });
      return { storeId: input.storeId, status };
    },
  );
}
