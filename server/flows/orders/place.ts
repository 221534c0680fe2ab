import type { Proof } from "#common/contracts/auth.ts";
import { localize } from "#common/locales.ts";
import { type PlaceMethod } from "#common/payment-channels.ts";
import { getAddress } from "../../modules/addresses/addresses.service.ts";
import { checkProof } from "../../modules/auth/proof.ts";
import { securityNotice } from "../security-notice.ts";
import { removeItems } from "../../modules/cart/cart.service.ts";
import { once } from "../../modules/ledger/ledger.service.ts";
import {
  insertEvents,
  insertOrders,
  orderEvent,
  type PaymentDeps,
  priceLines,
  setDiscounts,
  setPostage,
  type OrderRow,
  type OrderShipping,
} from "../../modules/orders/orders.service.ts";
import { getCodSettings, getMoneySettings } from "../../modules/settings/settings.service.ts";
import { now } from "../../platform/clock.ts";
import { newId, orderCode } from "../../platform/ids.ts";
import { priceCheckout } from "../../read/checkout-quote.ts";
import { checkoutVouchers } from "../../read/checkout-vouchers.ts";
import { codOffer, codRefusalParams } from "../../read/cod.ts";
import { selectOrderLines } from "../../read/order-lines.ts";
import type { CourierGateway, CourierQuote } from "../../platform/couriers.ts";
import { DomainError } from "../../platform/errors.ts";
import { customerOf, deadlineFor, openAttempt, requestAttempt } from "../payments/steps/attempts.ts";
import { confirmCod, openPayment, payFromWallet } from "./steps/payment.ts";
import { reserveVouchers } from "./steps/vouchers.ts";
import { tellAwaitingPayment } from "./steps/notices.ts";
import { reserveLines } from "../promotions/steps/flash-stock.ts";

/**
 * Places one order per store for the lines, at the delivery address, and pays from the wallet at once, opens
 * a gateway payment, or (cash on delivery, for a shopper who qualifies) takes no money: the orders wait for
 * shipment with their stock reserved, and the courier collects on delivery. All or nothing: stock short, a
 * product gone or (wallet) the balance short, and no order exists and nothing moved. Paying from the wallet asks for
 * the payment PIN. Idempotent by key: a double tap places one set of orders.
 */
