import type { AddressInput, AddressView } from "#common/contracts/orders.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { areaNames } from "./areas.ts";
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  insertAddress,
  selectAddress,
  selectAddresses,
  selectNewest,
  updateAddress,
  type AddressRow,
} from "./addresses.queries.ts";

export { areasOf } from "./areas.ts";
export { postcodeOf } from "./postcodes.ts";

/**
 * The names of an area's chain of codes as an address shows them, village first ("Kebon Kacang, Tanah Abang,
 * Kota Administrasi Jakarta Pusat, DKI Jakarta"); null unless each code lies inside the one before it.
 */
export async function areaLine(codes: {
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  villageCode: string;
}): Promise<string | null> {
  const names = await areaNames(codes);
  return names ? [names.village, names.district, names.regency, names.province].join(", ") : null;
}

/**
 * Delivery addresses (seed section 2): list, add, edit, delete, set default. The area is checked against
 * the official data (each code inside the one before it). A user's first address is the default; deleting
 * the default makes the newest remaining one the default.
 */

/** Enough for any household; a cap so a script cannot fill the table. */
const maxAddresses = 20;

function view(row: AddressRow): AddressView {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    provinceCode: row.provinceCode,
    regencyCode: row.regencyCode,
    districtCode: row.districtCode,
    villageCode: row.villageCode,
    area: row.area,
    postcode: row.postcode,
    detail: row.detail,
    isDefault: row.isDefault,
  };
}

export async function listAddresses(db: Db, userId: string): Promise<AddressView[]> {
  return (await selectAddresses(db, userId)).map(view);
}

/** One of the user's addresses (another user's is not found). */
export async function getAddress(db: Db | Tx, userId: string, id: string): Promise<AddressView> {
  const row = await selectAddress(db, userId, id);
  if (!row) throw new DomainError("not_found", "errors.address.notFound");
  return view(row);
}

/** Adds an address, or changes one of the user's (`id`). The input is validated by its schema. */
export async function saveAddress(
  db: Db,
  userId: string,
  input: AddressInput & { id?: string },
): Promise<AddressView> {
  const names = await areaNames(input);
  if (!names) throw new DomainError("bad_request", "errors.address.complete");
  const area = [names.village, names.district, names.regency, names.province].join(", ");
  const fields = {
    name: input.name,
    mobile: input.mobile,
    provinceCode: input.provinceCode,
    regencyCode: input.regencyCode,
    districtCode: input.districtCode,
    villageCode: input.villageCode,
    area,
    postcode: input.postcode,
    detail: input.detail,
  };
  const id = await transact(db, async (tx) => {
    const at = now();
    if (input.id) {
      const current = await selectAddress(tx, userId, input.id);
      if (!current) throw new DomainError("not_found", "errors.address.notFound");
      // The default stays the default until another is chosen.
      const isDefault = input.isDefault || current.isDefault;
      if (isDefault) await clearDefault(tx, userId, input.id);
      await updateAddress(tx, userId, input.id, { ...fields, isDefault, updatedAt: at });
      return input.id;
    }
    const existing = await countAddresses(tx, userId);
    if (existing >= maxAddresses) {
      throw new DomainError("precondition_failed", "errors.address.tooMany", { count: maxAddresses });
    }
    const id = newId("adr", at.getTime());
    const isDefault = input.isDefault || existing === 0;
    if (isDefault) await clearDefault(tx, userId, id);
    await insertAddress(tx, { id, userId, ...fields, isDefault, createdAt: at, updatedAt: at });
    return id;
  });
  return getAddress(db, userId, id);
}

export async function setDefaultAddress(db: Db, userId: string, id: string): Promise<void> {
  await transact(db, async (tx) => {
    if (!(await selectAddress(tx, userId, id))) throw new DomainError("not_found", "errors.address.notFound");
    await clearDefault(tx, userId, id);
    await updateAddress(tx, userId, id, { isDefault: true, updatedAt: now() });
  });
}

export async function removeAddress(db: Db, userId: string, id: string): Promise<void> {
  await transact(db, async (tx) => {
    const removed = await deleteAddress(tx, userId, id);
    if (!removed) throw new DomainError("not_found", "errors.address.notFound");
    if (removed.isDefault) {
      const next = await selectNewest(tx, userId);
      if (next) await updateAddress(tx, userId, next.id, { isDefault: true });
    }
  });
}
