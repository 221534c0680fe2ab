import { bankByCode, maskAccountNumber } from "#common/banks.ts";
import type { FundType, TransferMemoKey } from "#common/contracts/ledger.ts";
import type {
  BankCardInput,
  BankCardView,
  FundRecordView,
  RechargeView,
  WithdrawalView,
} from "#common/contracts/wallet.ts";
import type { Locale } from "#common/locales.ts";
import { formatRupiah } from "#common/money.ts";
import { isDatabaseUnavailable, type Db, type Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { pageOf } from "../../platform/pages.ts";
import type { Logger } from "../../platform/logger.ts";
import type { GatewayNotification, PaymentGateway } from "../../platform/payments.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { scheduleJob } from "../jobs/jobs.service.ts";
import { move, once, walletBalance, walletHeld, walletHistory } from "../ledger/ledger.service.ts";
import { getMoneySettings } from "../settings/settings.service.ts";
import {
  countWithdrawals,
  decideWithdrawal,
  deleteBankCard,
  insertRecharge,
  insertWithdrawal,
  selectBankCard,
  selectRecharge,
  selectRechargeByPayment,
  selectRecharges,
  selectUnpaidRecharges,
  selectWithdrawal,
  selectWithdrawals,
  setRechargePayment,
  updateRechargeStatus,
  upsertBankCard,
  type RechargeRow,
  type WithdrawalRow,
} from "./wallet.queries.ts";

/**
 * The wallet every user has: balance and fund history (from the ledger), the bank card withdrawals are paid
 * to, withdrawals (held at once, then paid out or returned by an operator) and recharges through the payment
 * gateway. Money moves only through the ledger's `move`, inside the transaction that changes the record.
 */

// ---------------------------------------------------------------------------------------------- balance

export async function walletSummary(db: Db, userId: string) {
  const [balance, pendingWithdrawals] = await Promise.all([
    walletBalance(db, userId),
    walletHeld(db, userId),
  ]);
  return { balance, pendingWithdrawals };
}

/** An id's time-ordered part (after its prefix): transfers and recharges compare by it. */
const timePart = (id: string) => id.slice(id.indexOf("_") + 1);

/**
 * A wallet's fund records, newest first, a page at a time: the ledger's transfers, and the recharges that
 * were never paid (they moved no money, but the user asked for them and sees what became of them). The
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
    entry: r.status === "expired" ? "recharge_expired" : "recharge_cancelled",
    amount: 0,
    asked: r.amount,
    subjectType: "recharge",
    subjectId: r.id,
    state: r.status === "expired" ? "expired" : "cancelled",
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

// ------------------------------------------------------------------------------------------ bank card

function cardView(row: {
  accountName: string;
  bankCode: string;
  accountNumber: string;
  updatedAt: Date;
}): BankCardView {
  return {
    accountName: row.accountName,
    bankCode: row.bankCode,
    bankName: bankByCode(row.bankCode)?.name ?? row.bankCode,
    maskedNumber: maskAccountNumber(row.accountNumber),
    updatedAt: row.updatedAt,
  };
}

export async function getBankCard(db: Db, userId: string): Promise<BankCardView | null> {
  const row = await selectBankCard(db, userId);
  return row ? cardView(row) : null;
}

/** Binds (or changes) the user's bank account. The input is already validated by its schema. */
export async function saveBankCard(db: Db, userId: string, input: BankCardInput): Promise<BankCardView> {
  if (!bankByCode(input.bankCode)) throw new DomainError("bad_request", "errors.bank.selectBank");
  await upsertBankCard(db, { userId, ...input }, now());
  return (await getBankCard(db, userId))!;
}

export async function removeBankCard(db: Db, userId: string): Promise<void> {
  if (!(await deleteBankCard(db, userId))) throw new DomainError("not_found", "errors.bank.none");
}

// ---------------------------------------------------------------------------------------- withdrawals

function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    amount: row.amount,
    fee: row.fee,
    payout: row.amount - row.fee,
    bankName: bankByCode(row.bankCode)?.name ?? row.bankCode,
    maskedNumber: maskAccountNumber(row.accountNumber),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

export async function withdrawForm(db: Db, userId: string) {
  const [balance, settings, card] = await Promise.all([
    walletBalance(db, userId),
    getMoneySettings(db),
    getBankCard(db, userId),
  ]);
  return { balance, min: settings.withdrawMin, fee: settings.withdrawFee, card };
}

/**
 * Requests a withdrawal of `amount` to the bound card: at least the minimum, at most the balance; the fee
 * (from settings, taken from the amount) is what was shown. The amount is held at once. Idempotent by key.
 */
export async function requestWithdrawal(
  db: Db,
  userId: string,
  input: { amount: number; idempotencyKey: string },
): Promise<{ id: string }> {
  const settings = await getMoneySettings(db);
  return once(
    db,
    { userId, key: input.idempotencyKey, operation: "wallet.withdraw", request: { amount: input.amount } },
    async (tx) => {
      const card = await selectBankCard(tx, userId);
      if (!card) throw new DomainError("precondition_failed", "errors.withdraw.bindBankFirst");
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

export async function getWithdrawal(db: Db, userId: string, id: string): Promise<WithdrawalView> {
  const row = await selectWithdrawal(db, id);
  if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.withdraw.notFound");
  return withdrawalView(row);
}

export async function myWithdrawals(db: Db, userId: string, opts: { cursor?: string | null; limit: number }) {
  const rows = await selectWithdrawals(db, { userId, before: opts.cursor ?? undefined, limit: opts.limit });
  const page = pageOf(rows, opts.limit);
  return { items: page.items.map(withdrawalView), nextCursor: page.nextCursor };
}

/** The operator's queue and history: with the user and the full account number, to pay it. */
export async function operatorWithdrawals(
  db: Db,
  opts: { status?: WithdrawalRow["status"]; cursor?: string | null; limit: number },
) {
  const rows = await selectWithdrawals(db, {
    status: opts.status,
    before: opts.cursor ?? undefined,
    limit: opts.limit,
  });
  return pageOf(rows, opts.limit);
}

/** How many withdrawals wait for an operator's decision (the dashboard's queue). */
export function pendingWithdrawalCount(db: Db): Promise<number> {
  return countWithdrawals(db, "pending");
}

/**
 * Separation of duties: no operator decides anything about money of their own account (an adjustment, a
 * withdrawal). The refusal is audited in a statement of its own (the action's transaction never starts), so
 * the log shows who tried.
 */
async function refuseOwnAccount(
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
      return { id: row.id, status: "rejected" as const };
    },
  );
}

async function alreadyDecided(tx: Tx, id: string): Promise<DomainError> {
  const row = await selectWithdrawal(tx, id);
  return row
    ? new DomainError("conflict", "errors.ops.alreadyDecided")
    : new DomainError("not_found", "errors.withdraw.notFound");
}

// ------------------------------------------------------------------------------------------ recharges

export const rechargeExpireJob = "recharge.expire";

function rechargeView(row: RechargeRow): RechargeView {
  return {
    id: row.id,
    amount: row.amount,
    method: row.method,
    status: row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    completedAt: row.completedAt,
    // Where an unpaid recharge is paid, for a shopper who came back before paying.
    paymentUrl: row.status === "pending" ? row.gatewayRedirectUrl : null,
  };
}

export async function rechargeForm(db: Db) {
  const s = await getMoneySettings(db);
  return {
    min: s.rechargeMin,
    max: s.rechargeMax,
    presets: s.rechargePresets,
    methods: ["sandbox" as const],
    paymentWindowMinutes: s.paymentWindowMinutes,
  };
}

export interface RechargeDeps {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  lang: Locale;
}

/** The shop's page a shopper returns to from the gateway, in their language. */
function returnUrl(deps: RechargeDeps, id: string): string {
  const prefix = deps.lang === "ind" ? "" : `/${deps.lang}`;
  return `${deps.publicUrl}${prefix}/h5/merchant/recharge?result=${encodeURIComponent(id)}`;
}

/**
 * Starts a recharge: a pending record with its payment window (settings), expired by a job when unpaid;
 * then the gateway's payment for it. Idempotent by key: a repeat answers the same recharge and payment page.
 */
export async function startRecharge(
  deps: RechargeDeps,
  userId: string,
  input: { amount: number; method: "sandbox"; idempotencyKey: string },
): Promise<{ id: string; redirectUrl: string }> {
  const settings = await getMoneySettings(deps.db);
  if (input.amount < settings.rechargeMin || input.amount > settings.rechargeMax) {
    throw new DomainError("bad_request", "errors.recharge.outOfRange", {
      min: formatRupiah(settings.rechargeMin),
      max: formatRupiah(settings.rechargeMax),
    });
  }
  const { id } = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "wallet.recharge",
      request: { amount: input.amount, method: input.method },
    },
    async (tx) => {
      const id = newId("rch", now().getTime());
      const expiresAt = new Date(now().getTime() + settings.paymentWindowMinutes * 60_000);
      await insertRecharge(tx, {
        id,
        userId,
        amount: input.amount,
        method: input.method,
        createdAt: now(),
        expiresAt,
      });
      await scheduleJob(tx, rechargeExpireJob, id, expiresAt);
      return { id };
    },
  );
  const recharge = (await selectRecharge(deps.db, id))!;
  if (recharge.gatewayPaymentId && recharge.gatewayRedirectUrl) {
    return { id, redirectUrl: recharge.gatewayRedirectUrl };
  }
  // Outside the transaction: a gateway is another system (and PGlite has one connection). The gateway
  // answers one payment per reference, so a repeat after a failure here finds the same payment.
  const payment = await deps.gateway
    .createPayment({
      reference: id,
      amount: recharge.amount,
      returnUrl: returnUrl(deps, id),
      notifyUrl: `${deps.publicUrl}/payments/notify/${deps.gateway.provider}`,
      expiresAt: recharge.expiresAt,
      lang: deps.lang,
    })
    .catch((error: unknown) => {
      // The shop's own database away stays a 503; a gateway that refused or failed is "Payment failed" (the
      // recharge stays pending, and pressing again with the same key asks the gateway again).
      if (isDatabaseUnavailable(error)) throw error;
      throw new DomainError("failed", "errors.money.paymentFailed");
    });
  await setRechargePayment(deps.db, id, payment.paymentId, payment.redirectUrl);
  return { id, redirectUrl: payment.redirectUrl };
}

