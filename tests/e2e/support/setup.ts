import type { APIRequestContext } from "@playwright/test";
import { shopperPin, trpcMutation } from "./accounts.ts";
import { trpcQuery } from "./browsing.ts";

/**
 * The set-up steps the journeys' screens tests (decision 0016) and other tests share: each goes through the real
 * tRPC procedures, as the shopper, the store or the operator would through the screens.
 */

let keys = 0;

/** An idempotency key no other call uses (16 to 64 of [A-Za-z0-9_-]). */
export function idempotencyKey(what: string): string {
  return `e2e-${what}-${Date.now().toString(36)}-${process.pid.toString(36)}-${++keys}-${Math.random()
    .toString(36)
    .slice(2, 8)}`.slice(0, 64);
}

/** A delivery address in Jakarta (Kebon Kacang, Tanah Abang), as `addresses.save` takes it. */
export const jakartaAddress = {
  name: "Siti Aminah",
  mobile: "0812 3456 7890",
  provinceCode: "31",
  regencyCode: "31.71",
  districtCode: "31.71.07",
  villageCode: "31.71.07.1006",
  postcode: "10240",
  detail: "Jl. Kebon Kacang Raya No. 12",
  isDefault: true,
};

/** A tRPC mutation taking multipart form data (an application, a review, an after-sales request, a picture). */
export async function formMutation<T>(
  request: APIRequestContext,
  procedure: string,
  fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  token: string,
): Promise<T> {
  const res = await request.post(`/trpc/${procedure}`, {
    headers: { authorization: token, lang: "ind" },
    multipart: fields,
  });
  const body = await res.text();
  if (!res.ok()) throw new Error(`${procedure} answered ${res.status()}: ${body}`);
  return (JSON.parse(body) as { result: { data: { json: T } } }).result.data.json;
}

/** The operator credits `account`'s wallet with `amount` (ops.money.adjust). */
export async function credit(
  request: APIRequestContext,
  opsToken: string,
  account: string,
  amount: number,
  reason = "uji e2e",
): Promise<void> {
  await trpcMutation(
    request,
    "ops.money.adjust",
    { account, amount, reason, idempotencyKey: idempotencyKey("credit") },
    { authorization: opsToken },
  );
}

/** Saves a (default) delivery address for the holder of `token`; answers its id. */
export async function saveAddress(
  request: APIRequestContext,
  token: string,
  address: typeof jakartaAddress = jakartaAddress,
): Promise<string> {
  const saved = await trpcMutation<{ id: string }>(request, "addresses.save", address, {
    authorization: token,
  });
  return saved.id;
}

/**
 * Lines with their variant: a line that names none gets the product's first variant with enough stock, as a shopper
 * choosing on the product page would (the demo's fashion, shoes and cosmetics come in sizes and colours).
 */
export async function withVariants(
  request: APIRequestContext,
  lines: readonly { listingId: string; variantId?: string; quantity: number }[],
) {
  return Promise.all(
    lines.map(async (line) => {
      if (line.variantId) return line;
      const product = await trpcQuery<{ variants: { id: string; stock: number }[] }>(
        request,
        "listings.get",
        {
          id: line.listingId,
        },
      );
      const variant = product.variants.find((v) => v.stock >= line.quantity) ?? product.variants[0]!;
      return { ...line, variantId: variant.id };
    }),
  );
}

/** The variant an order bought of a listing (the item a review or a return names). */
export async function itemOf(
  request: APIRequestContext,
  token: string,
  orderId: string,
  listingId: string,
): Promise<string> {
  const order = await trpcQuery<{ items: { listingId: string; variantId: string }[] }>(
    request,
    "orders.get",
    { id: orderId },
    "ind",
    token,
  );
  return order.items.find((i) => i.listingId === listingId)!.variantId;
}

interface QuotedStore {
  storeId: string;
  shipping: { selected: { courier: string; service: string; price: number } | null };
}

/**
 * Places orders over HTTP as the checkout page does: quotes the lines to the address, then places them with each
 * store's preselected (cheapest) courier service at the price quoted.
 */
export async function placeOrders<T = { orderIds: string[] }>(
  request: APIRequestContext,
  shopper: string | { authorization: string; lang?: string },
  input: { lines: { listingId: string; quantity: number }[]; addressId: string } & Record<string, unknown>,
): Promise<T> {
  const headers: Record<string, string> =
    typeof shopper === "string"
      ? { authorization: shopper }
      : { authorization: shopper.authorization, ...(shopper.lang ? { lang: shopper.lang } : {}) };
  const lines = await withVariants(request, input.lines);
  const quote = await trpcQuery<{ stores: QuotedStore[] }>(
    request,
    "orders.quote",
    { lines, addressId: input.addressId },
    "ind",
    headers.authorization,
  );
  const shipping = quote.stores.map((s) => ({ storeId: s.storeId, ...s.shipping.selected! }));
  // The language rides along: a payment's pages speak the one it was placed in.
  // The wallet asks for the payment PIN (issue 43): the demo accounts' and the pool's.
  const proof = input.method === "wallet" ? { proof: { pin: shopperPin } } : {};
  return trpcMutation<T>(request, "orders.place", { ...proof, ...input, lines, shipping }, headers);
}

/** Places one order per store for `lines`, paid from the wallet of the holder of `token`; answers the orders. */
export async function placeWalletOrder(
  request: APIRequestContext,
  token: string,
  addressId: string,
  lines: { listingId: string; quantity: number }[],
): Promise<string[]> {
  const placed = await placeOrders(request, token, {
    lines,
    addressId,
    method: "wallet",
    fromCart: false,
    idempotencyKey: idempotencyKey("place"),
  });
  return placed.orderIds;
}

/** The store pays a placed order's goods and the operator ships it: the shopper can receive it. */
export async function payGoodsAndShip(
  request: APIRequestContext,
  orderId: string,
  tokens: { merchant: string; ops: string },
): Promise<void> {
  await trpcMutation(
    request,
    "merchantOrders.payGoods",
    { orderIds: [orderId], idempotencyKey: idempotencyKey("goods") },
    { authorization: tokens.merchant },
  );
  await trpcMutation(
    request,
    "ops.orders.ship",
    { id: orderId, idempotencyKey: idempotencyKey("ship") },
    { authorization: tokens.ops },
  );
}

/**
 * The courier desk carries an after-sales request's parcel (a return to the warehouse, a replacement to the
 * shopper) to "delivered", as the built-in courier's people would (issue 27); the shop learns of it by tracking.
 */
export async function deliverRequestParcel(
  request: APIRequestContext,
  tokens: { shopper: string; ops: string },
  orderId: string,
  requestId?: string,
): Promise<void> {
  const order = await trpcQuery<{ afterSales: { id: string; shipment: { id: string } | null }[] }>(
    request,
    "orders.get",
    { id: orderId },
    "ind",
    tokens.shopper,
  );
  const parcel = order.afterSales.find((r) => !requestId || r.id === requestId)?.shipment;
  if (!parcel) throw new Error(`no parcel for the requests of ${orderId}`);
  for (const to of ["picked_up", "in_transit", "out_for_delivery", "delivered"]) {
    await trpcMutation(
      request,
      "ops.orders.moveParcel",
      { shipmentId: parcel.id, to },
      { authorization: tokens.ops },
    );
  }
}
