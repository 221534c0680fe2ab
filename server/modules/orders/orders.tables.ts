import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { StoredImage } from "#common/images.ts";
import type { Localized } from "#common/locales.ts";
import { paymentMethods } from "#common/payment-channels.ts";
import type { ServiceKind, ShippingCourier } from "#common/shipping.ts";
import {
  afterSalesKinds,
  afterSalesStatuses,
  type CancelReason,
  cancelReasons,
  maxOrderNoteLength,
  orderActors,
  orderEvents,
  orderStatuses,
  postagePayers,
  returnReasons,
} from "#common/order-states.ts";
import { users } from "../auth/auth.tables.ts";
import { listings, productVariants, supplyProducts } from "../catalog/catalog.tables.ts";
import { stores } from "../stores/stores.tables.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** The delivery address as it was when the order was placed. */
export interface OrderAddress {
  name: string;
  mobile: string;
  /** The area's Kemendagri codes, which couriers quote by (orders placed before issue 27 lack them). */
  provinceCode?: string;
  regencyCode?: string;
  districtCode?: string;
  villageCode?: string;
  area: string;
  postcode: string;
  detail: string;
}

export interface OrderShipping {
  courier: ShippingCourier;
  service: string;
  serviceName: string;
  kind: ServiceKind;
  etaMinDays: number;
  etaMaxDays: number;
  chargeableKg: number;
}

/**
 * Orders: one per store of a checkout. Money figures are fixed when placed (later price or fee changes never
 * touch them): subtotal (the store's prices), goods cost (merchant prices, what the store owes the platform
 * once paid), postage, service fee, VAT and their total. While open, the shopper's payment sits in escrow.
 */
export const orders = pgTable(
  "orders",
  {
    id: text().primaryKey(),
    /** What people read and say ("P2611230001234"). */
    code: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    status: text({ enum: orderStatuses }).notNull().default("pending_payment"),
    address: jsonb().$type<OrderAddress>().notNull(),
    subtotal: bigint({ mode: "number" }).notNull(),
    goodsCost: bigint({ mode: "number" }).notNull(),
    postage: bigint({ mode: "number" }).notNull(),
    serviceFee: bigint({ mode: "number" }).notNull(),
    vat: bigint({ mode: "number" }).notNull(),
    /** The VAT rate charged, in basis points (the setting when it was placed). */
    vatBasisPoints: integer().notNull().default(0),
    /**
     * What vouchers took off (issue 42, decision 30): the store's own voucher and the platform's off the items
     * (the sums of its items' shares), the free-shipping voucher off postage. Fixed when placed.
     */
    storeDiscount: bigint({ mode: "number" }).notNull().default(0),
    platformDiscount: bigint({ mode: "number" }).notNull().default(0),
    shippingDiscount: bigint({ mode: "number" }).notNull().default(0),
    /** What the shopper pays (cash on delivery: with the COD fee on top). */
    total: bigint({ mode: "number" }).notNull(),
    /**
     * What cash on delivery adds for the shopper (issue 27), collected by the courier with the total and posted
     * to revenue on delivery, like a payment channel's fee; null for an order not paid on delivery.
     */
    codFee: bigint({ mode: "number" }),
    /** The method chosen at checkout, then the one that paid it. */
    paymentMethod: text({ enum: paymentMethods }).notNull(),
    /** What the shopper wrote to the store at checkout ("Pesan untuk penjual"), if anything. */
    note: text(),
    /** The payment that paid it. */
    paidBy: text(),
    payDueAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    goodsDueAt: timestamp({ withTimezone: true }),
    goodsPaidAt: timestamp({ withTimezone: true }),
    /** The courier service the shopper chose at checkout and what its postage was counted by (issue 27). */
    shipping: jsonb().$type<OrderShipping>(),
    courier: text(),
    trackingNumber: text(),
    shippedAt: timestamp({ withTimezone: true }),
    autoConfirmAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text({ enum: cancelReasons }),
    /** An operator's note of a problem with the order (lost parcel, wrong address …). */
    exception: text(),
    /** When the shopper reviewed it (issue 13); until then a completed order is "pending review". */
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.id),
    index("orders_user_status_idx").on(t.userId, t.status, t.id),
    index("orders_store_idx").on(t.storeId, t.id),
    index("orders_store_paid_idx").on(t.storeId, t.paidAt),
    index("orders_status_idx").on(t.status, t.id),
    check("orders_status_valid", sql`${t.status} in (${inList(orderStatuses)})`),
    check(
      "orders_note_length",
      sql`${t.note} is null or char_length(${t.note}) between 1 and ${sql.raw(String(maxOrderNoteLength))}`,
    ),
    check("orders_cod_fee", sql`${t.codFee} is null or (${t.codFee} >= 0 and ${t.paymentMethod} = 'cod')`),
    check(
      "orders_money_consistent",
      sql`${t.subtotal} > 0 and ${t.goodsCost} > 0 and ${t.postage} >= 0 and ${t.serviceFee} >= 0 and ${t.vat} >= 0 and ${t.total} = ${t.subtotal} - ${t.storeDiscount} - ${t.platformDiscount} + ${t.postage} - ${t.shippingDiscount} + ${t.serviceFee} + ${t.vat}`,
    ),
    check(
      "orders_discounts_within",
      sql`${t.storeDiscount} >= 0 and ${t.platformDiscount} >= 0 and ${t.storeDiscount} + ${t.platformDiscount} <= ${t.subtotal} and ${t.shippingDiscount} between 0 and ${t.postage}`,
    ),
  ],
);