export async function placeOrders(
  deps: PaymentDeps & { courier: CourierGateway },
  userId: string,
  input: {
    lines: { listingId: string; variantId?: string | undefined; quantity: number }[];
    addressId: string;
    shipping: { storeId: string; courier: string; service: string; price: number }[];
    method: PlaceMethod;
    phone?: string | undefined;
    fromCart: boolean;
    notes?: { storeId: string; note: string }[] | undefined;
    /** The vouchers the checkout showed as used (issue 42). */
    vouchers?: string[] | undefined;
    /** The total the checkout showed; another is refused (`errors.checkout.totalChanged`). */
    expectedTotal?: number | undefined;
    /** The payment PIN: paying from the wallet asks for it (issue 43). */
    proof?: Proof | undefined;
    idempotencyKey: string;
  },
): Promise<{ orderIds: string[]; attemptId: string | null }> {
  // The PIN is checked (and a wrong one counted) before anything else, outside the transaction that may fail.
  if (input.method === "wallet") await checkProof(deps, userId, input.proof, securityNotice);
  // A blank note is no note; one per store (the last one written).
  const notes = new Map(
    (input.notes ?? []).filter((n) => n.note.trim() !== "").map((n) => [n.storeId, n.note.trim()]),
  );
  const settings = await getMoneySettings(deps.db);
  // Postage is quoted before the transaction (a courier may be a remote call) and checked against what the
  // shopper was shown; what that finds is thrown inside it, so a repeated request still gets its stored answer.
  const shipping = await checkShipping(deps, userId, input).then(
    (checked) => checked,
    (error: unknown) => ({ error }),
  );
  const placed = await once(
    deps.db,
    {
      userId,
      key: input.idempotencyKey,
      operation: "orders.place",
      request: {
        lines: input.lines,
        addressId: input.addressId,
        shipping: input.shipping,
        method: input.method,
        phone: input.phone ?? null,
        notes: [...notes],
        vouchers: input.vouchers ?? [],
        expectedTotal: input.expectedTotal ?? null,
      },
    },
    async (tx) => {
      if ("error" in shipping) throw shipping.error;
      const address = await getAddress(tx, userId, input.addressId);
      const rows = await selectOrderLines(tx, input.lines);
      const stores = priceLines(input.lines, rows, settings, deps.lang);
      for (const s of stores) setPostage(s, shipping.chosen.get(s.storeId)!.price);
      const at = now();
      // The vouchers as the checkout applied them, checked again here; reserved once the orders exist.
      const vouchers = await checkoutVouchers(tx, userId, stores, {
        chosen: input.vouchers ?? [],
        method: input.method,
        at,
      });
      const refused = vouchers.refused[0];
      if (refused) throw new DomainError("conflict", `errors.vouchers.${refused.reason}`);
      for (const s of stores) setDiscounts(s, vouchers, settings);
      // An order of Rp 0 has nothing to pay or refund (possible only when the operator charges no service fee).
      if (stores.some((s) => s.total <= 0)) throw new DomainError("conflict", "errors.vouchers.nothingToPay");
      // A flash sale that sold out since the checkout, or a price changed: the new total is shown, not charged.
      const total = stores.reduce((sum, s) => sum + s.total, 0);
      if (input.expectedTotal !== undefined && input.expectedTotal !== total) {
        throw new DomainError("conflict", "errors.checkout.totalChanged");
      }
      await reserveLines(
        tx,
        userId,
        stores.flatMap((s) =>
          s.lines.map(({ row, quantity }) => ({
            variantId: row.variantId,
            quantity,
            name: localize(row.name, deps.lang),
            flashItemId: row.flashItemId,
            flashLimit: row.flashLimit,
          })),
        ),
      );
      const cod = input.method === "cod";
      // Nothing is paid now on delivery, and the wallet pays at once: the deadline is the moment it was
      // placed, and nothing expires it. A channel gives its group's window (decision 19).
      const payDueAt =
        input.method === "cod" || input.method === "wallet"
          ? at
          : deadlineFor(settings, input.method, at, at);
      const rowsToInsert = stores.map((s, i) => ({
        id: newId("ord", at.getTime() + i),
        code: orderCode(at),
        userId,
        storeId: s.storeId,
        status: cod ? ("paid" as const) : ("pending_payment" as const),
        address: {
          name: address.name,
          mobile: address.mobile,
          provinceCode: address.provinceCode,
          regencyCode: address.regencyCode,
          districtCode: address.districtCode,
          villageCode: address.villageCode,
          area: address.area,
          postcode: address.postcode,
          detail: address.detail,
        },
        shipping: shippingOf(shipping.chosen.get(s.storeId)!),
        subtotal: s.subtotal,
        goodsCost: s.goodsCost,
        postage: s.postage,
        storeDiscount: s.storeDiscount,
        platformDiscount: s.platformDiscount,
        shippingDiscount: s.shippingDiscount,
        serviceFee: s.serviceFee,
        vat: s.vat,
        vatBasisPoints: settings.vatBasisPoints,
        total: s.total,
        codFee: cod ? shipping.codFees.get(s.storeId)! : null,
        paymentMethod: input.method,
        note: notes.get(s.storeId) ?? null,
        payDueAt,
        createdAt: at,
        updatedAt: at,
      }));
      await insertOrders(
        tx,
        rowsToInsert,
        stores.flatMap((s, i) =>
          s.lines.map(({ row, quantity, storeDiscount, platformDiscount }) => ({
            // A snapshot of the variant as bought: renaming, repricing or archiving it never changes the order.
            orderId: rowsToInsert[i]!.id,
            listingId: row.listingId,
            supplyProductId: row.supplyProductId,
            variantId: row.variantId,
            name: row.name,
            variantLabel: row.variantLabel,
            sku: row.sku,
            image: row.image,
            price: row.price,
            merchantPrice: row.merchantPrice,
            quantity,
            storeDiscount,
            platformDiscount,
            flashItemId: row.flashItemId,
            weightGrams: row.weightGrams,
            lengthCm: row.lengthCm,
            widthCm: row.widthCm,
            heightCm: row.heightCm,
          })),
        ),
      );
      await reserveVouchers(tx, vouchers.applied, rowsToInsert, userId, at);
      await insertEvents(
        tx,
        rowsToInsert.map((o) => orderEvent(o.id, "placed", "shopper", userId, { amount: o.total })),
      );
      if (input.fromCart) {
        await removeItems(
          tx,
          userId,
          stores.flatMap((s) =>
            s.lines.map(({ row }) => ({ listingId: row.listingId, variantId: row.variantId })),
          ),
        );
      }
      if (input.method === "cod") {
        await confirmCod(tx, settings, rowsToInsert as OrderRow[]);
        return {
          orderIds: rowsToInsert.map((o) => o.id),
          paymentId: null,
          attemptId: null,
          name: address.name,
        };
      }
      const method = input.method;
      const paymentId = await openPayment(tx, userId, method, rowsToInsert, payDueAt);
      const attemptId =
        method === "wallet"
          ? null
          : await openAttempt(tx, deps.gateway, settings, {
              purpose: "orders",
              subjectId: paymentId,
              userId,
              amountDue: rowsToInsert.reduce((sum, o) => sum + o.total, 0),
              channel: method,
              phone: input.phone,
              expiresAt: payDueAt,
              orderIds: rowsToInsert.map((o) => o.id),
            });
      if (method === "wallet") {
        await payFromWallet(tx, settings, userId, paymentId, rowsToInsert as OrderRow[]);
      } else {
        // Waiting for the provider: the shopper is told how much, by when (issue 44); a repeated tap, once.
        await tellAwaitingPayment(tx, userId, rowsToInsert, payDueAt);
      }
      return { orderIds: rowsToInsert.map((o) => o.id), paymentId, attemptId, name: address.name };
    },
  );
  if (placed.attemptId && placed.paymentId) {
    const customer = await customerOf(deps.db, userId, placed.name);
    await requestAttempt(deps, placed.attemptId, customer, `Pasar ${placed.paymentId}`);
  }
  return { orderIds: placed.orderIds, attemptId: placed.attemptId };
}

