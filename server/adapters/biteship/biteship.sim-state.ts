import { randomBytes } from "node:crypto";
import type { ShippingCourier } from "#common/shipping.ts";
import { now } from "../../platform/clock.ts";
import { digits } from "../simulator/sim-http.ts";
import type { WebhookQueue } from "../simulator/webhook-queue.ts";
import type {
  BiteshipOrder,
  BiteshipTracking,
  CreateOrderBody,
  HistoryEntry,
  OrderStatus,
  WebhookEvent,
} from "./biteship.schemas.ts";
import type { Priced, SimService } from "./biteship.sim-rates.ts";

/**
 * The Biteship simulator's state: the orders it keeps (waybills shaped like each courier's, cash on delivery and
 * its fee, the tracking history), how they move (a courier advances an order, never out of a final state; it is
 * cancelled while nobody has the parcel; a re-weighed parcel is repriced), the webhook each move sends, and the
 * order and its tracking as Biteship shows them.
 */

/** A webhook as Biteship posts it, about which order. */
export interface BiteshipWebhook {
  event: string;
  orderId: string;
  body: string;
  /** Sent with a wrong secret header, as an attacker would. */
  forged: boolean;
}

/** Biteship's final states: a simulated order there moves no further. */
const finalStatuses: ReadonlySet<OrderStatus> = new Set([
  "delivered",
  "returned",
  "cancelled",
  "rejected",
  "disposed",
  "courier_not_found",
]);

/** How the "Tracking Status" page spells the multi-word states; tracking histories here use it. */
const trackingSpelling: Partial<Record<OrderStatus, string>> = {
  picking_up: "pickingUp",
  dropping_off: "droppingOff",
  return_in_transit: "returnInTransit",
  on_hold: "onHold",
  courier_not_found: "courierNotFound",
};

/** What a courier's tracking says at each state, as Indonesian couriers word it. */
const defaultNotes: Record<OrderStatus, string> = {
  confirmed: "Courier order is confirmed. Courier has been notified to pick up",
  scheduled: "Pickup is scheduled",
  allocated: "Courier is allocated and ready to pick up",
  picking_up: "Courier is on the way to pick up item",
  picked: "Paket telah diambil oleh kurir",
  dropping_off: "Paket sedang diantar ke alamat penerima",
  delivered: "Paket diterima oleh: YANG BERSANGKUTAN",
  on_hold: "Paket tertahan: alamat tidak lengkap",
  return_in_transit: "Paket dalam perjalanan kembali ke pengirim",
  returned: "Paket telah dikembalikan ke pengirim",
  rejected: "Order has been rejected by the courier",
  disposed: "Paket dimusnahkan",
  courier_not_found: "No courier available at the moment",
  cancelled: "Order is cancelled",
};

/** States an order may be cancelled in: nobody has the parcel yet (the Orders overview, "Available to Delete"). */
export const cancellable: ReadonlySet<OrderStatus> = new Set([
  "confirmed",
  "scheduled",
  "allocated",
  "picking_up",
]);

export interface SimOrder {
  id: string;
  trackingId: string;
  referenceId: string | null;
  service: SimService;
  waybill: string | null;
  status: OrderStatus;
  price: number;
  cod: { id: string; amount: number; fee: number; type: string } | null;
  body: CreateOrderBody;
  history: HistoryEntry[];
  created: string;
}

const iso = (at: Date = now()) => at.toISOString().replace(/\.\d{3}Z$/, "Z");
const hex24 = () => randomBytes(12).toString("hex");

/** Waybill numbers shaped like each courier's. */
function waybillOf(courier: ShippingCourier): string {
  switch (courier) {
    case "jne":
      return `CGK${digits(13)}`;
    case "jnt":
      return `JP${digits(10)}`;
    case "sicepat":
      return `0036${digits(8)}`;
    case "anteraja":
      return `1000${digits(10)}`;
    case "pos":
      return `P${digits(12)}`;
  }
}

