// The operator edits the built-in courier (issue 27, /ops/shipping): each service's name, cash on delivery,
// least weight charged and whether checkouts offer it, and the rate table a service quotes from, per origin
// and destination zone. Each change is written with its audit row in one transaction, the row locked so two
// operators saving at once save one after the other; a save that changes nothing records nothing. The courier
// reads these rows for every quote (nothing is kept), so the next checkout quotes the change.
import type {
  ShippingRatesView,
  ShippingRateUpdateInput,
  ShippingServiceUpdateInput,
  ShippingServiceView,
} from "#common/contracts/shipping-ops.ts";
import { shippingZones, type ShippingCourier, type ShippingZone } from "#common/shipping.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  selectAllServices,
  selectRateForUpdate,
  selectService,
  selectServiceRates,
  updateService,
  upsertRate,
} from "./rates.queries.ts";

function serviceView(row: ShippingServiceView): ShippingServiceView {
  return {
    courier: row.courier,
    service: row.service,
    name: row.name,
    kind: row.kind,
    cod: row.cod,
    minKg: row.minKg,
    active: row.active,
  };
}

/** Every service of the built-in courier, active or not, in the operator's order. */
export async function listCourierServices(db: Db): Promise<ShippingServiceView[]> {
  return (await selectAllServices(db)).map(serviceView);
}

async function requireService(db: Db | Tx, courier: ShippingCourier, service: string, lock = false) {
  const row = await selectService(db, courier, service, lock);
  if (!row) throw new DomainError("not_found", "errors.shippingOps.serviceNotFound");
  return row;
}

/** A service's rates from an origin zone to each of the eight zones (null where it has none). */
export async function courierServiceRates(
  db: Db,
  input: { courier: ShippingCourier; service: string; originZone: ShippingZone },
): Promise<ShippingRatesView> {
  await requireService(db, input.courier, input.service);
  const rows = await selectServiceRates(db, input.courier, input.service, input.originZone);
  return {
    courier: input.courier,
    service: input.service,
    originZone: input.originZone,
    rates: shippingZones.map((destinationZone) => {
      const row = rows.find((r) => r.destinationZone === destinationZone);
      return {
        destinationZone,
        rate: row
          ? {
              firstKg: row.firstKg,
              nextKg: row.nextKg,
              etaMinDays: row.etaMinDays,
              etaMaxDays: row.etaMaxDays,
              updatedAt: row.updatedAt,
            }
          : null,
      };
    }),
  };
}

/** The fields whose values differ, as the audit's before and after. */
function changes<T extends object>(before: T, after: T, keys: readonly (keyof T)[]) {
  const changed = keys.filter((k) => before[k] !== after[k]);
  const pick = (from: T) => Object.fromEntries(changed.map((k) => [k, from[k] ?? null]));
  return { changed: changed.length > 0, before: pick(before), after: pick(after) };
}

const serviceFields = ["name", "cod", "minKg", "active"] as const;

/**
 * Changes a service (an operator): the fields given, audited with their values before and after. A service
 * switched off is no longer quoted to any checkout; orders already placed keep the service they chose.
 */
export async function updateCourierService(
  db: Db,
  operatorId: string,
  input: ShippingServiceUpdateInput,
): Promise<ShippingServiceView> {
  return transact(db, async (tx) => {
    const current = await requireService(tx, input.courier, input.service, true);
    const next = {
      name: input.name ?? current.name,
      cod: input.cod ?? current.cod,
      minKg: input.minKg ?? current.minKg,
      active: input.active ?? current.active,
    };
    const diff = changes(current, { ...current, ...next }, serviceFields);
    if (!diff.changed) return serviceView(current);
    await updateService(tx, input.courier, input.service, next);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "shipping.service",
      subject: { type: "courier_service", id: `${input.courier}:${input.service}` },
      before: diff.before,
      after: diff.after,
    });
    return serviceView({ ...current, ...next });
  });
}

const rateFields = ["firstKg", "nextKg", "etaMinDays", "etaMaxDays"] as const;

/**
 * Sets a service's rate from one zone to another (an operator), adding it when the service did not serve that
 * pair; audited with the values before and after. The next quote from that zone to that zone uses it.
 */
export async function updateCourierRate(
  db: Db,
  operatorId: string,
  input: ShippingRateUpdateInput,
): Promise<ShippingRatesView> {
  await transact(db, async (tx) => {
    await requireService(tx, input.courier, input.service, true);
    const current = await selectRateForUpdate(tx, input);
    const next = {
      firstKg: input.firstKg,
      nextKg: input.nextKg,
      etaMinDays: input.etaMinDays,
      etaMaxDays: input.etaMaxDays,
    };
    const before = current
      ? {
          firstKg: current.firstKg,
          nextKg: current.nextKg,
          etaMinDays: current.etaMinDays,
          etaMaxDays: current.etaMaxDays,
        }
      : { firstKg: null, nextKg: null, etaMinDays: null, etaMaxDays: null };
    const diff = changes<Record<(typeof rateFields)[number], number | null>>(before, next, rateFields);
    if (!diff.changed) return;
    await upsertRate(tx, {
      courier: input.courier,
      service: input.service,
      originZone: input.originZone,
      destinationZone: input.destinationZone,
      ...next,
      updatedAt: now(),
    });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "shipping.rate",
      subject: {
        type: "courier_rate",
        id: `${input.courier}:${input.service}:${input.originZone}:${input.destinationZone}`,
      },
      before: diff.before,
      after: diff.after,
    });
  });
  return courierServiceRates(db, input);
}
