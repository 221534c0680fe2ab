import {
  chargeableKg,
  volumetricGrams,
  type ServiceKind,
  type ShippingCourier,
  type ShippingZone,
} from "#common/shipping.ts";
import type { BiteshipItem, Pricing } from "./biteship.schemas.ts";

/**
 * The Biteship simulator's rate table: the services each courier sells here, the region of a postal code (and of
 * this simulator's area ids), and what a service costs for a parcel between two regions by chargeable weight.
 * Believable, not Biteship's: its prices come from the couriers.
 */

/** One service of the simulated couriers. */
export interface SimService {
  courier: ShippingCourier;
  code: string;
  name: string;
  kind: ServiceKind | "same_day";
  cod: boolean;
  /** Pos gives its waybill at pick-up; the others when the order is created. */
  waybillAtPickup?: boolean;
}

/** What each courier sells here: the services the shop's tables name, with their usual COD support. */
export const services: readonly SimService[] = [
  { courier: "jne", code: "reg", name: "Reguler", kind: "regular", cod: true },
  { courier: "jne", code: "yes", name: "Yakin Esok Sampai", kind: "express", cod: false },
  { courier: "jne", code: "oke", name: "Ongkos Kirim Ekonomis", kind: "economy", cod: true },
  { courier: "jne", code: "jtr", name: "JNE Trucking", kind: "cargo", cod: false },
  { courier: "jnt", code: "ez", name: "EZ", kind: "regular", cod: true },
  { courier: "sicepat", code: "reg", name: "Reguler", kind: "regular", cod: true },
  { courier: "sicepat", code: "best", name: "Besok Sampai Tujuan", kind: "express", cod: true },
  { courier: "sicepat", code: "gokil", name: "Cargo", kind: "cargo", cod: false },
  { courier: "anteraja", code: "reg", name: "Regular", kind: "regular", cod: true },
  { courier: "anteraja", code: "next_day", name: "Next Day", kind: "express", cod: false },
  { courier: "anteraja", code: "same_day", name: "Same Day", kind: "same_day", cod: false },
  { courier: "pos", code: "reg", name: "Pos Reguler", kind: "regular", cod: false, waybillAtPickup: true },
  {
    courier: "pos",
    code: "nextday",
    name: "Pos Nextday",
    kind: "express",
    cod: false,
    waybillAtPickup: true,
  },
];

const courierNames: Record<ShippingCourier, string> = {
  jne: "JNE",
  jnt: "J&T",
  sicepat: "SiCepat",
  anteraja: "AnterAja",
  pos: "Pos Indonesia",
};

/** Each courier's price level against the table (SiCepat undercuts, Pos charges a little more). */
const courierFactor: Record<ShippingCourier, number> = {
  jne: 1,
  jnt: 1.03,
  sicepat: 0.95,
  anteraja: 0.97,
  pos: 1.05,
};

/** The region of a postal code by its first two digits (Pos Indonesia's numbering). */
export function zoneOfPostcode(postcode: number): ShippingZone | null {
  const head = Math.floor(postcode / 1000);
  if (head >= 10 && head <= 14) return "jakarta";
  if ((head >= 15 && head <= 19) || (head >= 40 && head <= 69)) return "jawa";
  if (head >= 20 && head <= 39) return "sumatera";
  if (head >= 70 && head <= 79) return "kalimantan";
  if (head >= 80 && head <= 89) return "bali_nusra";
  if (head >= 90 && head <= 96) return "sulawesi";
  if (head === 97) return "maluku";
  if (head >= 98 && head <= 99) return "papua";
  return null;
}

/** How far apart two regions are for pricing: 0 within one, up to 3 (Jakarta to Papua). */
const zoneRing: Record<ShippingZone, number> = {
  jakarta: 0,
  jawa: 1,
  sumatera: 2,
  bali_nusra: 2,
  kalimantan: 2,
  sulawesi: 3,
  maluku: 4,
  papua: 5,
};
function distanceClass(a: ShippingZone, b: ShippingZone): 0 | 1 | 2 | 3 {
  if (a === b) return 0;
  return Math.min(3, Math.max(1, Math.abs(zoneRing[a] - zoneRing[b]))) as 1 | 2 | 3;
}