/** An order as `GET /v1/orders/:id` shows it. */
export function orderView(order: SimOrder, message: string): BiteshipOrder & Record<string, unknown> {
  const b = order.body;
  return {
    success: true,
    message,
    object: "order",
    id: order.id,
    draft_order_id: null,
    shipper: {
      name: b.shipper_contact_name ?? null,
      email: b.shipper_contact_email ?? null,
      phone: b.shipper_contact_phone ?? null,
      organization: b.shipper_organization ?? null,
    },
    origin: {
      contact_name: b.origin_contact_name,
      contact_phone: b.origin_contact_phone,
      address: b.origin_address,
      note: b.origin_note ?? null,
      postal_code: b.origin_postal_code ?? null,
    },
    destination: {
      contact_name: b.destination_contact_name,
      contact_phone: b.destination_contact_phone,
      contact_email: b.destination_contact_email ?? null,
      address: b.destination_address,
      note: b.destination_note ?? null,
      postal_code: b.destination_postal_code ?? null,
      cash_on_delivery: order.cod
        ? {
            id: order.cod.id,
            amount: order.cod.amount,
            amount_currency: "IDR",
            fee: order.cod.fee,
            fee_currency: "IDR",
            note: null,
            type: order.cod.type,
          }
        : null,
    },
    courier: {
      tracking_id: order.trackingId,
      waybill_id: order.waybill,
      company: order.service.courier,
      type: order.service.code,
      link: order.waybill ? `https://track.biteship.com/${order.waybill}` : null,
      name: null,
      phone: null,
      driver_name: null,
      driver_phone: null,
      history: order.history.map((h) => ({ ...h })),
      insurance: { amount: 0, fee: 0, note: "" },
      routing_code:
        order.service.courier === "jne"
          ? `CGK-${(b.destination_postal_code ?? 0).toString().slice(0, 3)}`
          : null,
    },
    delivery: {
      datetime: order.created,
      note: null,
      type: "now",
      distance: null,
      distance_unit: "kilometer",
    },
    reference_id: order.referenceId,
    invoice_id: null,
    items: b.items.map((i) => ({ ...i })),
    currency: "IDR",
    price: order.price,
    note: b.order_note ?? null,
    status: order.status,
  };
}

/** An order's tracking as `GET /v1/trackings/:id` shows it, in the "Tracking Status" page's spelling. */
export function trackingView(order: SimOrder): BiteshipTracking {
  const spell = (s: string) => trackingSpelling[s as OrderStatus] ?? s;
  return {
    success: true,
    messsage: "Successfully get tracking info",
    object: "tracking",
    id: order.trackingId,
    waybill_id: order.waybill,
    courier: { company: order.service.courier, driver_name: null, driver_phone: null },
    origin: { contact_name: order.body.origin_contact_name, address: order.body.origin_address },
    destination: {
      contact_name: order.body.destination_contact_name,
      address: order.body.destination_address,
    },
    history: order.history.map((h) => ({ ...h, status: spell(h.status) })),
    link: order.waybill ? `https://track.biteship.com/${order.waybill}` : null,
    order_id: order.id,
    status: spell(order.status),
  };
}

/** The orders of one simulator, as its API, its control and its `/sim` routes change and show them. */
export interface BiteshipState {
  readonly orders: ReadonlyMap<string, SimOrder>;
  /** An order by id, or an error. */
  orderOf(orderId: string): SimOrder;
  /** The order made with this reference id. */
  withReference(referenceId: string): SimOrder | undefined;
  /** The order of a tracking id. */
  withTracking(trackingId: string): SimOrder | undefined;
  /** Books an order of a checked request: confirmed, with its waybill unless the courier gives it at pick-up. */
  book(body: CreateOrderBody, service: SimService, priced: Priced): SimOrder;
  /** Cancels an order nobody has the parcel of; its `order.status` webhook goes out after the answer. */
  cancel(order: SimOrder, note: string | undefined): void;
  /**
   * The courier moves the order to `status`, not out of a final one: a history step, an `order.status` webhook,
   * and first an `order.waybill_id` webhook when a waybill is issued at pick-up (Pos).
   */
  advance(orderId: string, status: OrderStatus, note?: string): Promise<void>;
  /** The parcel was weighed heavier: a new price and an `order.price` webhook. */
  reprice(orderId: string, price: number): Promise<void>;
  /** Posts a webhook about the order: genuine, or `forged` (a wrong secret, the attacker's single try). */
  emit(event: string, order: SimOrder, extra?: Record<string, unknown>, forged?: boolean): Promise<void>;
  /** Dates every webhook from now on with the order's `updated_at`, or stops. */
  stampWebhooks(on: boolean): void;
}

