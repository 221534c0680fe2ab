// Operator decisions that write to several modules in one transaction: approving an application (the
// application, a new store, the user's role) and suspending or reinstating a store (the store, its listings).
import type { Db, Tx } from "../db/client.ts";
import { violates } from "../db/transaction.ts";
import type { Storage } from "../platform/storage.ts";
import { recordAudit } from "../modules/audit/audit.service.ts";
import { makeMerchant } from "../modules/auth/auth.service.ts";
import { setStoreOpen } from "../modules/catalog/catalog.service.ts";
import { isTopCategory } from "../modules/catalog/categories.service.ts";
import {
  changeListing,
  listInStore,
  storeListing,
  type ListingChange,
  type ListingPrices,
} from "../modules/catalog/merchant-listings.service.ts";
import { once } from "../modules/ledger/ledger.service.ts";
import { notifyUser } from "../modules/notifications/inbox.service.ts";
import {
  applicationView,
  fileApplication,
  latestApplication,
  lockPendingApplication,
  markApproved,
  markRejected,
  pendingNameExists,
} from "../modules/merchants/merchants.service.ts";
import { createStore, setStoreStatus, storeNameTaken } from "../modules/stores/stores.service.ts";
import type { ApplicationFields, ApplicationView, OwnListingView } from "#common/contracts/merchants.ts";
import type { Role } from "#common/contracts/auth.ts";
import type { Locale } from "#common/locales.ts";
import { now } from "../platform/clock.ts";
import { DomainError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { imageKinds, storeUpload } from "../platform/images.ts";
import type { Logger } from "../platform/logger.ts";
import { requireStore } from "../read/merchant-centre.ts";

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
      // The applicant is told (issue 44), with the approval: a refused one tells nobody.
      await notifyUser(tx, {
        userId: application.userId,
        category: "account",
        kind: "merchantApproved",
        params: { store: application.storeName },
        link: "/h5/merchant",
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

/** Whether a store name is free: no store has it and no one else's application awaiting review asks for it. */
async function nameFree(db: Db | Tx, name: string, userId: string): Promise<boolean> {
  return !(await storeNameTaken(db, name)) && !(await pendingNameExists(db, name, userId));
}

/**
 * A shopper applies to run a store. Refused for merchants and operators, while another application of theirs
 * awaits review, and when the store name is taken (by a store, or by someone else's application awaiting
 * review). The logo, if any, is stored first (files are named by content, so a retry writes nothing twice).
 */
export async function applyForStore(
  deps: { db: Db; storage: Storage; log: Logger },
  user: { id: string; role: Role },
  input: { fields: ApplicationFields; logo: Blob | null },
): Promise<ApplicationView> {
  if (user.role === "merchant") throw new DomainError("conflict", "errors.merchant.already");
  if (user.role !== "shopper") throw new DomainError("forbidden", "errors.api.forbidden");
  const { fields } = input;
  if (!(await isTopCategory(deps.db, fields.categoryId)))
    throw new DomainError("bad_request", "errors.merchant.category");
  const latest = await latestApplication(deps.db, user.id);
  if (latest?.status === "pending") throw new DomainError("conflict", "errors.merchant.pending");
  if (!(await nameFree(deps.db, fields.storeName, user.id)))
    throw new DomainError("conflict", "errors.merchant.nameTaken");
  const logo = input.logo ? await storeUpload(deps, imageKinds.storeLogo, input.logo) : null;
  const row = await fileApplication(deps.db, {
    id: newId("app"),
    userId: user.id,
    storeName: fields.storeName,
    phone: fields.phone,
    logo,
    intro: fields.intro,
    ownerName: fields.ownerName,
    categoryId: fields.categoryId,
    createdAt: now(),
  });
  return applicationView(row, deps.storage);
}

/** An operator rejects an application with a reason the applicant reads; they may apply again. Audited. */
export async function rejectApplication(
  db: Db,
  operatorId: string,
  input: { id: string; reason: string; idempotencyKey: string },
): Promise<{ id: string; status: "rejected" }> {
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.merchants.reject",
      request: { id: input.id, reason: input.reason },
    },
    async (tx) => {
      const row = await lockPendingApplication(tx, input.id);
      await markRejected(tx, row, operatorId, input.reason);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "merchant.reject",
        subject: { type: "application", id: row.id },
        before: { status: "pending" },
        after: { status: "rejected", reason: input.reason },
      });
      await notifyUser(tx, {
        userId: row.userId,
        category: "account",
        kind: "merchantRejected",
        params: { store: row.storeName, reason: input.reason },
        link: "/h5/merchant/apply",
      });
      return { id: row.id, status: "rejected" as const };
    },
  );
}

/**
 * The caller's store lists a supply product at its own prices (not below the merchant price): one for every
 * variant, or one per variant it sells.
 */
export async function listProduct(
  deps: { db: Db; storage: Storage; lang: Locale },
  ownerId: string,
  input: { supplyProductId: string } & ListingPrices,
): Promise<OwnListingView> {
  const store = await requireStore(deps.db, ownerId, true);
  const id = await listInStore(deps.db, { storeId: store.id, ...input }, deps.lang);
  return storeListing(deps, store.id, id);
}

/** The caller's store changes a listing's prices, puts a variant on or off sale, or delists or relists it. */
export async function updateListing(
  deps: { db: Db; storage: Storage; lang: Locale },
  ownerId: string,
  listingId: string,
  change: ListingChange,
): Promise<OwnListingView> {
  const store = await requireStore(deps.db, ownerId, true);
  return changeListing(deps, store.id, listingId, change);
}