/**
 * Each store's chosen courier service, quoted again now: refused when it is no longer offered or its price is
 * not the one the shopper saw (the checkout then shows the new one), so a changed postage is never charged
 * unseen. Cash on delivery is checked here too (the shopper qualifies, every service collects cash, within
 * the cap), with each store order's fee.
 */
async function checkShipping(
  deps: PaymentDeps & { courier: CourierGateway },
  userId: string,
  input: Parameters<typeof placeOrders>[2],
): Promise<{ chosen: Map<string, CourierQuote>; codFees: Map<string, number> }> {
  const { stores } = await priceCheckout(deps, userId, { ...input, vouchers: input.vouchers ?? [] });
  const chosen = new Map<string, CourierQuote>();
  for (const s of stores) {
    const choice = input.shipping.find((c) => c.storeId === s.storeId);
    const offered =
      choice && s.options.find((o) => o.courier === choice.courier && o.service === choice.service);
    if (!choice || !offered) {
      throw new DomainError("conflict", "errors.shipping.serviceGone", { store: s.storeName });
    }
    if (offered.price !== choice.price) {
      throw new DomainError("conflict", "errors.shipping.priceChanged", { store: s.storeName });
    }
    chosen.set(s.storeId, offered);
  }
  const codFees = new Map<string, number>();
  if (input.method === "cod") {
    const settings = await getCodSettings(deps.db);
    const offer = await codOffer(deps.db, settings, userId, stores, { placing: true });
    if (offer.refusal) {
      throw new DomainError(
        "conflict",
        `errors.cod.${offer.refusal}`,
        codRefusalParams(settings, offer.refusal),
      );
    }
    stores.forEach((s, i) => codFees.set(s.storeId, offer.fees[i]!));
  }
  return { chosen, codFees };
}

function shippingOf(q: CourierQuote): OrderShipping {
  return {
    courier: q.courier,
    service: q.service,
    serviceName: q.serviceName,
    kind: q.kind,
    etaMinDays: q.etaMinDays,
    etaMaxDays: q.etaMaxDays,
    chargeableKg: q.chargeableKg,
  };
}
