import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max, ne, sql, sum } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { courierProblems, shipmentEvents, shipments } from "./shipping.tables.ts";

type Executor = Db | Tx;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;
export type CourierProblemRow = typeof courierProblems.$inferSelect;

export async function insertShipment(db: Executor, row: typeof shipments.$inferInsert): Promise<void> {
  await db.insert(shipments).values(row);
}

export async function selectShipment(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<ShipmentRow | undefined> {
  const query = db.select().from(shipments).where(eq(shipments.id, id));
  return (forUpdate ? await query.for("update") : await query)[0];
}

/** An order's outbound shipment still standing (not cancelled), if any. */
export async function selectOutbound(db: Executor, orderId: string): Promise<ShipmentRow | undefined> {
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.orderId, orderId), eq(shipments.kind, "outbound"), ne(shipments.status, "cancelled")),
    );
  return rows[0];
}

/** The standing (not cancelled) shipment of an after-sales request, of a kind: its return or its replacement. */
export async function selectRequestShipment(
  db: Executor,
  returnId: string,
  kind: "return" | "replacement",
): Promise<ShipmentRow | undefined> {
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.returnId, returnId), eq(shipments.kind, kind), ne(shipments.status, "cancelled")),
    );
  return rows[0];
}

export async function selectByProviderId(
  db: Executor,
  provider: ShipmentRow["provider"],
  providerShipmentId: string,
): Promise<ShipmentRow | undefined> {
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.provider, provider), eq(shipments.providerShipmentId, providerShipmentId)));
  return rows[0];
}

export async function updateShipment(
  db: Executor,
  id: string,
  patch: Partial<Omit<ShipmentRow, "id" | "orderId" | "kind">>,
): Promise<void> {
  await db.update(shipments).set(patch).where(eq(shipments.id, id));
}

/**
 * Inserts the steps not recorded yet (by courier status and time, or for a step without the courier's time, by
 * courier status alone); answers those that were new.
 */
export async function insertEventsOnce(
  db: Executor,
  rows: (typeof shipmentEvents.$inferInsert)[],
): Promise<ShipmentEventRow[]> {
  if (rows.length === 0) return [];
  return db.insert(shipmentEvents).values(rows).onConflictDoNothing().returning();
}

/** Every recorded step of a shipment, oldest first. */
export function selectEvents(db: Executor, shipmentId: string): Promise<ShipmentEventRow[]> {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
}

/** A step recorded without the courier's time gets it, once the courier tells it. */
export async function dateEvent(db: Executor, id: number, at: Date, note: string): Promise<void> {
  await db.update(shipmentEvents).set({ at, note, dated: true }).where(eq(shipmentEvents.id, id));
}

/** The latest step of a shipment by when it happened (the order couriers report them in is not trusted). */
export async function selectLatestEvent(
  db: Executor,
  shipmentId: string,
): Promise<ShipmentEventRow | undefined> {
  const rows = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(desc(shipmentEvents.at), desc(shipmentEvents.id))
    .limit(1);
  return rows[0];
}

/** The shipments of orders with their steps, oldest first. */
export async function selectShipmentsOf(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return { shipments: [], events: [] };
  const list = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]))
    .orderBy(asc(shipments.createdAt));
  const events =
    list.length === 0
      ? []
      : await db
          .select()
          .from(shipmentEvents)
          .where(
            inArray(
              shipmentEvents.shipmentId,
              list.map((s) => s.id),
            ),
          )
          .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  return { shipments: list, events };
}

/**
 * Cash-on-delivery parcels delivered whose cash the courier has not remitted yet, oldest delivery first
 * (issue 27): what couriers owe the shop.
 */
export async function selectCodUnremitted(db: Executor, limit: number) {
  return db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.kind, "outbound"),
        isNotNull(shipments.codAmount),
        eq(shipments.status, "delivered"),
        isNull(shipments.codRemittedAt),
      ),
    )
    .orderBy(asc(shipments.deliveredAt), asc(shipments.id))
    .limit(limit);
}

