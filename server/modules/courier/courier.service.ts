import { randomInt } from "node:crypto";
import {
  chargeableKg,
  volumetricGrams,
  type ShipmentStatus,
  type ShippingCourier,
  type ShippingZone,
} from "#common/shipping.ts";
import { provinceZones } from "#common/shipping-zones.ts";
import type { Db } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import {
  CourierError,
  type CourierGateway,
  type CourierQuote,
  type ParcelItem,
  type Place,
  type TrackingView,
} from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import {
  insertParcel,
  selectParcelByReference,
  selectParcelByWaybill,
  selectZoneRates,
  updateParcel,
  waybillTaken,
  type ParcelRow,
} from "./courier.queries.ts";
import type { ParcelStep } from "./courier.tables.ts";

/**
 * The built-in courier (decision 21): quotes from the operator's rate table by origin and destination zone and
 * chargeable weight, and books parcels in its own record, as a courier's system would. Nobody drives its vans:
 * the courier desk (`/courier/desk/<waybill>`, operators only) stands in for its people and moves a parcel
 * along; the shop follows by tracking it, exactly as it follows an aggregator that sends no webhook.
 */

/** The zone of a place, by its province; undefined for a code no province has. */
export function zoneOf(place: Pick<Place, "provinceCode">): ShippingZone | undefined {
  return provinceZones[place.provinceCode];
}

/** A parcel's actual grams and volume in cubic centimetres. */
export function parcelSize(items: readonly ParcelItem[]): { grams: number; cubicCm: number } {
  let grams = 0;
  let cubicCm = 0;
  for (const item of items) {
    grams += item.weightGrams * item.quantity;
    cubicCm += item.lengthCm * item.widthCm * item.heightCm * item.quantity;
  }
  return { grams, cubicCm };
}

/** Waybill numbers shaped as each courier prints them. */
const waybillShapes: Record<ShippingCourier, () => string> = {
  jne: () => `CGK${digits(13)}`,
  jnt: () => `JP${digits(10)}`,
  sicepat: () => `00${digits(10)}`,
  anteraja: () => `11${digits(12)}`,
  pos: () => `P${digits(11)}`,
};

