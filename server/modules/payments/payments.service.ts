import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { encode } from "uqr";
import type { AttemptView, eventOutcomes } from "#common/contracts/payments.ts";
import type { MoneySettings } from "#common/contracts/settings.ts";
import { channelWindowMinutes, type PaymentChannel } from "#common/payment-channels.ts";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import type { PaymentGateway, ProviderStatus } from "../../platform/payments.ts";
import { insertEvent, selectAttempt, type AttemptRow } from "./payments.queries.ts";

export {
  addRefunded,
  insertAttempt,
  insertRefund,
  lockAttempt,
  lockRefund,
  selectAttempt,
  selectAttemptPage,
  selectAttemptsBetween,
  selectAttemptsOf,
  selectAttemptsOfSubjects,
  selectEventPage,
  selectReconciliations,
  selectPendingBefore,
  selectRefund,
  selectRefundsOfOrders,
  selectUnappliedEvents,
  setAttemptAction,
  updateAttemptStatus,
  updateRefund,
  upsertReconciliation,
  type AttemptRow,
  type AttemptStatus,
  type RefundRow,
} from "./payments.queries.ts";
export type { ReconciliationDifference } from "./payments.tables.ts";

/** The job that asks the provider about an attempt still pending (missed or late notifications). */
export const attemptCheckJob = "payment.check";
/** The job that cancels, at the provider, an attempt the shopper left for another method. */
export const attemptCancelJob = "payment.cancel";
/** The job that sends a refund to the provider (and to the wallet if the provider refuses it). */
export const refundJob = "payment.refund";

/**
 * The fee a channel adds to an amount, as the operator set it (a fixed part plus basis points of the
 * amount, rounded up to the rupiah); 0 when none is set.
 */
export function channelFee(settings: MoneySettings, channel: PaymentChannel, amount: number): number {
  const fee = settings.channelFees?.[channel];
  if (!fee) return 0;
  return fee.fixed + Math.ceil((amount * fee.basisPoints) / 10_000);
}

/**
 * The channels a checkout or recharge offers: the provider's, with their fees for an amount and how long the
 * shopper has to pay by each.
 */
export function channelOffers(gateway: PaymentGateway, settings: MoneySettings, amount: number) {
  return gateway.channels.map((channel) => ({
    channel,
    fee: channelFee(settings, channel, amount),
    feeRule: settings.channelFees?.[channel] ?? { fixed: 0, basisPoints: 0 },
    refundable: gateway.refundable(channel),
    windowMinutes: channelWindowMinutes(settings, channel),
  }));
}

/**
 * The QRs drawn lately: the method screen asks for its attempt every few seconds while it waits, and drawing
 * the same QR again each time would be the poll's largest cost.
 */
const drawnQrs = new LRUCache<string, string>({ max: 500 });

/** A QR as compact SVG: one path of horizontal runs, with a quiet zone of 4 modules. */
export function qrSvg(text: string): string {
  const drawn = drawnQrs.get(text);
  if (drawn) return drawn;
  const svg = drawQr(text);
  drawnQrs.set(text, svg);
  return svg;
}

function drawQr(text: string): string {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  for (let y = 0; y < size; y++) {
    const row = data[y]!;
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (x + run < size && row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** An attempt as its method screen shows it; undefined until the provider has answered how to pay it. */
export function attemptView(
  row: AttemptRow,
  extra: { orderIds: string[]; subjectOpen: boolean; simulateUrl: string | null; buyAgain: string[] },
): Omit<AttemptView, "channels"> | undefined {
  const action = row.action;
  if (!action) return undefined;
  const pending = row.status === "pending" && row.expiresAt.getTime() > now().getTime();
  return {
    id: row.id,
    purpose: row.purpose,
    subjectId: row.subjectId,
    orderIds: extra.orderIds,
    channel: row.channel,
    amount: row.amount,
    fee: row.fee,
    status: row.status === "pending" && !pending ? "expired" : row.status,
    expiresAt: row.expiresAt,
    action: action.type === "qr" ? { ...action, qrSvg: qrSvg(action.qrString) } : action,
    canSwitch: extra.subjectOpen && (pending || row.status !== "paid"),
    simulateUrl: pending ? extra.simulateUrl : null,
    buyAgain: extra.subjectOpen || row.status === "paid" ? [] : extra.buyAgain,
  };
}

/** How much of a body that failed verification is kept, in bytes (with the SHA-256 of the whole). */
export const forgedBodyPrefixBytes = 256;

/**
 * Records what a provider said and what the shop made of it, outside any decision: raw, cut at 16 KB; of
 * one that failed verification only the first 256 bytes and the SHA-256 of the whole body.
 */
export async function recordEvent(
  db: Db | Tx,
  event: {
    provider: AttemptRow["provider"];
    source: "notification" | "check";
    outcome: (typeof eventOutcomes)[number];
    attemptId?: string | null;
    providerStatus?: string | null;
    amount?: number | null;
    body: string;
  },
): Promise<void> {
  await insertEvent(db, {
    id: newId("pev", now().getTime()),
    provider: event.provider,
    source: event.source,
    outcome: event.outcome,
    attemptId: event.attemptId ?? null,
    providerStatus: event.providerStatus ?? null,
    amount: event.amount ?? null,
    ...(event.outcome === "forged"
      ? {
          body: utf8Prefix(event.body, forgedBodyPrefixBytes),
          bodySha256: createHash("sha256").update(event.body).digest("hex"),
        }
      : { body: event.body.slice(0, 16 * 1024) }),
    receivedAt: now(),
  });
}

/** The longest beginning of `text` that is at most `bytes` long in UTF-8, never cutting a character. */
function utf8Prefix(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (used + size > bytes) break;
    used += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

/** An attempt by id, for a flow (undefined when there is none). */
export function findAttempt(db: Db | Tx, id: string): Promise<AttemptRow | undefined> {
  return selectAttempt(db, id);
}

/** Whether a provider status, arriving for an attempt in `current`, is a reversal of a payment. */
export function isReversal(current: AttemptRow["status"], next: ProviderStatus): boolean {
  return current === "paid" && (next === "reversed" || next === "failed");
}
