import { z } from "zod";
import { parseAccount } from "../account.ts";
import {
  areaLevels,
  cancelReasons,
  fulfilmentViews,
  maxCheckoutItems,
  maxItemQuantity,
  maxOrderNoteLength,
  merchantOrderViews,
  orderActors,
  orderEvents,
  orderStatuses,
  orderTabs,
} from "../order-states.ts";
import { ImageViewSchema } from "./image.ts";
import { AfterSalesViewSchema } from "./returns.ts";
import { ChannelOfferSchema, WalletPhoneSchema } from "./payments.ts";
import {
  PlacedShippingChoiceSchema,
  ShipmentViewSchema,
  ShippingChoiceSchema,
  ShippingOptionSchema,
} from "./shipping.ts";
import { shipmentStatuses } from "../shipping.ts";
import { checkoutMethods, codRefusals, paymentMethods, placeMethods } from "../payment-channels.ts";
import { CursorSchema, plainText, prefixedId } from "./input.ts";
import { ProofSchema } from "./auth.ts";
import { CheckoutVoucherSchema, CheckoutVouchersSchema, VoucherId } from "./promotions.ts";
import { fundEntries } from "../wallet-states.ts";
import { fundTypes, IdempotencyKeySchema } from "./ledger.ts";
import { orderPeriods } from "../merchant-states.ts";

export * from "../order-states.ts";

const ListingId = prefixedId("prd");
/** Which variant of the product; may be left out for a product with one (links from before variants). */
const VariantId = prefixedId("var");
const OrderId = prefixedId("ord");
const AddressId = prefixedId("adr");
const Quantity = z
  .number()
  .int("errors.cart.quantity")
  .min(1, "errors.cart.quantity")
  .max(maxItemQuantity, "errors.cart.quantity");

// ----------------------------------------------------------------------------------------------- cart

export const CartAddInputSchema = z.object({
  listingId: ListingId,
  variantId: VariantId.optional(),
  quantity: Quantity,
});
export const CartSetInputSchema = CartAddInputSchema;
export const CartRemoveInputSchema = z.object({
  lines: z
    .array(z.object({ listingId: ListingId, variantId: VariantId }))
    .min(1)
    .max(100),
});

/** An item as carts, checkouts and orders name it: the product and, when it has options, its variant. */
const ItemVariantFields = {
  variantId: z.string(),
  /** "Hitam / 42"; null for a product without options. */
  variantLabel: z.string().nullable(),
};

const CartItemViewSchema = z.object({
  listingId: z.string(),
  ...ItemVariantFields,
  /** The chosen option values, for the link back to the product page with this variant chosen. */
  optionValues: z.array(z.string()),
  name: z.string(),
  image: ImageViewSchema.nullable(),
  price: z.number().int(),
  quantity: z.number().int(),
  /** The shared stock of the product; the quantity never goes above it. */
  stock: z.number().int(),
  /** False when the product was delisted or its store suspended: it stays in the cart but cannot be bought. */
  available: z.boolean(),
});

export const CartViewSchema = z.object({
  stores: z.array(
    z.object({ storeId: z.string(), storeName: z.string(), items: z.array(CartItemViewSchema) }),
  ),
  /** Lines taken out because their variant is no longer sold, until the shopper closes the notice. */
  notices: z.array(z.object({ id: z.string(), name: z.string(), variantLabel: z.string().nullable() })),
  /** How many different products are in the cart (the tab bar's badge). */
  count: z.number().int(),
});
export type CartView = z.infer<typeof CartViewSchema>;

export const CartCountViewSchema = z.object({ count: z.number().int() });

// ---------------------------------------------------------------------------------------- addresses

export const AreaInputSchema = z.object({
  level: z.enum(areaLevels),
  /** The code of the area one level up; none for provinces. */
  parent: z
    .string()
    .regex(/^\d{2}(\.\d{2}){0,2}$/, "errors.api.invalidInput")
    .optional(),
});
const AreaViewSchema = z.object({ code: z.string(), name: z.string() });
export const AreasViewSchema = z.array(AreaViewSchema);

export const PostcodeInputSchema = z.object({
  villageCode: z.string().regex(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, "errors.api.invalidInput"),
});
/**
 * A village's postcode from the data (decision 20): its own (`village`), or its district's most common one
 * (`district`) when the village's own is not known; null when neither is.
 */