/**
 * What an order bought: a snapshot of the variant at the moment it was placed (name, variant label, SKU, price,
 * cost, packed size, picture), and a link to the variant, which may later be archived but is never deleted.
 */
export const orderItems = pgTable(
  "order_items",
  {
    orderId: text()
      .notNull()
      .references(() => orders.id),
    listingId: text()
      .notNull()
      .references(() => listings.id),
    supplyProductId: text()
      .notNull()
      .references(() => supplyProducts.id),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    name: jsonb().$type<Localized>().notNull(),
    /** "Hitam / 42" in every language; null for a product without options. */
    variantLabel: jsonb().$type<Localized>(),
    sku: text().notNull(),
    /** The variant's picture, else the product's cover. */
    image: jsonb().$type<StoredImage>(),
    price: bigint({ mode: "number" }).notNull(),
    merchantPrice: bigint({ mode: "number" }).notNull(),
    quantity: integer().notNull(),
    /**
     * The line's shares of the store's voucher and of the platform's (issue 42), spread by `allocate` when placed
     * and never spread again: a refund of some of its units gives back `returnedShare` of what was paid.
     */
    storeDiscount: bigint({ mode: "number" }).notNull().default(0),
    platformDiscount: bigint({ mode: "number" }).notNull().default(0),
    /**
     * The flash-sale item the line was bought from, at its flash price (`flash_items`, issue 42; no foreign key
     * in the schema's code, which would make the orders and promotions tables import each other: the migration
     * adds it).
     */
    flashItemId: text(),
    /** Packed as sold: a return or replacement is this parcel, whatever the catalogue says later. */
    weightGrams: integer().notNull(),
    lengthCm: integer().notNull(),
    widthCm: integer().notNull(),
    heightCm: integer().notNull(),
  },
  (t) => [
    // An order is one store's, which lists a product once; a variant belongs to one product: it names the item.
    primaryKey({ columns: [t.orderId, t.variantId] }),
    index("order_items_listing_idx").on(t.listingId),
    index("order_items_variant_idx").on(t.variantId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_items_discounts_within",
      sql`${t.storeDiscount} >= 0 and ${t.platformDiscount} >= 0 and ${t.storeDiscount} + ${t.platformDiscount} <= ${t.price} * ${t.quantity}`,
    ),
  ],
);

