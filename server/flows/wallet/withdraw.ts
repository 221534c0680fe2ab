import type { Proof } from "#common/contracts/auth.ts";
import { formatRupiah } from "#common/money.ts";
import { refuseFrozen } from "../../modules/auth/freeze.service.ts";
import { checkProof, type ProofDeps } from "../../modules/auth/proof.ts";
import { securityNotice } from "../security-notice.ts";
import { move, once } from "../../modules/ledger/ledger.service.ts";
import { getMoneySettings } from "../../modules/settings/settings.service.ts";
import { insertWithdrawal, selectBankCard } from "../../modules/wallet/wallet.service.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { payoutHoldUntil } from "../../read/payout-hold.ts";

/**
 * Requests a withdrawal of `amount` to the bound card: at least the minimum, at most the balance; the fee
 * (from settings, taken from the amount) is what was shown. The amount is held at once. Idempotent by key. Issue 43:
 * asks for the payment PIN; never from a frozen account, nor within 24 hours of the bank account being added or the
 * PIN being reset (the payout hold).
 */
export async function requestWithdrawal(
  deps: ProofDeps,
  userId: string,
  input: { amount: number; proof: Proof; idempotencyKey: string },
): Promise<{ id: string }> {
  await checkProof(deps, userId, input.proof, securityNotice);
  const { db } = deps;
  const settings = await getMoneySettings(db);
  return once(
    db,
    { userId, key: input.idempotencyKey, operation: "wallet.withdraw", request: { amount: input.amount } },
    async (tx) => {
      await refuseFrozen(tx, userId);
      const card = await selectBankCard(tx, userId);
      if (!card) throw new DomainError("precondition_failed", "errors.withdraw.bindBankFirst");
      const heldUntil = await payoutHoldUntil(tx, userId, card);
      if (heldUntil) {
        const hours = Math.ceil((heldUntil.getTime() - now().getTime()) / 3_600_000);
        throw new DomainError("precondition_failed", "errors.withdraw.onHold", { count: hours });
      }
      if (input.amount < settings.withdrawMin) {
        throw new DomainError("bad_request", "errors.withdraw.belowMin", {
          min: formatRupiah(settings.withdrawMin),
        });
      }
      const id = newId("wdr", now().getTime());
      const [holdId] = await move(
        tx,
        [
          {
            from: { wallet: userId },
            to: { platform: "payouts_pending" },
            amount: input.amount,
            kind: "withdrawal",
            subject: { type: "withdrawal", id },
            step: "hold",
          },
        ],
        userId,
      );
      await insertWithdrawal(tx, {
        id,
        userId,
        amount: input.amount,
        fee: settings.withdrawFee,
        accountName: card.accountName,
        bankCode: card.bankCode,
        accountNumber: card.accountNumber,
        holdTransferId: holdId!,
        createdAt: now(),
      });
      return { id };
    },
  );
}
