// The operator's edits of the built-in courier's services and rate table (/ops/shipping). What the courier
// quotes from is read by courier.queries.ts; these read and change the same rows for the operator.
import { and, asc, eq } from "drizzle-orm";
import type { ShippingCourier, ShippingZone } from "#common/shipping.ts";
import type { Db, Tx } from "../../db/client.ts";
import { courierRates, courierServices } from "./courier.tables.ts";

type Executor = Db | Tx;
type ServiceRow = typeof courierServices.$inferSelect;
type RateRow = typeof courierRates.$inferSelect;

/** Every service, active or not, in the operator's order. */
export function selectAllServices(db: Executor): Promise<ServiceRow[]> {
  return db
    .select()
    .from(courierServices)
    .orderBy(asc(courierServices.sort), asc(courierServices.courier), asc(courierServices.service));
}

/** One service, its row locked until the transaction ends when `lock` (an operator's change). */
export async function selectService(
  db: Executor,
  courier: ShippingCourier,
  service: string,
  lock = false,
): Promise<ServiceRow | undefined> {
  const query = db
    .select()
    .from(courierServices)
    .where(and(eq(courierServices.courier, courier), eq(courierServices.service, service)));
  const rows = lock ? await query.for("update") : await query;
  return rows[0];
}

export async function updateService(
  db: Executor,
  courier: ShippingCourier,
  service: string,
  set: Partial<Pick<ServiceRow, "name" | "cod" | "minKg" | "active">>,
): Promise<void> {
  await db
    .update(courierServices)
    .set(set)
    .where(and(eq(courierServices.courier, courier), eq(courierServices.service, service)));
}

/** A service's rates from one origin zone, to every destination it serves. */
export function selectServiceRates(
  db: Executor,
  courier: ShippingCourier,
  service: string,
  origin: ShippingZone,
): Promise<RateRow[]> {
  return db
    .select()
    .from(courierRates)
    .where(
      and(
        eq(courierRates.courier, courier),
        eq(courierRates.service, service),
        eq(courierRates.originZone, origin),
      ),
    );
}

/** One rate, its row locked until the transaction ends. */
export async function selectRateForUpdate(
  db: Executor,
  key: { courier: ShippingCourier; service: string; originZone: ShippingZone; destinationZone: ShippingZone },
): Promise<RateRow | undefined> {
  const rows = await db
    .select()
    .from(courierRates)
    .where(
      and(
        eq(courierRates.courier, key.courier),
        eq(courierRates.service, key.service),
        eq(courierRates.originZone, key.originZone),
        eq(courierRates.destinationZone, key.destinationZone),
      ),
    )
    .for("update");
  return rows[0];
}

/** Sets a rate, adding it when the zone pair had none. */
export async function upsertRate(db: Executor, row: typeof courierRates.$inferInsert): Promise<void> {
  await db
    .insert(courierRates)
    .values(row)
    .onConflictDoUpdate({
      target: [
        courierRates.courier,
        courierRates.service,
        courierRates.originZone,
        courierRates.destinationZone,
      ],
      set: {
        firstKg: row.firstKg,
        nextKg: row.nextKg,
        etaMinDays: row.etaMinDays,
        etaMaxDays: row.etaMaxDays,
        updatedAt: row.updatedAt,
      },
    });
}
