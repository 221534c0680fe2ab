import { bankByCode } from "#common/banks.ts";
import { type Db } from "../../db/client.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";
import { move, once } from "../../modules/ledger/ledger.service.ts";
import { notifyUser } from "../../modules/notifications/inbox.service.ts";
import { alreadyDecided, decideWithdrawal, selectWithdrawal } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { refuseOwnAccount } from "./adjust.ts";

/** Refuses a decision on a withdrawal the deciding operator asked for (see refuseOwnAccount). */
async function refuseOwnWithdrawal(db: Db, operatorId: string, id: string, action: string): Promise<void> {
  const row = await selectWithdrawal(db, id);
  if (row) await refuseOwnAccount(db, operatorId, row.userId, action, { type: "withdrawal", id });
}

/**
 * An operator paid a withdrawal out: the hold goes to the bank (gateway clearing), the fee to revenue.
 * Once only: a second decision (or a race with another operator) is refused and moves nothing. Never the
 * operator's own withdrawal.
 */
export async function approveWithdrawal(
  db: Db,
  operatorId: string,
  input: { id: string; idempotencyKey: string },
): Promise<{ id: string; status: "paid" }> {
  await refuseOwnWithdrawal(db, operatorId, input.id, "withdrawal.approve");
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.withdrawal.approve",
      request: { id: input.id },
    },
    async (tx) => {
      const row = await decideWithdrawal(tx, input.id, "paid", operatorId, null, now());
      if (!row) throw await alreadyDecided(tx, input.id);
      const subject = { type: "withdrawal" as const, id: row.id };
      await move(
        tx,
        [
          {
            from: { platform: "payouts_pending" },
            to: { platform: "gateway_clearing" },
            amount: row.amount - row.fee,
            kind: "withdrawal",
            subject,
            step: "payout",
            settles: row.holdTransferId,
          },
          ...(row.fee > 0
            ? [
                {
                  from: { platform: "payouts_pending" as const },
                  to: { platform: "revenue" as const },
                  amount: row.fee,
                  kind: "withdrawal" as const,
                  subject,
                  step: "fee",
                  settles: row.holdTransferId,
                },
              ]
            : []),
        ],
        operatorId,
      );
      await recordAudit(tx, {
        actorId: operatorId,
        action: "withdrawal.approve",
        subject,
        before: { status: "pending" },
        after: { status: "paid", payout: row.amount - row.fee, fee: row.fee },
      });
      // Its owner is told (issue 44), in this transaction: a decision rolled back tells nobody.
      await notifyUser(tx, {
        userId: row.userId,
        category: "payments",
        kind: "withdrawalPaid",
        params: { amount: row.amount - row.fee, bank: bankByCode(row.bankCode)?.name ?? row.bankCode },
        link: `/h5/merchant/withdraw?id=${row.id}`,
      });
      return { id: row.id, status: "paid" as const };
    },
  );
}

/**
 * An operator rejected a withdrawal with a reason: the held amount returns to the wallet. Once only; never
 * the operator's own.
 */
export async function rejectWithdrawal(
  db: Db,
  operatorId: string,
  input: { id: string; reason: string; idempotencyKey: string },
): Promise<{ id: string; status: "rejected" }> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError("bad_request", "errors.ops.reasonRequired");
  await refuseOwnWithdrawal(db, operatorId, input.id, "withdrawal.reject");
  return once(
    db,
    {
      userId: operatorId,
      key: input.idempotencyKey,
      operation: "ops.withdrawal.reject",
      request: { id: input.id, reason },
    },
    async (tx) => {
      const row = await decideWithdrawal(tx, input.id, "rejected", operatorId, reason, now());
      if (!row) throw await alreadyDecided(tx, input.id);
      const subject = { type: "withdrawal" as const, id: row.id };
      await move(
        tx,
        [
          {
            from: { platform: "payouts_pending" },
            to: { wallet: row.userId },
            amount: row.amount,
            kind: "withdrawal",
            subject,
            step: "release",
            settles: row.holdTransferId,
            memo: reason,
          },
        ],
        operatorId,
      );
      await recordAudit(tx, {
        actorId: operatorId,
        action: "withdrawal.reject",
        subject,
        before: { status: "pending" },
        after: { status: "rejected", reason },
      });
      await notifyUser(tx, {
        userId: row.userId,
        category: "payments",
        kind: "withdrawalRejected",
        params: { amount: row.amount, reason },
        link: `/h5/merchant/withdraw?id=${row.id}`,
      });
      return { id: row.id, status: "rejected" as const };
    },
  );
}