export const PostcodeViewSchema = z
  .object({ postcode: z.string(), from: z.enum(["village", "district"]) })
  .nullable();
export type PostcodeView = z.infer<typeof PostcodeViewSchema>;

const AreaCode = z.string().regex(/^\d{2}(\.\d{2}){0,2}(\.\d{4})?$/, "errors.address.area");

const AddressInputSchema = z.object({
  name: plainText(z.string().trim().min(1, "errors.address.name").max(60, "errors.address.nameLong")),
  mobile: z
    .string()
    .trim()
    .min(1, "errors.address.mobile")
    .max(24, "errors.address.mobileFormat")
    .transform((v, ctx) => {
      const parsed = parseAccount(v.startsWith("+") || v.startsWith("0") ? v : `+62${v}`);
      if (parsed?.kind !== "phone") {
        ctx.addIssue({ code: "custom", message: "errors.address.mobileFormat" });
        return z.NEVER;
      }
      return parsed.value;
    }),
  provinceCode: AreaCode.min(1, "errors.address.area"),
  regencyCode: AreaCode.min(1, "errors.address.area"),
  districtCode: AreaCode.min(1, "errors.address.area"),
  villageCode: AreaCode.min(1, "errors.address.area"),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "errors.address.postcode"),
  detail: plainText(z.string().trim().min(1, "errors.address.detail").max(200, "errors.address.detailLong")),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSaveInputSchema = AddressInputSchema.extend({ id: AddressId.optional() });
export const AddressIdInputSchema = z.object({ id: AddressId });

export const AddressViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string(),
  provinceCode: z.string(),
  regencyCode: z.string(),
  districtCode: z.string(),
  villageCode: z.string(),
  /** The area's names, village first ("Kebon Kacang, Tanah Abang, Kota Administrasi Jakarta Pusat, DKI Jakarta"). */
  area: z.string(),
  postcode: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});
export type AddressView = z.infer<typeof AddressViewSchema>;
export const AddressesViewSchema = z.array(AddressViewSchema);

// ----------------------------------------------------------------------------------------- checkout

const CheckoutLineSchema = z.object({
  listingId: ListingId,
  variantId: VariantId.optional(),
  quantity: Quantity,
});

const CheckoutLinesSchema = z.array(CheckoutLineSchema).min(1, "errors.checkout.empty").max(maxCheckoutItems);

export const CheckoutQuoteInputSchema = z.object({
  lines: CheckoutLinesSchema,
  /** Where it goes: without an address there is nothing to quote postage for yet. */
  addressId: AddressId.optional(),
  /** The courier service chosen per store so far; a store not named gets its cheapest. */
  shipping: z.array(ShippingChoiceSchema).max(maxCheckoutItems).optional(),
  /** The vouchers the shopper chose (issue 42); left out, the checkout picks the best. */
  vouchers: CheckoutVouchersSchema.optional(),
});

export const PlaceOrderInputSchema = z.object({
  lines: CheckoutLinesSchema,
  addressId: AddressId,
  /** Each store's courier service with the postage the shopper saw: a changed price is refused, not charged. */
  shipping: z.array(PlacedShippingChoiceSchema).min(1, "errors.shipping.chooseService").max(maxCheckoutItems),
  method: z.enum(placeMethods, "errors.checkout.selectMethod"),
  /** The OVO account to push the payment to (OVO only). */
  phone: WalletPhoneSchema.optional(),
  /** The vouchers used, as the checkout showed them (issue 42); none by default. */
  vouchers: CheckoutVouchersSchema.default([]),
  /**
   * The orders' total the checkout showed (before a channel's or cash on delivery's fee): when the total is now
   * another (a flash sale sold out meanwhile, a price changed), placing is refused and nothing is charged.
   */
  expectedTotal: z.number().int().nonnegative().optional(),
  /** The lines came from the cart: they leave it once ordered. */
  fromCart: z.boolean().default(true),
  /** The payment PIN: asked for paying from the wallet (issue 43), not for a provider's channel or COD. */
  proof: ProofSchema.optional(),
  /** What the shopper writes to each store ("Pesan untuk penjual"); a blank note is no note. */
  notes: z
    .array(
      z.object({
        storeId: prefixedId("str"),
        note: plainText(z.string().trim().max(maxOrderNoteLength, "errors.orders.noteLong")),
      }),
    )
    .max(maxCheckoutItems)
    .default([]),
  idempotencyKey: IdempotencyKeySchema,
});

