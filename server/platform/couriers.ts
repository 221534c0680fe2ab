import type { ServiceKind, ShipmentStatus, ShippingCourier } from "#common/shipping.ts";

/**
 * The courier port (issue 27, decision 21). The built-in courier quotes from the operator's rate table and
 * books parcels with the shop's own courier desk (server/modules/shipping); Biteship, the Indonesian shipping
 * aggregator, implements the same calls (server/adapters/biteship). What a courier sees of a shipment is the
 * shop's shipment id: its reference and the idempotency key of booking it.
 */
export interface CourierGateway {
  readonly provider: "table" | "biteship";
  /** Every service this courier can offer between two places for these items, cheapest first. */
  quote(input: QuoteInput): Promise<CourierQuote[]>;
  /**
   * Books a shipment: the courier will pick the parcel up at the origin. Asked again with the same shipment id
   * it answers the same booking, never a second one. Throws `CourierError` when the courier refuses or is away.
   */
  createShipment(input: CreateShipmentInput): Promise<BookedShipment>;
  /**
   * Cancels a booking before the courier has the parcel (the compensation of `createShipment`, issue 40).
   * Asked again, or for a booking already cancelled, it answers the same. Throws `CourierError` when the courier
   * refuses (the parcel is picked up already: not retryable) or is away (retryable).
   */
  cancel(input: CancelShipmentInput): Promise<void>;
  /** The courier's current view of a shipment, with every tracking step it knows, oldest first. */
  track(ref: ShipmentRef): Promise<TrackingView>;
  /**
   * Reads a webhook the courier sent. `forged` unless its signature or secret is valid: nothing in it is
   * trusted before this returns. `unreadable` when it is genuine but not a shipment event the shop knows.
   */
  readWebhook(body: string, headers: Headers): Promise<CourierEvent | "forged" | "unreadable">;
}

/** A place a parcel leaves from or goes to: the codes of the address, and what couriers quote by. */
export interface Place {
  /** Kemendagri codes, as addresses keep them. */
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  villageCode: string;
  /** Five digits. */
  postcode: string;
  /** The aggregator's own area id for the place, when the shop has looked it up. */
  areaId?: string | null;
}

/** A contact at a place: who hands the parcel over or takes it. */
export interface Contact {
  name: string;
  /** E.164 (+62…). */
  phone: string;
  /** The street line: house number, street, RT/RW, landmarks. */
  address: string;
  /** The area names, village first. */
  area: string;
}

export interface ParcelItem {
  name: string;
  /** What one is worth, in rupiah (insurance and COD). */
  value: number;
  quantity: number;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface QuoteInput {
  origin: Place;
  destination: Place;
  items: ParcelItem[];
}

export interface CourierQuote {
  courier: ShippingCourier;
  /** The courier's service code (`REG`, `YES`, `EZ`, `BEST`…): what is booked. */
  service: string;
  /** The courier's name for it, as it prints it ("JNE Reguler"). */
  serviceName: string;
  kind: ServiceKind;
  /** The postage, in rupiah. */
  price: number;
  /** Arrival estimate, in days after pick-up. */
  etaMinDays: number;
  etaMaxDays: number;
  /** Whether this service collects cash on delivery. */
  cod: boolean;
  /** The weight the price was counted by, in kilograms. */
  chargeableKg: number;
}

export interface CreateShipmentInput {
  /** The shop's shipment id: the courier's reference and the idempotency key. */
  shipmentId: string;
  courier: ShippingCourier;
  service: string;
  origin: Place & Contact;
  destination: Place & Contact;
  items: ParcelItem[];
  /** Cash the courier collects from the recipient, in rupiah; null when nothing is collected. */
  codAmount: number | null;
  /** A line printed on the label ("Pesanan P2611…"). */
  note: string;
}

export interface BookedShipment {
  /** The courier's (or aggregator's) own id for the booking. */
  providerShipmentId: string;
  /** The waybill number (resi) the shopper tracks by; some couriers give it only at pick-up. */
  waybill: string | null;
  status: ShipmentStatus;
  /** What the courier charges for it, in rupiah. */
  price: number;
  /**
   * Cash on delivery: what the courier keeps of the cash it collects, as its fee for collecting it (it remits
   * the rest), in rupiah; null when it collects nothing or names no fee.
   */
  codFee: number | null;
  /** What a label needs beyond the addresses: the courier's routing or sorting code, when it has one. */
  label: { routingCode: string | null };
}

export interface ShipmentRef {
  shipmentId: string;
  providerShipmentId: string;
  waybill: string | null;
  courier: ShippingCourier;
}

/** A booking to cancel, and why (the courier may show the reason to its people). */
export interface CancelShipmentInput extends ShipmentRef {
  reason: string;
}

/** One step of a parcel's journey, as the courier reports it. */
export interface TrackingStep {
  status: ShipmentStatus;
  /** The courier's own name of the state, kept with the step for the operator. */
  providerStatus: string;
  /** What the courier says happened, in its words ("Paket diterima oleh: BUDI"). */
  note: string;
  /** When it happened, by the courier; when the shop heard of it if `undated`. */
  at: Date;
  /** The courier gave no time for the step: `at` is when it reached the shop. */
  undated?: boolean;
}

export interface TrackingView {
  status: ShipmentStatus;
  waybill: string | null;
  steps: TrackingStep[];
}

/** A verified webhook, in the shop's words. */
export interface CourierEvent {
  /** The shop's shipment id the courier echoes (its reference id), when it sends one. */
  shipmentId: string | null;
  providerShipmentId: string;
  waybill: string | null;
  step: TrackingStep;
}

/** A courier that refused a call, or was away; `retryable` says whether asking again later may help. */
export class CourierError extends Error {
  readonly retryable: boolean;
  /** The courier's HTTP status, when it answered. */
  readonly status: number | undefined;
  constructor(message: string, retryable: boolean, status?: number) {
    super(message);
    this.name = "CourierError";
    this.retryable = retryable;
    this.status = status;
  }
}
