// An operator moves the warehouse every parcel leaves from: its area is checked against the official data
// (addresses) and named there, then stored with its audit row (settings).
import type { OpsSettingsView, WarehouseInput } from "#common/contracts/settings.ts";
import type { Db } from "../db/client.ts";
import { areaLine } from "../modules/addresses/addresses.service.ts";
import { updateWarehouse } from "../modules/settings/settings.service.ts";
import { DomainError } from "../platform/errors.ts";

/**
 * Saves the warehouse (an operator): name, phone, area, postcode and street. An area whose codes do not lie
 * inside one another is refused with the translated message, and nothing is stored.
 */
export async function saveWarehouse(
  db: Db,
  operatorId: string,
  input: WarehouseInput,
): Promise<OpsSettingsView> {
  const area = await areaLine(input);
  if (!area) throw new DomainError("bad_request", "errors.warehouse.area");
  return updateWarehouse(db, operatorId, { ...input, area });
}