const QuoteItemSchema = z.object({
  listingId: z.string(),
  ...ItemVariantFields,
  name: z.string(),
  image: ImageViewSchema.nullable(),
  price: z.number().int(),
  quantity: z.number().int(),
  stock: z.number().int(),
});

/** What vouchers take off (issue 42): the store's own and the platform's off the items, free shipping off postage. */
const DiscountFields = {
  storeDiscount: z.number().int(),
  platformDiscount: z.number().int(),
  shippingDiscount: z.number().int(),
};

/** What a checkout will cost, per store and in all, before paying (all figures from settings). */
export const CheckoutQuoteViewSchema = z.object({
  stores: z.array(
    z.object({
      storeId: z.string(),
      storeName: z.string(),
      items: z.array(QuoteItemSchema),
      subtotal: z.number().int(),
      postage: z.number().int(),
      ...DiscountFields,
      serviceFee: z.number().int(),
      vat: z.number().int(),
      total: z.number().int(),
      /** Cash on delivery: the fee this store's order adds if paid on delivery (collected with its total). */
      codFee: z.number().int(),
      /** The courier services that can carry it to the address, cheapest first, and the one chosen. */
      shipping: z.object({
        options: z.array(ShippingOptionSchema),
        selected: ShippingOptionSchema.nullable(),
      }),
    }),
  ),
  subtotal: z.number().int(),
  postage: z.number().int(),
  ...DiscountFields,
  serviceFee: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  /** The vouchers this checkout could use, the chosen ones first (issue 42). */
  vouchers: z.array(CheckoutVoucherSchema),
  /** The VAT rate in basis points, as the page names it ("PPN 11%"). */
  vatBasisPoints: z.number().int(),
  balance: z.number().int(),
  /** The provider's channels on offer, with their fees (the wallet is always offered). */
  channels: z.array(ChannelOfferSchema),
  /**
   * Cash on delivery: why this shopper cannot pay this checkout on delivery (null: they can), its fee in all,
   * and the rules the reason names.
   */
  cod: z.object({
    refusal: z.enum(codRefusals).nullable(),
    fee: z.number().int(),
    maxAmount: z.number().int(),
    minAccountDays: z.number().int(),
    maxRefused: z.number().int(),
    refusalDays: z.number().int(),
  }),
});
export type CheckoutQuoteView = z.infer<typeof CheckoutQuoteViewSchema>;

export const PlaceOrderViewSchema = z.object({
  orderIds: z.array(z.string()),
  /** The payment attempt whose screen shows how to pay; null when paid from the wallet. */
  attemptId: z.string().nullable(),
});

export const PaymentIdInputSchema = z.object({ id: prefixedId("chk") });
export const PaymentResultViewSchema = z.object({
  status: z.enum(["pending", "paid", "cancelled", "expired"]),
  orderIds: z.array(z.string()),
  amount: z.number().int(),
  /** The attempt still waiting to be paid, whose screen the shopper can go back to. */
  attemptId: z.string().nullable(),
});

export const PayOrderInputSchema = z.object({
  id: OrderId,
  method: z.enum(checkoutMethods, "errors.checkout.selectMethod"),
  phone: WalletPhoneSchema.optional(),
  /** The payment PIN, for paying from the wallet (issue 43). */
  proof: ProofSchema.optional(),
  idempotencyKey: IdempotencyKeySchema,
});

// -------------------------------------------------------------------------------------------- orders

export const OrderListInputSchema = z.object({
  tab: z.enum(orderTabs).default("all"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(10),
});

const OrderItemViewSchema = z.object({
  listingId: z.string(),
  ...ItemVariantFields,
  sku: z.string(),
  name: z.string(),
  image: ImageViewSchema.nullable(),
  price: z.number().int(),
  quantity: z.number().int(),
});

const OrderCardViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  status: z.enum(orderStatuses),
  items: z.array(OrderItemViewSchema),
  /** Items, postage, service fee and VAT: what escrow holds for it once paid, and what a refund returns. */
  total: z.number().int(),
  /**
   * What the shopper pays for it in all, as checkout showed it: the total, plus on delivery the COD fee the
   * courier collects with it. The figure every screen shows as the order's total (issue 40).
   */
  grandTotal: z.number().int(),
  createdAt: z.date(),
  /** Until when an unpaid order can be paid. */
  payDueAt: z.date().nullable(),
});
export type OrderCardView = z.infer<typeof OrderCardViewSchema>;

