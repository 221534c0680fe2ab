import { type CheckoutQuoteView } from "#common/contracts/orders.ts";
import { type PlaceMethod } from "#common/payment-channels.ts";
import { localize } from "#common/locales.ts";
import { getAddress } from "../modules/addresses/addresses.service.ts";
import { walletBalance } from "../modules/ledger/ledger.service.ts";
import { type PaymentDeps, priceLines, setDiscounts, setPostage } from "../modules/orders/orders.service.ts";
import { channelOffers } from "../modules/payments/payments.service.ts";
import { getCodSettings, getMoneySettings } from "../modules/settings/settings.service.ts";
import type { CourierGateway, CourierQuote } from "../platform/couriers.ts";
import { imageView } from "../platform/images.ts";
import { now } from "../platform/clock.ts";
import { checkoutVouchers, voucherView } from "./checkout-vouchers.ts";
import { codOffer } from "./cod.ts";
import { selectOrderLines } from "./order-lines.ts";
import { chosenOption, shippingOptions } from "./shipping-options.ts";

export interface ShippingChoice {
  storeId: string;
  courier: string;
  service: string;
}

/**
 * Prices the lines per store with each store's courier service to the address: the one chosen if still
 * offered, else the cheapest. Without an address, or where no courier serves it, the store has no option and
 * no postage (the checkout cannot be placed until it has).
 */
export async function priceCheckout(
  deps: PaymentDeps & { courier: CourierGateway },
  userId: string,
  input: {
    lines: readonly { listingId: string; variantId?: string | undefined; quantity: number }[];
    addressId?: string | undefined;
    shipping?: readonly ShippingChoice[] | undefined;
    /** The vouchers asked for; undefined for the best combination (issue 42). */
    vouchers?: readonly string[] | undefined;
    method?: PlaceMethod | undefined;
  },
) {
  const [settings, rows, address] = await Promise.all([
    getMoneySettings(deps.db),
    selectOrderLines(deps.db, input.lines),
    input.addressId ? getAddress(deps.db, userId, input.addressId) : undefined,
  ]);
  const stores = priceLines(input.lines, rows, settings, deps.lang);
  const options = address
    ? await shippingOptions(
        deps,
        address,
        stores.map((s) => ({
          storeId: s.storeId,
          lines: s.lines.map(({ row, quantity }) => ({
            row: { ...row, name: localize(row.name, "ind") },
            quantity,
          })),
        })),
      )
    : new Map<string, CourierQuote[]>();
  const priced = stores.map((s) => {
    const offered = options.get(s.storeId) ?? [];
    const selected = chosenOption(
      offered,
      input.shipping?.find((c) => c.storeId === s.storeId),
    );
    setPostage(s, selected?.price ?? 0);
    return { ...s, options: offered, selected };
  });
  const vouchers = await checkoutVouchers(deps.db, userId, priced, {
    chosen: input.vouchers,
    method: input.method,
    at: now(),
  });
  for (const s of priced) setDiscounts(s, vouchers, settings);
  return { settings, address, stores: priced, vouchers };
}

/** What a checkout of these lines costs, per store and in all, with the shopper's balance. */
export async function quoteCheckout(
  deps: PaymentDeps & { courier: CourierGateway },
  userId: string,
  input: {
    lines: readonly { listingId: string; variantId?: string | undefined; quantity: number }[];
    addressId?: string | undefined;
    shipping?: readonly ShippingChoice[] | undefined;
  },
): Promise<CheckoutQuoteView> {
  const [{ settings, stores, vouchers }, balance, codSettings] = await Promise.all([
    priceCheckout(deps, userId, input),
    walletBalance(deps.db, userId),
    getCodSettings(deps.db),
  ]);
  const cod = await codOffer(deps.db, codSettings, userId, stores, { placing: false });
  const sum = (
    k:
      | "subtotal"
      | "postage"
      | "storeDiscount"
      | "platformDiscount"
      | "shippingDiscount"
      | "serviceFee"
      | "vat"
      | "total",
  ) => stores.reduce((s, x) => s + x[k], 0);
  const storeName = (id: string | null) => stores.find((s) => s.storeId === id)?.storeName ?? null;
  const option = (q: CourierQuote) => ({
    courier: q.courier,
    service: q.service,
    serviceName: q.serviceName,
    kind: q.kind,
    price: q.price,
    etaMinDays: q.etaMinDays,
    etaMaxDays: q.etaMaxDays,
    cod: q.cod,
  });
  return {
    stores: stores.map((s, i) => ({
      storeId: s.storeId,
      storeName: s.storeName,
      items: s.lines.map(({ row, quantity }) => ({
        listingId: row.listingId,
        variantId: row.variantId,
        variantLabel: row.variantLabel ? localize(row.variantLabel, deps.lang) : null,
        name: localize(row.name, deps.lang),
        image: imageView(deps.storage, row.image),
        price: row.price,
        quantity,
        stock: row.stock,
      })),
      subtotal: s.subtotal,
      postage: s.postage,
      storeDiscount: s.storeDiscount,
      platformDiscount: s.platformDiscount,
      shippingDiscount: s.shippingDiscount,
      serviceFee: s.serviceFee,
      vat: s.vat,
      total: s.total,
      codFee: cod.fees[i]!,
      shipping: { options: s.options.map(option), selected: s.selected ? option(s.selected) : null },
    })),
    subtotal: sum("subtotal"),
    postage: sum("postage"),
    storeDiscount: sum("storeDiscount"),
    platformDiscount: sum("platformDiscount"),
    shippingDiscount: sum("shippingDiscount"),
    serviceFee: sum("serviceFee"),
    vat: sum("vat"),
    total: sum("total"),
    vouchers: vouchers.offers
      .map((o) => ({
        ...voucherView(o.voucher, storeName(o.voucher.storeId)),
        discount: o.amount,
        refusal: o.refusal,
        chosen: o.chosen,
      }))
      .toSorted((a, b) => Number(b.chosen) - Number(a.chosen)),
    vatBasisPoints: settings.vatBasisPoints,
    balance,
    channels: channelOffers(deps.gateway, settings, sum("total")),
    cod: {
      refusal: cod.refusal,
      fee: cod.fee,
      maxAmount: codSettings.maxAmount,
      minAccountDays: codSettings.minAccountDays,
      maxRefused: codSettings.maxRefused,
      refusalDays: codSettings.refusalDays,
    },
  };
}
