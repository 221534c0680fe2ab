import { channelOffers } from "../modules/payments/payments.service.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import { type FundType } from "#common/contracts/ledger.ts";
import { type FundRecordView } from "#common/contracts/wallet.ts";
import { type Db } from "../db/client.ts";
import { walletBalance, walletHeld, walletHistory } from "../modules/ledger/ledger.service.ts";
import { payoutHoldUntil } from "./payout-hold.ts";
import { getMoneySettings } from "../modules/settings/settings.service.ts";
import {
  getBankCard,
  selectBankCard,
  selectUnpaidRecharges,
  timePart,
} from "../modules/wallet/wallet.service.ts";

export async function walletSummary(db: Db, userId: string) {
  const [balance, pendingWithdrawals] = await Promise.all([
    walletBalance(db, userId),
    walletHeld(db, userId),
  ]);
  return { balance, pendingWithdrawals };
}

/**
 * A wallet's fund records, newest first, a page at a time: the ledger's transfers, and the recharges that
 * were not paid (they moved no money, but the user asked for them and sees what became of them: still waiting
 * for a payment, its method cancelled, or expired). The
 * cursor is the last shown record's id; both lists continue from its time part.
 */
export async function fundHistory(
  db: Db,
  userId: string,
  input: { kind?: FundType; cursor?: string | null; limit: number },
): Promise<{ items: FundRecordView[]; nextCursor: string | null }> {
  const after = input.cursor ? timePart(input.cursor) : undefined;
  const [moved, unpaid] = await Promise.all([
    walletHistory(db, userId, { ...input, cursor: after && `trf_${after}` }),
    !input.kind || input.kind === "recharge"
      ? selectUnpaidRecharges(db, userId, { before: after && `rch_${after}`, limit: input.limit })
      : Promise.resolve([]),
  ]);
  const attempts: FundRecordView[] = unpaid.map((r) => ({
    id: r.id,
    kind: "recharge",
    entry:
      r.status === "pending"
        ? "recharge_waiting"
        : r.status === "expired"
          ? "recharge_expired"
          : "recharge_cancelled",
    amount: 0,
    asked: r.amount,
    subjectType: "recharge",
    subjectId: r.id,
    state: r.status === "pending" ? "pending" : r.status === "expired" ? "expired" : "cancelled",
    memo: null,
    memoKey: null,
    at: r.createdAt,
  }));
  const merged = [...moved.items.map((m) => ({ ...m, asked: null })), ...attempts].sort((a, b) =>
    timePart(a.id) < timePart(b.id) ? 1 : -1,
  );
  const items = merged.slice(0, input.limit);
  const more = merged.length > input.limit || moved.nextCursor !== null || unpaid.length > input.limit;
  return { items, nextCursor: more ? (items.at(-1)?.id ?? null) : null };
}

export async function withdrawForm(db: Db, userId: string) {
  const [balance, settings, card, row] = await Promise.all([
    walletBalance(db, userId),
    getMoneySettings(db),
    getBankCard(db, userId),
    selectBankCard(db, userId),
  ]);
  const holdUntil = await payoutHoldUntil(db, userId, row);
  return { balance, min: settings.withdrawMin, fee: settings.withdrawFee, card, holdUntil };
}

export async function rechargeForm(db: Db, gateway: PaymentGateway) {
  const s = await getMoneySettings(db);
  return {
    min: s.rechargeMin,
    max: s.rechargeMax,
    presets: s.rechargePresets,
    channels: channelOffers(gateway, s, s.rechargeMin),
  };
}
