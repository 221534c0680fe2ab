import { and, asc, eq, sql } from "drizzle-orm";
import type { ShippingZone } from "#common/shipping.ts";
import type { Db, Tx } from "../../db/client.ts";
import { courierParcels, courierRates, courierServices } from "./courier.tables.ts";

type Executor = Db | Tx;
export type ParcelRow = typeof courierParcels.$inferSelect;
export type ServiceRow = typeof courierServices.$inferSelect;
export type RateRow = typeof courierRates.$inferSelect;

/** The active services with a rate from one zone to another, in the operator's order. */
export function selectZoneRates(db: Executor, origin: ShippingZone, destination: ShippingZone) {
  return db
    .select({
      courier: courierServices.courier,
      service: courierServices.service,
      name: courierServices.name,
      kind: courierServices.kind,
      cod: courierServices.cod,
      minKg: courierServices.minKg,
      firstKg: courierRates.firstKg,
      nextKg: courierRates.nextKg,
      etaMinDays: courierRates.etaMinDays,
      etaMaxDays: courierRates.etaMaxDays,
    })
    .from(courierServices)
    .innerJoin(
      courierRates,
      and(
        eq(courierRates.courier, courierServices.courier),
        eq(courierRates.service, courierServices.service),
      ),
    )
    .where(
      and(
        eq(courierServices.active, true),
        eq(courierRates.originZone, origin),
        eq(courierRates.destinationZone, destination),
      ),
    )
    .orderBy(asc(courierServices.sort));
}

export function selectServices(db: Executor): Promise<ServiceRow[]> {
  return db.select().from(courierServices).orderBy(asc(courierServices.sort));
}

export function selectRates(db: Executor, origin: ShippingZone): Promise<RateRow[]> {
  return db
    .select()
    .from(courierRates)
    .where(eq(courierRates.originZone, origin))
    .orderBy(asc(courierRates.courier), asc(courierRates.service), asc(courierRates.destinationZone));
}

/** Books a parcel for a reference, or finds the one booked for it before. */
export async function insertParcel(
  db: Executor,
  row: typeof courierParcels.$inferInsert,
): Promise<ParcelRow> {
  await db.insert(courierParcels).values(row).onConflictDoNothing({ target: courierParcels.reference });
  return (await selectParcelByReference(db, row.reference))!;
}

export async function selectParcelByReference(
  db: Executor,
  reference: string,
  forUpdate = false,
): Promise<ParcelRow | undefined> {
  const query = db.select().from(courierParcels).where(eq(courierParcels.reference, reference));
  const rows = forUpdate ? await query.for("update") : await query;
  return rows[0];
}

export async function selectParcelByWaybill(
  db: Executor,
  waybill: string,
  forUpdate = false,
): Promise<ParcelRow | undefined> {
  const query = db.select().from(courierParcels).where(eq(courierParcels.waybill, waybill));
  const rows = forUpdate ? await query.for("update") : await query;
  return rows[0];
}

export async function updateParcel(
  db: Executor,
  id: string,
  patch: Pick<ParcelRow, "status" | "steps" | "updatedAt">,
): Promise<void> {
  await db.update(courierParcels).set(patch).where(eq(courierParcels.id, id));
}

export async function waybillTaken(db: Executor, waybill: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(courierParcels)
    .where(eq(courierParcels.waybill, waybill));
  return rows.length > 0;
}
