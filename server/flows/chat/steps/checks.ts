// What every message written in the chat is checked for: who may write (a store open to shoppers and not the
// writer's own; a store's owner while it is not suspended) and how fast (per sender and address).
import type { Locale } from "#common/locales.ts";
import type { Db } from "../../../db/client.ts";
import { DomainError } from "../../../platform/errors.ts";
import type { Logger } from "../../../platform/logger.ts";
import { RateLimitedError, type RateLimits } from "../../../platform/rate-limit.ts";
import type { Storage } from "../../../platform/storage.ts";
import { chatNotFound, ownStore, storeParty } from "../../../read/chat.ts";

export interface ChatDeps {
  db: Db;
  storage: Storage;
  log: Logger;
  lang: Locale;
  limits: RateLimits;
  clientIp: string;
}

/** One more message (or report) from this sender, or a translated "too fast". */
export async function pace(deps: ChatDeps, userId: string, limit: "chatSend" | "chatReport" = "chatSend") {
  try {
    await deps.limits.consume(limit, { account: userId, ip: deps.clientIp });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new DomainError("too_many_requests", "errors.chat.tooFast", { seconds: error.seconds });
    }
    throw error;
  }
}

/** The store a shopper writes to: it exists, is open, and is not their own. */
export async function storeToWrite(deps: ChatDeps, shopperId: string, storeId: string) {
  const store = await storeParty(deps, storeId);
  if (!store) throw chatNotFound();
  if (store.ownerId === shopperId) throw new DomainError("bad_request", "errors.chat.ownStore");
  if (store.status !== "approved") throw new DomainError("precondition_failed", "errors.chat.storeClosed");
  return store;
}

/** The store its owner answers for: NOT_FOUND without one, refused while it is suspended. */
export async function storeMayWrite(db: Db, ownerId: string) {
  const store = await ownStore(db, ownerId);
  if (!store) throw chatNotFound();
  if (store.status !== "approved") throw new DomainError("forbidden", "errors.chat.storeSuspended");
  return store;
}
