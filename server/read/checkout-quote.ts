import { type CheckoutQuoteView } from "#common/contracts/orders.ts";
import { localize } from "#common/locales.ts";
import { walletBalance } from "../modules/ledger/ledger.service.ts";
import { type PaymentDeps, priceLines } from "../modules/orders/orders.service.ts";
import { channelOffers } from "../modules/payments/payments.service.ts";
import { getMoneySettings } from "../modules/settings/settings.service.ts";
import { imageView } from "../platform/images.ts";
import { selectOrderLines } from "./order-lines.ts";

/** What a checkout of these lines costs, per store and in all, with the shopper's balance. */
export async function quoteCheckout(
  deps: PaymentDeps,
  userId: string,
  lines: readonly { listingId: string; quantity: number }[],
): Promise<CheckoutQuoteView> {
  const [settings, rows, balance] = await Promise.all([
    getMoneySettings(deps.db),
    selectOrderLines(
      deps.db,
      lines.map((l) => l.listingId),
    ),
    walletBalance(deps.db, userId),
  ]);
  const stores = priceLines(lines, rows, settings, deps.lang);
  const sum = (k: "subtotal" | "postage" | "serviceFee" | "vat" | "total") =>
    stores.reduce((s, x) => s + x[k], 0);
  return {
    stores: stores.map((s) => ({
      storeId: s.storeId,
      storeName: s.storeName,
      items: s.lines.map(({ row, quantity }) => ({
        listingId: row.listingId,
        name: localize(row.name, deps.lang),
        image: imageView(deps.storage, row.image),
        price: row.price,
        quantity,
        stock: row.stock,
      })),
      subtotal: s.subtotal,
      postage: s.postage,
      serviceFee: s.serviceFee,
      vat: s.vat,
      total: s.total,
    })),
    subtotal: sum("subtotal"),
    postage: sum("postage"),
    serviceFee: sum("serviceFee"),
    vat: sum("vat"),
    total: sum("total"),
    vatBasisPoints: settings.vatBasisPoints,
    balance,
    channels: channelOffers(deps.gateway, settings, sum("total")),
    paymentWindowMinutes: settings.paymentWindowMinutes,
  };
}