export async function getRecharge(db: Db, userId: string, id: string): Promise<RechargeView> {
  const row = await selectRecharge(db, id);
  if (!row || row.userId !== userId) throw new DomainError("not_found", "errors.recharge.notFound");
  return rechargeView(row);
}

export async function operatorRecharges(
  db: Db,
  opts: { status?: RechargeRow["status"]; cursor?: string | null; limit: number },
) {
  const rows = await selectRecharges(db, {
    status: opts.status,
    before: opts.cursor ?? undefined,
    limit: opts.limit,
  });
  return pageOf(rows, opts.limit);
}

/**
 * A verified gateway notification for a recharge (the flow checks the signature and routes it here by its
 * reference). It must name the recharge by the gateway's payment id, with the same reference, amount and
 * currency. "paid" completes the recharge and credits the wallet once (also after expiry: the money was
 * taken); "cancelled" cancels a pending one. Repeats change nothing.
 */
export async function applyRechargePayment(
  deps: { db: Db; log: Logger },
  n: GatewayNotification,
): Promise<"applied" | "unchanged" | "mismatch"> {
  const recharge = await selectRechargeByPayment(deps.db, n.paymentId);
  if (!recharge || recharge.id !== n.reference || recharge.amount !== n.amount || n.currency !== "IDR") {
    deps.log.warn({ paymentId: n.paymentId }, "payment notification does not match its recharge; refused");
    return "mismatch";
  }
  return transact(deps.db, async (tx) => {
    if (n.status === "cancelled") {
      return (await updateRechargeStatus(tx, recharge.id, ["pending"], "cancelled", now()))
        ? "applied"
        : "unchanged";
    }
    const done = await updateRechargeStatus(tx, recharge.id, ["pending", "expired"], "completed", now());
    if (!done) return "unchanged";
    await move(
      tx,
      [
        {
          from: { platform: "gateway_clearing" },
          to: { wallet: recharge.userId },
          amount: recharge.amount,
          kind: "recharge",
          subject: { type: "recharge", id: recharge.id },
          step: "credit",
        },
      ],
      null,
    );
    return "applied";
  });
}

/** The `recharge.expire` job: a recharge still unpaid when its window closes expires. */
export async function expireRecharge(tx: Tx, id: string): Promise<void> {
  await updateRechargeStatus(tx, id, ["pending"], "expired", now());
}

// ---------------------------------------------------------------------------------------- adjustments

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
    { reason: string; memoKey?: undefined } | { memoKey: TransferMemoKey; reason?: undefined }
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