/** Rupiah per chargeable kilogram of a regular service, by distance class. */
const regularPerKg = [9_000, 15_000, 28_000, 45_000] as const;
/** Regular transit days by distance class. */
const regularDays = [
  [1, 2],
  [2, 3],
  [3, 5],
  [5, 8],
] as const;

export interface Priced {
  service: SimService;
  price: number;
  kg: number;
  range: string;
  unit: "days" | "hours";
}

/** What a service costs for a parcel between two regions, or null where it does not go. */
export function priceOf(
  service: SimService,
  from: ShippingZone,
  to: ShippingZone,
  items: readonly BiteshipItem[],
): Priced | null {
  const cls = distanceClass(from, to);
  const grams = items.reduce((sum, i) => sum + i.weight * i.quantity, 0);
  const cubicCm = items.reduce(
    (sum, i) => sum + (i.length ?? 0) * (i.width ?? 0) * (i.height ?? 0) * i.quantity,
    0,
  );
  const minKg = service.kind === "cargo" ? 10 : 1;
  const kg = chargeableKg(grams, volumetricGrams(cubicCm), minKg);
  const [low, high] = regularDays[cls];
  let perKg: number = regularPerKg[cls];
  let range: string;
  let unit: "days" | "hours" = "days";
  switch (service.kind) {
    case "same_day":
      // Same day by motorbike: within one region of Java only, and not above 5 kg.
      if (cls !== 0 || !["jakarta", "jawa"].includes(from) || kg > 5) return null;
      perKg = 22_000;
      range = "6 - 8";
      unit = "hours";
      break;
    case "express":
      if (cls === 3) return null;
      perKg = Math.round(perKg * 1.6);
      range = `${Math.max(1, low - 1)} - ${Math.max(1, high - 1)}`;
      break;
    case "economy":
      perKg = Math.round(perKg * 0.8);
      range = `${low + 1} - ${high + 2}`;
      break;
    case "cargo":
      perKg = Math.round(perKg * 0.45);
      range = `${low + 2} - ${high + 3}`;
      break;
    default:
      range = `${low} - ${high}`;
  }
  const price = Math.ceil((perKg * kg * courierFactor[service.courier]) / 500) * 500;
  return { service, price, kg, range, unit };
}

export function pricingView(p: Priced): Pricing {
  const { service } = p;
  return {
    available_collection_method: ["pickup"],
    available_for_cash_on_delivery: service.cod,
    available_for_proof_of_delivery: false,
    available_for_instant_waybill_id: !service.waybillAtPickup,
    available_for_insurance: true,
    company: service.courier,
    courier_name: courierNames[service.courier],
    courier_code: service.courier,
    courier_service_name: service.name,
    courier_service_code: service.code,
    currency: "IDR",
    description: `${courierNames[service.courier]} ${service.name}`,
    duration: `${p.range} ${p.unit === "days" ? "days" : "hours"}`,
    shipment_duration_range: p.range,
    shipment_duration_unit: p.unit,
    service_type:
      service.kind === "same_day" ? "same_day" : service.kind === "express" ? "overnight" : "standard",
    shipping_type: service.kind === "cargo" ? "freight" : "parcel",
    price: p.price,
    shipping_fee: p.price,
    tax_lines: [],
    type: service.code,
  };
}

/** A side's region: by area id (this simulator's ids end in `IDZ` and the postal code) or by postal code. */
export function zoneOf(areaId: string | undefined, postcode: number | undefined): ShippingZone | null {
  if (areaId) {
    const match = /IDZ(\d{5})$/.exec(areaId);
    return match ? zoneOfPostcode(Number(match[1])) : null;
  }
  return postcode === undefined ? null : zoneOfPostcode(postcode);
}

/** This simulator's area of a postal code (Maps API): its id ends in `IDZ` and the postal code. */
export function areaOf(postcode: number, zone: ShippingZone) {
  return {
    id: `IDNP${zoneRing[zone]}IDNC${Math.floor(postcode / 1000)}IDZ${postcode}`,
    name: `Area ${postcode}`,
    country_name: "Indonesia",
    country_code: "ID",
    administrative_division_level_1_name: zone,
    postal_code: postcode,
  };
}