function digits(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** The sorting hub a zone's parcels go through, printed on the label with the district. */
const hubs: Record<ShippingZone, string> = {
  jakarta: "CGK",
  jawa: "SUB",
  bali_nusra: "DPS",
  sumatera: "KNO",
  kalimantan: "BPN",
  sulawesi: "UPG",
  maluku: "AMQ",
  papua: "DJJ",
};

/** What the desk may move a parcel to, from where it is. */
export const parcelMoves: Readonly<Record<ShipmentStatus, readonly ShipmentStatus[]>> = {
  booked: ["picked_up"],
  picked_up: ["in_transit", "lost"],
  in_transit: ["out_for_delivery", "on_hold", "returning", "lost"],
  out_for_delivery: ["delivered", "returning", "on_hold"],
  on_hold: ["out_for_delivery", "returning", "lost"],
  returning: ["returned", "lost"],
  delivered: [],
  returned: [],
  lost: [],
  cancelled: [],
};

/** The line a courier's system writes for each move, in Indonesian as couriers write them. */
function noteOf(status: ShipmentStatus, parcel: Pick<ParcelRow, "booking">, receiver?: string): string {
  switch (status) {
    case "booked":
      return "Pesanan diterima sistem, menunggu penjemputan kurir";
    case "picked_up":
      return `Paket telah dijemput kurir dari ${parcel.booking.from}`;
    case "in_transit":
      return "Paket dalam perjalanan ke kota tujuan";
    case "out_for_delivery":
      return `Paket dibawa kurir menuju alamat penerima di ${parcel.booking.to}`;
    case "on_hold":
      return "Paket tertahan: penerima tidak di tempat, akan dikirim ulang";
    case "delivered":
      return `Paket diterima oleh: ${receiver ?? "YBS"}`;
    case "returning":
      return "Paket ditolak atau tidak dapat diantar, dikembalikan ke pengirim";
    case "returned":
      return "Paket telah diterima kembali oleh pengirim";
    case "lost":
      return "Paket dinyatakan hilang oleh kurir";
    case "cancelled":
      return "Pesanan pengiriman dibatalkan";
  }
}

function trackingOf(parcel: ParcelRow): TrackingView {
  return {
    status: parcel.status,
    waybill: parcel.waybill,
    steps: parcel.steps.map((s) => ({
      status: s.status,
      providerStatus: s.status,
      note: s.note,
      at: new Date(s.at),
    })),
  };
}

/**
 * What the built-in courier keeps of the cash it collects on delivery, as its fee for collecting it: 4 % of the
 * amount, rounded up, at least Rp 2.500 (what Indonesian couriers commonly charge through aggregators, and the
 * Biteship simulator's rule), and always less than the amount. It remits the rest (decision 24).
 */
export function tableCodFee(codAmount: number): number {
  return Math.min(Math.max(2_500, Math.ceil((codAmount * 4) / 100)), codAmount - 1);
}

export function createTableCourier(db: Db): CourierGateway {
  return {
    provider: "table",
    async quote(input) {
      const origin = zoneOf(input.origin);
      const destination = zoneOf(input.destination);
      if (!origin || !destination || input.items.length === 0) return [];
      const { grams, cubicCm } = parcelSize(input.items);
      const volumetric = volumetricGrams(cubicCm);
      const rows = await selectZoneRates(db, origin, destination);
      const quotes: CourierQuote[] = rows.map((r) => {
        const kg = chargeableKg(grams, volumetric, r.minKg);
        return {
          courier: r.courier,
          service: r.service,
          serviceName: r.name,
          kind: r.kind,
          price: r.firstKg + (kg - 1) * r.nextKg,
          etaMinDays: r.etaMinDays,
          etaMaxDays: r.etaMaxDays,
          cod: r.cod,
          chargeableKg: kg,
        };
      });
      return quotes.sort((a, b) => a.price - b.price);
    },
    async createShipment(input) {
      const existing = await selectParcelByReference(db, input.shipmentId);
      const parcel =
        existing ??
        (await (async () => {
          const [quote] = (
            await this.quote({ origin: input.origin, destination: input.destination, items: input.items })
          ).filter((q) => q.courier === input.courier && q.service === input.service);
          if (!quote) throw new DomainError("conflict", "errors.shipping.serviceGone");
          let waybill = waybillShapes[input.courier]();
          while (await waybillTaken(db, waybill)) waybill = waybillShapes[input.courier]();
          const at = now();
          const booking = { from: input.origin.area, to: input.destination.area, note: input.note };
          return insertParcel(db, {
            id: newId("prc", at.getTime()),
            reference: input.shipmentId,
            courier: input.courier,
            service: input.service,
            waybill,
            status: "booked",
            price: quote.price,
            codAmount: input.codAmount,
            booking,
            steps: [{ status: "booked", note: noteOf("booked", { booking }), at: at.toISOString() }],
            createdAt: at,
            updatedAt: at,
          });
        })());
      const zone = zoneOf(input.destination);
      return {
        providerShipmentId: parcel.id,
        waybill: parcel.waybill,
        status: parcel.status,
        price: parcel.price,
        codFee: parcel.codAmount === null ? null : tableCodFee(parcel.codAmount),
        label: { routingCode: zone ? `${hubs[zone]}-${input.destination.districtCode}` : null },
      };
    },
    // The parcel is the courier's until it is picked up: a booking is cancelled only while it waits for pick-up.
    async cancel(input) {
      await transact(db, async (tx) => {
        const parcel = await selectParcelByReference(tx, input.shipmentId, true);
        if (!parcel || parcel.status === "cancelled") return;
        if (parcel.status !== "booked") {
          throw new CourierError(
            `parcel ${parcel.waybill} is ${parcel.status}: only a booking not yet picked up can be cancelled`,
            false,
          );
        }
        const at = now();
        const note = `${noteOf("cancelled", parcel)}: ${input.reason.slice(0, 200)}`;
        const step: ParcelStep = { status: "cancelled", note, at: at.toISOString() };
        await updateParcel(tx, parcel.id, {
          status: "cancelled",
          steps: [...parcel.steps, step],
          updatedAt: at,
        });
      });
    },
    async track(ref) {
      const parcel = await selectParcelByReference(db, ref.shipmentId);
      if (!parcel) return { status: "cancelled", waybill: ref.waybill, steps: [] };
      return trackingOf(parcel);
    },
    // The built-in courier sends no webhooks: the shop tracks its parcels.
    async readWebhook() {
      return "forged";
    },
  };
}

/** A built-in parcel as the courier desk shows it. */
export async function getParcel(db: Db, waybill: string): Promise<ParcelRow | undefined> {
  return selectParcelByWaybill(db, waybill);
}

/**
 * The courier desk moves a parcel one step (picked up, delivered, refused…): only along `parcelMoves`, under the
 * parcel's row lock, so two clicks at once make one step. Answers the parcel's reference (the shop's shipment).
 */
export async function moveParcel(
  db: Db,
  waybill: string,
  to: ShipmentStatus,
  receiver?: string,
): Promise<{ reference: string; status: ShipmentStatus }> {
  return transact(db, async (tx) => {
    const parcel = await selectParcelByWaybill(tx, waybill, true);
    if (!parcel) throw new DomainError("not_found", "errors.shipping.parcelNotFound");
    if (!parcelMoves[parcel.status].includes(to))
      throw new DomainError("conflict", "errors.shipping.badMove");
    const at = now();
    const step: ParcelStep = { status: to, note: noteOf(to, parcel, receiver), at: at.toISOString() };
    await updateParcel(tx, parcel.id, { status: to, steps: [...parcel.steps, step], updatedAt: at });
    return { reference: parcel.reference, status: to };
  });
}