export const OrderListViewSchema = z.object({
  items: z.array(OrderCardViewSchema),
  nextCursor: z.string().nullable(),
});

export const OrderCountsViewSchema = z.object({
  pending_payment: z.number().int(),
  pending_shipment: z.number().int(),
  pending_receipt: z.number().int(),
  pending_review: z.number().int(),
});

const OrderEventViewSchema = z.object({
  event: z.enum(orderEvents),
  actor: z.enum(orderActors),
  at: z.date(),
  /** Why it was cancelled (cancelled). */
  reason: z.enum(cancelReasons).nullable(),
  /** Shipped: the courier's name and the tracking number. */
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** An operator's note (exception, cancellation). */
  note: z.string().nullable(),
  /** Money moved by this step (paid, refunded, goods paid). */
  amount: z.number().int().nullable(),
  /** The item an after-sales step is about. */
  item: z.string().nullable(),
});

export const OrderDetailViewSchema = OrderCardViewSchema.extend({
  /** What the shopper wrote to the store at checkout. */
  note: z.string().nullable(),
  address: z.object({
    name: z.string(),
    mobile: z.string(),
    area: z.string(),
    postcode: z.string(),
    detail: z.string(),
  }),
  subtotal: z.number().int(),
  postage: z.number().int(),
  ...DiscountFields,
  serviceFee: z.number().int(),
  vat: z.number().int(),
  /** The VAT rate the order was charged at, in basis points. */
  vatBasisPoints: z.number().int(),
  paymentMethod: z.enum(paymentMethods),
  /** Cash on delivery: the fee the courier collects on top of the total (null for other methods). */
  codFee: z.number().int().nullable(),
  paidAt: z.date().nullable(),
  shippedAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  cancelReason: z.enum(cancelReasons).nullable(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The courier service chosen at checkout, with its arrival estimate (orders placed before issue 27: null). */
  shipping: ShippingOptionSchema.pick({
    courier: true,
    serviceName: true,
    kind: true,
    etaMinDays: true,
    etaMaxDays: true,
  }).nullable(),
  /** Its parcels with their tracking steps, newest step first. */
  shipments: z.array(ShipmentViewSchema),
  /** When a shipped order confirms itself. */
  autoConfirmAt: z.date().nullable(),
  events: z.array(OrderEventViewSchema),
  /** The payment attempt still open for it, whose screen shows how to pay. */
  attemptId: z.string().nullable(),
  /**
   * Where its money goes back if it is cancelled or returned: through the provider to the e-wallet or QRIS
   * app that paid it, or to the Pasar wallet (wallet payments, virtual accounts, retail outlets).
   */
  refundTo: z.enum(["wallet", "provider"]),
  /** While it can be paid: the provider's channels, with their fees for its total. */
  channels: z.array(ChannelOfferSchema),
  /** Returns and replacements asked for its items. */
  afterSales: z.array(AfterSalesViewSchema),
  /** A completed order: until when its items may be returned, and replaced. */
  afterSalesUntil: z.object({ return: z.date(), replacement: z.date() }).nullable(),
  actions: z.object({
    pay: z.boolean(),
    cancel: z.boolean(),
    confirm: z.boolean(),
    /** Its items may be reviewed (a completed order). */
    review: z.boolean(),
    /** Its products may go back into the cart ("Beli lagi": a completed or cancelled order). */
    buyAgain: z.boolean(),
  }),
});
export type OrderDetailView = z.infer<typeof OrderDetailViewSchema>;

/** What "Beli lagi" put in the cart: products added, and those no longer sold or sold out. */
export const BuyAgainViewSchema = z.object({
  added: z.number().int(),
  unavailable: z.number().int(),
});

export const OrderIdInputSchema = z.object({ id: OrderId });
export const OrderActionInputSchema = z.object({ id: OrderId, idempotencyKey: IdempotencyKeySchema });

// --------------------------------------------------------------------------------- merchant and ops

export const MerchantOrdersInputSchema = z.object({
  view: z.enum(merchantOrderViews).default("all"),
  /** Placed today, yesterday or this week (from Monday), in the Indonesian (WIB) calendar. */
  period: z.enum(orderPeriods).default("any"),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

const MerchantOrderViewSchema = OrderCardViewSchema.extend({
  goodsCost: z.number().int(),
  subtotal: z.number().int(),
  /** Sale subtotal minus goods cost: what the store earns on completion. */
  profit: z.number().int(),
  goodsPaidAt: z.date().nullable(),
  /** Until when the goods cost can be paid before the order is cancelled. */
  goodsDueAt: z.date().nullable(),
  /** Returns and replacements of it waiting for the store's decision. */
  afterSalesOpen: z.number().int(),
});
export type MerchantOrderView = z.infer<typeof MerchantOrderViewSchema>;

/** A store's order in full, with what it moved in and out of the merchant's wallet. */
export const MerchantOrderDetailViewSchema = OrderDetailViewSchema.extend({
  /** The price of the items refunded to the shopper (returns), taken out of the sale. */
  returned: z.number().int(),
  /** The store's part of return parcels' postage. */
  returnPostage: z.number().int(),
  /** The goods cost less that of the items refunded; the profit is what the store keeps after its returns. */
  goodsCost: z.number().int(),
  profit: z.number().int(),
  goodsPaidAt: z.date().nullable(),
  goodsDueAt: z.date().nullable(),
  /** Every movement of the order in the store's wallet, named as its fund history names it. */
  moves: z.array(
    z.object({ kind: z.enum(fundTypes), entry: z.enum(fundEntries), amount: z.number().int(), at: z.date() }),
  ),
});
export type MerchantOrderDetailView = z.infer<typeof MerchantOrderDetailViewSchema>;

export const MerchantOrdersViewSchema = z.object({
  items: z.array(MerchantOrderViewSchema),
  nextCursor: z.string().nullable(),
  balance: z.number().int(),
  /** The goods cost of every order still waiting for it. */
  goodsDue: z.number().int(),
});

export const PayGoodsInputSchema = z.object({
  /** The orders to pay the goods of; none means every order still waiting. */
  orderIds: z.array(OrderId).max(100).optional(),
  idempotencyKey: IdempotencyKeySchema,
});
export const PayGoodsViewSchema = z.object({ paid: z.number().int(), amount: z.number().int() });

export const FulfilmentInputSchema = z.object({
  view: z.enum(fulfilmentViews).default("to_ship"),
  /** Only the orders that use this voucher (issue 42: the operator sees each voucher's orders). */
  voucherId: VoucherId.optional(),
  cursor: CursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});

const FulfilmentOrderViewSchema = MerchantOrderViewSchema.extend({
  user: z.string(),
  /** What the shopper wrote to the store at checkout (the packer reads it too). */
  note: z.string().nullable(),
  address: OrderDetailViewSchema.shape.address,
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  exception: z.string().nullable(),
  /** The service the shopper chose, which shipping books. */
  serviceName: z.string().nullable(),
  /** The order's parcel, once booked: its label data and where it is. */
  shipment: z
    .object({
      id: z.string(),
      provider: z.enum(["table", "biteship"]),
      serviceName: z.string(),
      waybill: z.string().nullable(),
      routingCode: z.string().nullable(),
      /** Cash the courier collects at the door (cash on delivery), printed on the label. */
      codAmount: z.number().int().nullable(),
      status: z.enum(shipmentStatuses),
      /** Where the built-in courier's desk may move it next (none for another courier's parcel). */
      moves: z.array(z.enum(shipmentStatuses)),
    })
    .nullable(),
});
export type FulfilmentOrderView = z.infer<typeof FulfilmentOrderViewSchema>;

export const FulfilmentViewSchema = z.object({
  items: z.array(FulfilmentOrderViewSchema),
  nextCursor: z.string().nullable(),
});

/** The operator ships with the service the shopper chose: the courier is booked, its waybill comes back. */
export const ShipInputSchema = z.object({
  id: OrderId,
  idempotencyKey: IdempotencyKeySchema,
});

export const ExceptionInputSchema = z.object({
  id: OrderId,
  note: plainText(z.string().trim().min(1, "errors.ops.reasonRequired").max(300, "errors.ops.reasonLong")),
  idempotencyKey: IdempotencyKeySchema,
});

export const OrderActionViewSchema = z.object({ id: z.string(), status: z.enum(orderStatuses) });
