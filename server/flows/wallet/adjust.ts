import { findUserIdByAccount } from "../../modules/auth/auth.service.ts";
import { type TransferMemoKey } from "#common/contracts/ledger.ts";
import { formatRupiah } from "#common/money.ts";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { move, once, walletBalance } from "../../modules/ledger/ledger.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";

/**
 * Separation of duties: no operator decides anything about money of their own account (an adjustment, a
 * withdrawal). The refusal is audited in a statement of its own (the action's transaction never starts), so
 * the log shows who tried.
 */
export async function refuseOwnAccount(
  db: Db,
  operatorId: string,
  ownerId: string,
  action: string,
  subject: { type: string; id: string },
): Promise<void> {
  if (ownerId !== operatorId) return;
  await recordAudit(db, {
    actorId: operatorId,
    action: `${action}.refused`,
    subject,
    after: { reason: "own account" },
  });
  throw new DomainError("forbidden", "errors.ops.ownAccount");
}

/**
 * An operator's correction of a wallet, with a required reason (fund type `system`): a positive amount
 * credits it, a negative one debits it (never below zero). Audited; idempotent by key. The reason is the
 * operator's text, or, for a credit the shop itself makes (the demo's opening balances), a message key that
 * each reader reads in their own language. Never the operator's own wallet.
 */
export async function adjustWallet(
  db: Db,
  operatorId: string,
  input: { userId: string; amount: number; idempotencyKey: string } & (
    | { reason: string; memoKey?: undefined }
    | { memoKey: TransferMemoKey; reason?: undefined }
  ),
): Promise<{ id: string; balance: number }> {
  const memoKey = input.memoKey;
  const reason = input.reason?.trim();
  if (!reason && !memoKey) throw new DomainError("bad_request", "errors.ops.reasonRequired");
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
    throw new DomainError("bad_request", "errors.ops.adjustAmount");
  }
  const { adjustMax } = await getMoneySettings(db);
  if (Math.abs(input.amount) > adjustMax) {
    throw new DomainError("bad_request", "errors.ops.adjustTooLarge", { max: formatRupiah(adjustMax) });
  }
  await refuseOwnAccount(db, operatorId, input.userId, "wallet.adjust", { type: "user", id: input.userId });
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.wallet.adjust",
      request: { ...input, reason, memoKey, idempotencyKey: undefined },
    },
    async (tx) => {
      const id = newId("trf", now().getTime());
      const before = await walletBalance(tx, input.userId);
      const credit = input.amount > 0;
      await move(
        tx,
        [
          {
            from: credit ? { platform: "adjustments" } : { wallet: input.userId },
            to: credit ? { wallet: input.userId } : { platform: "adjustments" },
            amount: Math.abs(input.amount),
            kind: "system",
            subject: { type: "adjustment", id },
            step: "adjust",
            memo: reason,
            memoKey,
          },
        ],
        operatorId,
      );
      const balance = await walletBalance(tx, input.userId);
      await recordAudit(tx, {
        actorId: operatorId,
        action: "wallet.adjust",
        subject: { type: "user", id: input.userId },
        before: { balance: before },
        after: { balance, amount: input.amount, ...(memoKey ? { memoKey } : { reason }) },
      });
      return { id, balance };
    },
  );
}

/** An adjustment of the wallet of the user with this account (email or phone). */
export async function opsAdjust(
  db: Db,
  operatorId: string,
  input: { account: string; amount: number; reason: string; idempotencyKey: string },
) {
  const userId = await findUserIdByAccount(db, input.account);
  if (!userId) throw new DomainError("not_found", "errors.ops.userNotFound");
  return adjustWallet(db, operatorId, {
    userId,
    amount: input.amount,
    reason: input.reason,
    idempotencyKey: input.idempotencyKey,
  });
}