export function createBiteshipState(opts: { queue: WebhookQueue<BiteshipWebhook> }): BiteshipState {
  const orders = new Map<string, SimOrder>();
  const byReference = new Map<string, string>();
  const byTracking = new Map<string, string>();
  let stamped = false;

  /** The flat body Biteship posts (Webhook overview): the courier's fields, the order id, the status. */
  function webhookBody(event: WebhookEvent | string, order: SimOrder, extra: Record<string, unknown> = {}) {
    return {
      event,
      courier_tracking_id: order.trackingId,
      courier_waybill_id: order.waybill,
      courier_company: order.service.courier,
      courier_type: order.service.code,
      courier_driver_name: null,
      courier_driver_phone: null,
      courier_driver_photo_url: null,
      courier_driver_plate_number: null,
      courier_link: order.waybill ? `https://track.biteship.com/${order.waybill}` : null,
      order_id: order.id,
      ...(stamped ? { updated_at: order.history.at(-1)?.updated_at ?? order.created } : {}),
      ...extra,
    };
  }

  function emit(
    event: string,
    order: SimOrder,
    extra: Record<string, unknown> = {},
    forged = false,
  ): Promise<void> {
    const body = JSON.stringify(webhookBody(event, order, extra));
    // A forged webhook is the attacker's single try, sent whatever Biteship holds back.
    return opts.queue.send(
      { event, orderId: order.id, body, forged },
      forged ? { now: true, once: true } : {},
    );
  }

  function orderOf(orderId: string): SimOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the Biteship simulator has no order ${orderId}`);
    return order;
  }

  return {
    orders,
    orderOf,
    withReference: (referenceId) => orders.get(byReference.get(referenceId) ?? ""),
    withTracking: (trackingId) => orders.get(byTracking.get(trackingId) ?? ""),
    book(body, service, priced) {
      const created = iso();
      const order: SimOrder = {
        id: hex24(),
        trackingId: hex24(),
        referenceId: body.reference_id ?? null,
        service,
        waybill: service.waybillAtPickup ? null : waybillOf(service.courier),
        status: "confirmed",
        price: priced.price,
        cod:
          body.destination_cash_on_delivery !== undefined
            ? {
                id: hex24(),
                amount: body.destination_cash_on_delivery,
                // COD fee: 4% of the amount collected, at least Rp 2.500.
                fee: Math.max(2_500, Math.ceil(body.destination_cash_on_delivery * 0.04)),
                type: body.destination_cash_on_delivery_type ?? "7_days",
              }
            : null,
        body,
        history: [
          {
            note: defaultNotes.confirmed,
            service_type: service.code,
            updated_at: created,
            status: "confirmed",
          },
        ],
        created,
      };
      orders.set(order.id, order);
      byTracking.set(order.trackingId, order.id);
      if (order.referenceId) byReference.set(order.referenceId, order.id);
      return order;
    },
    cancel(order, note) {
      order.status = "cancelled";
      order.history.push({
        note: note ?? defaultNotes.cancelled,
        service_type: order.service.code,
        updated_at: iso(),
        status: "cancelled",
      });
      void emit("order.status", order, { order_price: order.price, status: "cancelled" });
    },
    async advance(orderId, status, note) {
      const order = orderOf(orderId);
      if (finalStatuses.has(order.status)) {
        throw new Error(`order ${orderId} is ${order.status}: it cannot become ${status}`);
      }
      const at = iso();
      if (status === "picked" && order.waybill === null) {
        order.waybill = waybillOf(order.service.courier);
        await emit("order.waybill_id", order, { status: order.status });
      }
      order.status = status;
      order.history.push({
        note: note ?? defaultNotes[status],
        service_type: order.service.code,
        updated_at: at,
        status,
      });
      await emit("order.status", order, { order_price: order.price, status });
    },
    async reprice(orderId, price) {
      const order = orderOf(orderId);
      order.price = price;
      await emit("order.price", order, {
        price,
        shippment_fee: price,
        cash_on_delivery_fee: order.cod?.fee ?? 0,
        proof_of_delivery_fee: 0,
        insurance_fee: 0,
        status: order.status,
      });
    },
    emit,
    stampWebhooks(on) {
      stamped = on;
    },
  };
}