/** Shipments locked for a remittance, in id order (two operators recording at once wait for each other). */
export async function lockShipments(tx: Tx, ids: readonly string[]): Promise<ShipmentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(shipments)
    .where(inArray(shipments.id, [...ids]))
    .orderBy(asc(shipments.id))
    .for("update");
}

/**
 * The latest remittances recorded: each reference with its parcels, what they collected, the fee the courier
 * kept, what it paid, and when.
 */
export async function selectRemittances(db: Executor, limit: number) {
  const rows = await db
    .select({
      reference: shipments.codRemittance,
      parcels: count(),
      collected: sum(shipments.codAmount).mapWith(Number),
      fee: sql<number>`coalesce(sum(${shipments.codRemittedFee}), 0)`.mapWith(Number),
      at: max(shipments.codRemittedAt),
    })
    .from(shipments)
    .where(isNotNull(shipments.codRemittance))
    .groupBy(shipments.codRemittance)
    .orderBy(desc(max(shipments.codRemittedAt)))
    .limit(limit);
  return rows.map((r) => ({
    reference: r.reference!,
    parcels: r.parcels,
    collected: r.collected,
    fee: r.fee,
    amount: r.collected - r.fee,
    at: r.at!,
  }));
}

/** Whether a remittance reference was recorded already. */
export async function remittanceExists(db: Executor, reference: string): Promise<boolean> {
  const rows = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.codRemittance, reference))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records a courier problem for the operator, or counts it again while it is open (a webhook resent, the same
 * booking reported twice): one open row per provider, kind and courier booking.
 */
export async function upsertProblem(
  db: Executor,
  row: Omit<typeof courierProblems.$inferInsert, "id" | "count" | "resolvedAt" | "resolvedBy">,
): Promise<void> {
  await db
    .insert(courierProblems)
    .values(row)
    .onConflictDoUpdate({
      target: [courierProblems.provider, courierProblems.kind, courierProblems.providerShipmentId],
      targetWhere: sql`${courierProblems.resolvedAt} is null`,
      set: {
        count: sql`${courierProblems.count} + 1`,
        lastAt: row.lastAt,
        providerStatus: sql`coalesce(excluded.provider_status, ${courierProblems.providerStatus})`,
        waybill: sql`coalesce(excluded.waybill, ${courierProblems.waybill})`,
        detail: row.detail ?? "",
      },
    });
}

/** Closes the open problems of a kind about a courier booking; answers how many. */
export async function closeProblems(
  db: Executor,
  where: {
    provider: CourierProblemRow["provider"];
    kind: CourierProblemRow["kind"];
    providerShipmentId: string;
  },
  at: Date,
  by: string | null,
): Promise<number> {
  const rows = await db
    .update(courierProblems)
    .set({ resolvedAt: at, resolvedBy: by })
    .where(
      and(
        eq(courierProblems.provider, where.provider),
        eq(courierProblems.kind, where.kind),
        eq(courierProblems.providerShipmentId, where.providerShipmentId),
        isNull(courierProblems.resolvedAt),
      ),
    )
    .returning({ id: courierProblems.id });
  return rows.length;
}

/** One problem, locked (an operator marking it handled). */
export async function lockProblem(tx: Tx, id: number): Promise<CourierProblemRow | undefined> {
  const rows = await tx.select().from(courierProblems).where(eq(courierProblems.id, id)).for("update");
  return rows[0];
}

export async function resolveProblemRow(tx: Tx, id: number, at: Date, by: string): Promise<void> {
  await tx.update(courierProblems).set({ resolvedAt: at, resolvedBy: by }).where(eq(courierProblems.id, id));
}

/** The open problems, the latest reported first. */
export function selectOpenProblems(db: Executor, limit: number): Promise<CourierProblemRow[]> {
  return db
    .select()
    .from(courierProblems)
    .where(isNull(courierProblems.resolvedAt))
    .orderBy(desc(courierProblems.lastAt), desc(courierProblems.id))
    .limit(limit);
}