/**
 * Payments of orders: one at checkout for all its orders, or a later one for a single unpaid order. Paid
 * from the wallet at once, or through the payment provider by one of its attempts (pending until a
 * notification says one was paid). Money an attempt brings for orders no longer waiting (cancelled,
 * expired, paid another way) goes to the shopper's wallet.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    method: text({ enum: paymentMethods }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    status: text({ enum: ["pending", "paid", "cancelled", "expired"] })
      .notNull()
      .default("pending"),
    /** The provider's payment attempt that paid it (decision 19); null when paid from the wallet. */
    paidAttemptId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("order_payments_amount_positive", sql`${t.amount} > 0`),
    index("order_payments_user_idx").on(t.userId, t.id),
  ],
);

/** Which orders a payment pays. */
export const orderPaymentOrders = pgTable(
  "order_payment_orders",
  {
    paymentId: text()
      .notNull()
      .references(() => orderPayments.id),
    orderId: text()
      .notNull()
      .references(() => orders.id),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.orderId] }),
    index("order_payment_orders_order_idx").on(t.orderId),
  ],
);

export interface OrderEventData {
  reason?: CancelReason;
  courier?: string;
  trackingNumber?: string;
  note?: string;
  amount?: number;
  /** The item an after-sales step is about: its variant (and listing; events before variants have only that). */
  listingId?: string;
  variantId?: string;
}

/** Every change of an order, with its time and who made it: the order's timeline. */
export const orderEventsTable = pgTable(
  "order_events",
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    event: text({ enum: orderEvents }).notNull(),
    actor: text({ enum: orderActors }).notNull(),
    actorId: text().references(() => users.id),
    /** Details: a cancel reason, the courier and tracking number, an operator's note. */
    data: jsonb().$type<OrderEventData>(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

/**
 * After-sales requests: a shopper asks to return an item of a completed order (within 7 days of receipt) or
 * to replace it (within 15 days). The store approves or refuses with a reason; a refused shopper may escalate
 * to the operator, who decides. An approved return travels back to the warehouse by a return shipment
 * (issue 27); when it arrives the shopper is refunded through the ledger (the item's price and VAT; the postage
 * and service fee too once every item is returned; less the return postage when the shopper pays it), the
 * store's sale is taken back and its goods cost given back; the stock returns. An approved replacement is
 * shipped by the operator with the courier. One request per item of an order.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    listingId: text()
      .notNull()
      .references(() => listings.id),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    storeId: text()
      .notNull()
      .references(() => stores.id),
    kind: text({ enum: afterSalesKinds }).notNull(),
    quantity: integer().notNull(),
    status: text({ enum: afterSalesStatuses }).notNull().default("requested"),
    reason: text().notNull(),
    images: jsonb().$type<StoredImage[]>().notNull().default([]),
    /** The store's reason for refusing. */
    refusal: text(),
    /** What the shopper adds when escalating. */
    escalation: text(),
    /** The operator's reason for its decision. */
    decision: text(),
    decidedBy: text().references(() => users.id),
    /** What the shopper got back (approved returns). */
    refund: bigint({ mode: "number" }),
    /** A replacement shipped before issue 27: the courier and tracking number the operator typed. */
    courier: text(),
    trackingNumber: text(),
    /** The shopper's reason category (null for requests made before issue 27). */
    category: text({ enum: returnReasons }),
    /** Who pays the return postage, fixed from the settings when the return is approved. */
    postagePayer: text({ enum: postagePayers }),
    /** What the shopper (deducted from the refund) or the store paid toward the return postage. */
    postageCharged: bigint({ mode: "number" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("order_returns_one_per_item").on(t.orderId, t.variantId),
    check(
      "order_returns_category_valid",
      sql`${t.category} is null or ${t.category} in (${inList(returnReasons)})`,
    ),
    check(
      "order_returns_payer_valid",
      sql`${t.postagePayer} is null or ${t.postagePayer} in (${inList(postagePayers)})`,
    ),
    index("order_returns_store_idx").on(t.storeId, t.status, t.id),
    index("order_returns_status_idx").on(t.status, t.id),
    check("order_returns_quantity_positive", sql`${t.quantity} > 0`),
    check("order_returns_kind_valid", sql`${t.kind} in (${inList(afterSalesKinds)})`),
    check("order_returns_status_valid", sql`${t.status} in (${inList(afterSalesStatuses)})`),
  ],
);
