import { type AfterSalesView } from "#common/contracts/returns.ts";
import { type StoredImage } from "#common/images.ts";
import { type AfterSalesKind, type ReturnReason } from "#common/order-states.ts";
import { transact } from "../../db/transaction.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  insertReturn,
  lockReturn,
  orderEvent,
  updateReturn,
} from "../../modules/orders/orders.service.ts";
import { checkRequest, type Deps } from "../../modules/orders/returns.service.ts";
import { afterSalesView as oneView } from "../../read/after-sales.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { imageKinds, storeUpload } from "../../platform/images.ts";
import { type Logger } from "../../platform/logger.ts";

/**
 * The shopper asks to return or replace an item of their completed order within its window, with a reason
 * category (it decides who pays a return's postage), a reason and up to three photos (stored resized after a first check). One request per item; a repeated tap makes one.
 */
export async function requestAfterSales(
  deps: Deps & { log: Logger },
  userId: string,
  input: {
    orderId: string;
    variantId: string;
    kind: AfterSalesKind;
    category: ReturnReason;
    quantity: number;
    reason: string;
    photos: File[];
    idempotencyKey: string;
  },
): Promise<AfterSalesView> {
  const request = {
    orderId: input.orderId,
    variantId: input.variantId,
    kind: input.kind,
    quantity: input.quantity,
  };
  await transact(deps.db, (tx) => checkRequest(tx, userId, request));
  const images: StoredImage[] = [];
  for (const photo of input.photos) images.push(await storeUpload(deps, imageKinds.shopperPhoto, photo));
  const id = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.afterSales",
      request: { ...request, reason: input.reason, category: input.category },
    },
    async (tx) => {
      const { order, item } = await checkRequest(tx, userId, request);
      const at = now();
      const returnId = newId("ret");
      await insertReturn(tx, {
        id: returnId,
        orderId: order.id,
        listingId: item.listingId,
        variantId: item.variantId,
        userId,
        storeId: order.storeId,
        kind: input.kind,
        quantity: input.quantity,
        reason: input.reason,
        category: input.category,
        images,
        createdAt: at,
        updatedAt: at,
      });
      await insertEvents(tx, [
        orderEvent(order.id, "return_requested", "shopper", userId, {
          listingId: item.listingId,
          variantId: item.variantId,
          note: input.reason,
        }),
      ]);
      return returnId;
    },
  );
  return oneView(deps, id);
}

/** The refused shopper asks the operator to decide. */
export async function escalateAfterSales(
  deps: Deps,
  userId: string,
  input: { id: string; note: string; idempotencyKey: string },
): Promise<AfterSalesView> {
  await once(
    deps.db,
    { userId, key: input.idempotencyKey, operation: "orders.escalate", request: { id: input.id } },
    async (tx) => {
      const row = await lockReturn(tx, input.id);
      if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.returns.notFound");
      if (row.status !== "refused") throw new DomainError("conflict", "errors.returns.notRefused");
      await updateReturn(tx, row.id, { status: "escalated", escalation: input.note, updatedAt: now() });
      await insertEvents(tx, [
        orderEvent(row.orderId, "return_escalated", "shopper", userId, {
          listingId: row.listingId,
          variantId: row.variantId,
          note: input.note,
        }),
      ]);
      return row.id;
    },
  );
  return oneView(deps, input.id);
}
