import { type z } from "zod";
import type { OpsPaymentEventsInputSchema, OpsPaymentsInputSchema } from "#common/contracts/payments.ts";
import type { Db } from "../db/client.ts";
import {
  selectAttemptPage,
  selectEventPage,
  selectReconciliations,
} from "../modules/payments/payments.service.ts";
import { pageOf } from "../platform/pages.ts";
import { selectAccountNames } from "./operator-views.ts";

/** Payment attempts for the operator, newest first, by status, channel and provider; read only. */
export async function opsPayments(db: Db, input: z.infer<typeof OpsPaymentsInputSchema>) {
  const rows = await selectAttemptPage(db, { ...input, before: input.cursor ?? undefined });
  const page = pageOf(rows, input.limit);
  const names = await selectAccountNames(db, [...new Set(page.items.map((a) => a.userId))]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((a) => ({
      id: a.id,
      user: names.get(a.userId) ?? a.userId,
      purpose: a.purpose,
      subjectId: a.subjectId,
      provider: a.provider,
      channel: a.channel,
      amount: a.amount,
      fee: a.fee,
      refunded: a.refunded,
      status: a.status,
      providerPaymentId: a.providerPaymentId,
      createdAt: a.createdAt,
      paidAt: a.paidAt,
    })),
  };
}

/** Provider events as received (by default only those the shop could not apply), newest first. */
export async function opsPaymentEvents(db: Db, input: z.infer<typeof OpsPaymentEventsInputSchema>) {
  const rows = await selectEventPage(db, { ...input, before: input.cursor ?? undefined });
  const page = pageOf(rows, input.limit);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((e) => ({
      id: e.id,
      provider: e.provider,
      source: e.source,
      outcome: e.outcome,
      attemptId: e.attemptId,
      providerStatus: e.providerStatus,
      amount: e.amount,
      body: e.body.slice(0, 2048),
      bodySha256: e.bodySha256,
      receivedAt: e.receivedAt,
    })),
  };
}

/** The last two weeks' daily reconciliations. */
export async function opsReconciliations(db: Db) {
  const rows = await selectReconciliations(db, 14);
  return {
    items: rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      day: r.day,
      checked: r.checked,
      createdAt: r.createdAt,
      differences: r.differences,
    })),
  };
}
