import { finalShipmentStatuses, type ShipmentStatus } from "#common/shipping.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import type { TrackingStep } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  closeProblems,
  dateEvent,
  insertEventsOnce,
  lockProblem,
  resolveProblemRow,
  selectEvents,
  selectLatestEvent,
  updateShipment,
  upsertProblem,
  type CourierProblemRow,
  type ShipmentRow,
} from "./shipping.queries.ts";

/** The shipping module's records, for the flows and reads above it (rule 4: only through the service). */
export {
  insertShipment,
  lockShipments,
  selectByProviderId,
  selectCodUnremitted,
  selectRemittances,
  remittanceExists,
  selectOutbound,
  selectRequestShipment,
  selectShipment,
  selectShipmentsOf,
  selectOpenProblems,
  updateShipment,
  type CourierProblemRow,
  type ShipmentEventRow,
  type ShipmentRow,
} from "./shipping.queries.ts";

/**
 * Records a shipment's tracking steps, each once, in the caller's transaction (the shipment's row locked by
 * it). Steps come twice, late and out of order, by webhook and by polling: the shipment's status is the step
 * that happened last, and a status couriers do not leave (delivered, returned, lost, cancelled) is kept.
 * Answers the status the shipment moved to, or null when it did not move.
 */
export async function recordSteps(
  tx: Tx,
  shipment: ShipmentRow,
  steps: readonly TrackingStep[],
): Promise<{ movedTo: ShipmentStatus | null; at: Date | null }> {
  const at = now();
  // A step without the courier's time is dated when it arrived, so a resent webhook would look new each time:
  // it is kept once per courier status (whatever else is resent, the first arrival stands), and the courier's
  // own time for that status, once tracking tells it, replaces the shop's (issue 40).
  const known = await selectEvents(tx, shipment.id);
  const fresh: TrackingStep[] = [];
  for (const step of steps) {
    const same = known.filter((e) => e.providerStatus === step.providerStatus);
    if (step.undated) {
      if (same.length === 0 && !fresh.some((f) => f.providerStatus === step.providerStatus)) fresh.push(step);
      continue;
    }
    if (same.some((e) => e.dated && e.at.getTime() === step.at.getTime())) continue;
    const guess = same.find((e) => !e.dated);
    if (guess) {
      await dateEvent(tx, guess.id, step.at, step.note.slice(0, 500));
      guess.dated = true;
      guess.at = step.at;
      continue;
    }
    fresh.push(step);
  }
  await insertEventsOnce(
    tx,
    fresh.map((s) => ({
      shipmentId: shipment.id,
      status: s.status,
      providerStatus: s.providerStatus,
      note: s.note.slice(0, 500),
      at: s.at,
      dated: !s.undated,
      recordedAt: at,
    })),
  );
  if (finalShipmentStatuses.includes(shipment.status)) return { movedTo: null, at: null };
  const latest = await selectLatestEvent(tx, shipment.id);
  if (!latest || latest.status === shipment.status) return { movedTo: null, at: null };
  await updateShipment(tx, shipment.id, {
    status: latest.status,
    updatedAt: at,
    ...(latest.status === "delivered" ? { deliveredAt: latest.at } : {}),
  });
  return { movedTo: latest.status, at: latest.at };
}

/**
 * The most a courier may keep of a COD parcel's cash as its fee: what it named at booking, and always less than
 * what it collected (0 when it named none, or the parcel collects nothing).
 */
export function allowedCodFee(shipment: Pick<ShipmentRow, "codAmount" | "codCourierFee">): number {
  if (shipment.codAmount === null) return 0;
  return Math.max(0, Math.min(shipment.codCourierFee ?? 0, shipment.codAmount - 1));
}

/** What a courier problem records (issue 40): whose booking, and what the operator should know. */
export interface CourierProblem {
  provider: ShipmentRow["provider"];
  kind: CourierProblemRow["kind"];
  providerShipmentId: string;
  shipmentId?: string | null;
  orderId?: string | null;
  providerStatus?: string | null;
  waybill?: string | null;
  detail?: string;
}

/** Records a courier problem for the operator, or counts it again while it is still open. */
export async function recordProblem(db: Db | Tx, problem: CourierProblem): Promise<void> {
  const at = now();
  await upsertProblem(db, {
    provider: problem.provider,
    kind: problem.kind,
    providerShipmentId: problem.providerShipmentId.slice(0, 200),
    shipmentId: problem.shipmentId ?? null,
    orderId: problem.orderId ?? null,
    providerStatus: problem.providerStatus?.slice(0, 100) ?? null,
    waybill: problem.waybill?.slice(0, 100) ?? null,
    detail: (problem.detail ?? "").slice(0, 1000),
    firstAt: at,
    lastAt: at,
  });
}

/** A parcel the shop did not know is known now (its webhook applied): its open problem closes by itself. */
export function closeUnknownProblem(
  db: Db | Tx,
  provider: ShipmentRow["provider"],
  providerShipmentId: string,
): Promise<number> {
  return closeProblems(db, { provider, kind: "unknown_shipment", providerShipmentId }, now(), null);
}

/** The operator marks a courier problem handled (they cancelled the booking at the courier, or checked it). Audited. */
export async function resolveProblem(db: Db, operatorId: string, id: number): Promise<void> {
  await transact(db, async (tx) => {
    const problem = await lockProblem(tx, id);
    if (!problem) throw new DomainError("not_found", "errors.shipping.problemNotFound");
    if (problem.resolvedAt) return;
    await resolveProblemRow(tx, id, now(), operatorId);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "courier_problem.resolve",
      subject: { type: "courier_problem", id: String(id) },
      before: { kind: problem.kind, providerShipmentId: problem.providerShipmentId },
      after: { resolved: true },
    });
  });
}
