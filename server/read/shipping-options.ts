import type { AddressView } from "#common/contracts/orders.ts";
import type { Warehouse } from "#common/contracts/settings.ts";
import { serviceKey } from "#common/shipping-names.ts";
import { and, eq } from "drizzle-orm";
import { localize } from "#common/locales.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderItems } from "../modules/orders/orders.tables.ts";
import { getWarehouse } from "../modules/settings/settings.service.ts";
import type { CourierGateway, CourierQuote, ParcelItem, Place } from "../platform/couriers.ts";

/** What a parcel needs of an order line: the supply product's packed size, the price and how many. */
export interface ParcelLine {
  row: {
    name: string;
    price: number;
    weightGrams: number;
    lengthCm: number;
    widthCm: number;
    heightCm: number;
  };
  quantity: number;
}

export function parcelItems(lines: readonly ParcelLine[]): ParcelItem[] {
  return lines.map(({ row, quantity }) => ({
    name: row.name,
    value: row.price,
    quantity,
    weightGrams: row.weightGrams,
    lengthCm: row.lengthCm,
    widthCm: row.widthCm,
    heightCm: row.heightCm,
  }));
}

export function placeOf(
  address: Pick<
    Partial<AddressView | Warehouse>,
    "provinceCode" | "regencyCode" | "districtCode" | "villageCode"
  > &
    Pick<AddressView, "postcode">,
): Place {
  return {
    provinceCode: address.provinceCode ?? "",
    regencyCode: address.regencyCode ?? "",
    districtCode: address.districtCode ?? "",
    villageCode: address.villageCode ?? "",
    postcode: address.postcode,
  };
}

/**
 * The courier services that can carry each store's parcel from the warehouse to the address, cheapest first
 * (one courier call per store, side by side). Every store's parcel leaves the platform's warehouse (dropship).
 */
export async function shippingOptions(
  deps: { db: Db; courier: CourierGateway },
  address: Parameters<typeof placeOf>[0],
  parcels: readonly { storeId: string; lines: readonly ParcelLine[] }[],
): Promise<Map<string, CourierQuote[]>> {
  const warehouse = await getWarehouse(deps.db);
  const quotes = await Promise.all(
    parcels.map((p) =>
      deps.courier.quote({
        origin: placeOf(warehouse),
        destination: placeOf(address),
        items: parcelItems(p.lines),
      }),
    ),
  );
  return new Map(parcels.map((p, i) => [p.storeId, quotes[i]!]));
}

/** The option a shopper chose, if still offered; else the cheapest. */
export function chosenOption(
  options: readonly CourierQuote[],
  choice: { courier: string; service: string } | undefined,
): CourierQuote | undefined {
  const wanted = choice && serviceKey(choice.courier, choice.service);
  return options.find((o) => serviceKey(o.courier, o.service) === wanted) ?? options[0];
}

/**
 * What an order's parcel holds, packed as it was sold (the items' snapshot), for booking it with a courier; with
 * `only`, the parcel of one item in that quantity (a return or a replacement).
 */
export async function selectParcelLines(
  db: Db | Tx,
  orderId: string,
  only?: { variantId: string; quantity: number },
): Promise<ParcelLine[]> {
  const rows = await db
    .select({
      name: orderItems.name,
      price: orderItems.price,
      quantity: orderItems.quantity,
      weightGrams: orderItems.weightGrams,
      lengthCm: orderItems.lengthCm,
      widthCm: orderItems.widthCm,
      heightCm: orderItems.heightCm,
    })
    .from(orderItems)
    .where(
      only
        ? and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, only.variantId))
        : eq(orderItems.orderId, orderId),
    );
  return rows.map((r) => ({
    row: { ...r, name: localize(r.name, "ind") },
    quantity: only ? only.quantity : r.quantity,
  }));
}
