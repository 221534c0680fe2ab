import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { transact } from "../db/transaction.ts";
import type { Logger } from "../platform/logger.ts";
import { addMs, hour, now } from "../platform/clock.ts";
import { scheduleJob } from "../platform/jobs.ts";
import type { Storage } from "../platform/storage.ts";
import type { StoredImage } from "#common/images.ts";
import { createAccount, hasAccounts } from "../modules/auth/auth.service.ts";
import { createCategory } from "../modules/catalog/categories.service.ts";
import { listInStore } from "../modules/catalog/merchant-listings.service.ts";
import { saveVariantsLocked, setVariantPictures } from "../modules/catalog/supply-variants.service.ts";
import { createSupplyProduct, opsView } from "../modules/catalog/supply.service.ts";
import { updateWebConfig } from "../modules/settings/settings.service.ts";
import { createStore } from "../modules/stores/stores.service.ts";
import { applyForStore } from "../flows/merchants.ts";
import { adjustWallet } from "../flows/wallet/adjust.ts";
import { approveWithdrawal } from "../flows/wallet/decide-withdrawal.ts";
import { requestWithdrawal } from "../flows/wallet/withdraw.ts";
import { saveBankCard } from "../modules/wallet/wallet.service.ts";
import { createFaq } from "../modules/support/support.service.ts";
import { saveAddress } from "../modules/addresses/addresses.service.ts";
import { createSandboxGateway } from "../modules/gateway/gateway.service.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import { cancelOrder } from "../flows/orders/cancel.ts";
import { confirmReceipt } from "../flows/orders/confirm.ts";
import { payGoods } from "../flows/orders/settle-goods.ts";
import { placeOrders } from "../flows/orders/place.ts";
import { createTableCourier } from "../modules/courier/courier.service.ts";
import { priceCheckout } from "../read/checkout-quote.ts";
import { shipOrder } from "../flows/orders/ship.ts";
import { shopperSend } from "../flows/chat/shopper-send.ts";
import { storeSend } from "../flows/chat/store-send.ts";
import { createRateLimits } from "../platform/rate-limit.ts";
import { seedFaqs } from "./faqs.ts";
import { CAT, seedCategories, seedProducts, seedStores } from "./catalogue-data.ts";
import { expandVariants, seedVariants, type SeedVariants } from "./catalogue-variants.ts";
import { demoPictures, drawDemoPictures, type DemoPictures } from "./pictures.ts";
import { drawPicturesJob } from "../flows/demo-pictures.ts";
import { createPlatformVoucher } from "../flows/promotions/create-platform-voucher.ts";
import { createStoreVoucher } from "../flows/promotions/create-store-voucher.ts";
import { pickForFlash, seedDemoFlashSale, type FlashPick } from "./flash.ts";
import { seedPin } from "../modules/auth/pin.service.ts";

/** Demo accounts, documented in the README. */
export const demoPassword = "pasar-demo-2026";
/** The demo shopper's and merchants' payment PIN (issue 43), documented in the README. */
export const demoPin = "582604";
export const demoAccounts = {
  shopper: "shopper@pasar.test",
  /**
   * The demo shopper's phone number: the account has one as if proved by code at sign-up, and has shopped for a
   * month, so cash on delivery is open to it.
   */
  shopperPhone: "+6281200002026",
  operator: "operator@pasar.test",
  merchant: (index: number) => `merchant${index + 1}@pasar.test`,
  /** A shopper whose merchant application awaits the operator's review. */
  applicant: "applicant@pasar.test",
};

interface SeedOptions {
  /** Edge in pixels of the product pictures (icons and logos are never bigger); tests seed small ones quickly. */
  imageSize?: number;
  /**
   * When the pictures are drawn: `now`, before this answers (tests); `later`, by a durable job scheduled with the
   * shop (server/seed/main.ts: the first start answers while they are drawn). Their records are written either way.
   */
  pictures?: "now" | "later";
  /** Where the shop answers: the demo's unpaid order is opened on its payment provider, which calls back here. */
  publicUrl?: string;
  /** The shop's payment provider (default: the sandbox over the same database). */
  gateway?: PaymentGateway;
  /** Told each step as it starts (the first start prints them). */
  progress?: (step: SeedStep) => void;
}

/** The steps of seeding, in order. */
export const seedSteps = ["shop", "orders"] as const;
export type SeedStep = (typeof seedSteps)[number];

/** Rounds a price the way Indonesian shops do: to Rp 500 below 100k, to Rp 1.000 above. */
function shopPrice(value: number): number {
  const step = value < 100_000 ? 500 : 1000;
  return Math.round(value / step) * step;
}

/**
 * Seeds the demo shop on an empty database, through the same services the app uses, in one transaction:
 * a crash or a failure midway leaves the database empty, so the next start seeds it again. Two processes
 * starting together seed once (an advisory lock, then the emptiness check). Returns false (and does
 * nothing) when accounts already exist.
 */
export async function seedDemoData(db: Db, storage: Storage, log: Logger, opts: SeedOptions = {}) {
  if (await hasAccounts(db)) return false;
  const started = performance.now();
  const imageSize = opts.imageSize ?? 800;
  const pictures = demoPictures(imageSize);
  opts.progress?.("shop");
  const seeded = await transact(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (await hasAccounts(tx)) return false;
    const publicUrl = opts.publicUrl ?? "http://localhost:3000";
    const gateway = opts.gateway ?? createSandboxGateway(tx, { publicUrl });
    await writeDemoShop(tx, storage, log, pictures, { publicUrl, gateway }, opts.progress);
    if (opts.pictures === "later") await scheduleJob(tx, drawPicturesJob, String(imageSize), now());
    return true;
  });
  if (seeded && opts.pictures !== "later") await drawDemoPictures(storage, imageSize);
  if (seeded) {
    log.info({ ms: Math.round(performance.now() - started), products: seedProducts.length }, "seed finished");
  }
  return seeded;
}

/** Any fixed number: the advisory lock that makes concurrent first starts seed one at a time. */
const seedLockKey = 20_260_727;

async function writeDemoShop(
  db: Db,
  storage: Storage,
  log: Logger,
  pictures: DemoPictures,
  payments: { publicUrl: string; gateway: PaymentGateway },
  progress?: (step: SeedStep) => void,
) {
  await updateWebConfig(db, {
    title: "Pasar",
    desc: "Online Shop",
    logo: "brand/logo.svg",
    supportWhatsapp: "+6281100002026",
    supportEmail: "bantuan@pasar.test",
  });

  for (const [sort, faq] of seedFaqs.entries()) await createFaq(db, { sort, ...faq });

  const shopperId = await createAccount(db, {
    email: demoAccounts.shopper,
    phone: demoAccounts.shopperPhone,
    password: demoPassword,
    role: "shopper",
    createdAt: addMs(now(), -30 * 24 * hour),
  });
  await seedPin(db, shopperId, demoPin);
  const operatorId = await createAccount(db, {
    email: demoAccounts.operator,
    password: demoPassword,
    role: "operator",
  });
  // Opening balances come through the ledger like any money: an operator's audited adjustment.
  await adjustWallet(db, operatorId, {
    userId: shopperId,
    amount: 500_000,
    memoKey: "demoOpeningBalance",
    idempotencyKey: "seed-opening-balance-shopper",
  });

  const topFirst = [...seedCategories.entries()].sort(
    ([, a], [, b]) => Number(a.parentId !== null) - Number(b.parentId !== null),
  );
  for (const [index, category] of topFirst) {
    await createCategory(db, storage, {
      id: category.id,
      parentId: category.parentId,
      sort: category.sort,
      name: category.name,
      icon: pictures.icons[index]!.image,
    });
  }

  const supplyIds = new Map<
    string,
    {
      id: string;
      categoryId: number;
      variants: { id: string; suggested: number; merchant: number; stock: number }[];
    }
  >();
  for (const [index, product] of seedProducts.entries()) {
    const id = await createSupplyProduct(db, storage, {
      categoryId: product.categoryId,
      name: product.name,
      description: product.description,
      merchantPrice: product.merchantPrice,
      suggestedPrice: product.suggestedPrice,
      stock: product.stock,
      boutique: product.boutique,
      ...product.parcel,
      images: pictures.products[index]!.map((p) => p.image),
    });
    const spec = seedVariants[product.key];
    if (spec) {
      const colours = [pictures.products[index]![0]!, ...pictures.colours[index]!].map((p) => p.image);
      await seedProductVariants(db as Tx, storage, operatorId, id, product, spec, colours);
    }
    supplyIds.set(product.key, {
      id,
      categoryId: product.categoryId,
      variants: (await variantsForSeed(db, storage, id)).map((v) => ({
        id: v.id,
        suggested: v.suggestedPrice,
        merchant: v.merchantPrice,
        stock: v.stock,
      })),
    });
  }

  const parentOf = new Map(seedCategories.map((c) => [c.id, c.parentId]));
  const merchants: {
    ownerId: string;
    storeId: string;
    cheapest: DemoLine | undefined;
    twoVariants: DemoLine[];
    flashPick?: FlashPick;
  }[] = [];
  for (const [index, store] of seedStores.entries()) {
    const ownerId = await createAccount(db, {
      email: demoAccounts.merchant(index),
      password: demoPassword,
      role: "merchant",
    });
    await seedPin(db, ownerId, demoPin);
    const storeId = await createStore(db, storage, {
      ownerId,
      name: store.name,
      intro: store.intro.ind,
      phone: `+62811${String(2_026_000 + index).padStart(7, "0")}`,
      logo: pictures.logos[index]!.image,
    });
    const merchant: (typeof merchants)[number] = { ownerId, storeId, cheapest: undefined, twoVariants: [] };
    merchants.push(merchant);
    for (const supply of supplyIds.values()) {
      const top = parentOf.get(supply.categoryId) ?? supply.categoryId;
      if (!store.categoryIds.includes(top) && !store.categoryIds.includes(supply.categoryId)) continue;
      // Each variant at the store's markup on its own suggested price: XXL and the bigger bottle cost more.
      const prices = supply.variants.map((v) => ({
        variantId: v.id,
        price: Math.max(v.merchant, shopPrice(v.suggested * store.markup)),
      }));
      const id = await listInStore(db, { storeId, supplyProductId: supply.id, prices });
      const inStock = prices.filter((p) => supply.variants.find((v) => v.id === p.variantId)!.stock > 1);
      for (const p of inStock)
        if (!merchant.cheapest || p.price < merchant.cheapest.price) merchant.cheapest = { id, ...p };
      if (merchant.twoVariants.length === 0 && inStock.length >= 2)
        merchant.twoVariants = inStock.slice(0, 2).map((p) => ({ id, ...p }));
      merchant.flashPick = pickForFlash(merchant.flashPick, id, supply.variants, prices);
    }
    await seedMerchantMoney(db, operatorId, ownerId, index);
  }
  await seedDemoVouchers(db, operatorId, merchants);
  progress?.("orders");
  await seedDemoOrders(db, storage, payments, { shopperId, operatorId, merchants });
  await seedDemoChat(db, storage, log, shopperId, merchants[0]!);
  await seedDemoFlashSale(db, operatorId, merchants);
  await seedApplication(db, storage, log, CAT.food);
}

/**
 * Live vouchers from the first start (issue 42): the platform's (a discount anyone can claim, one with a code
 * printed on a banner) and free shipping, and the first two stores' own. They run for 90 days from the seed.
 */
async function seedDemoVouchers(db: Db, operatorId: string, merchants: readonly { ownerId: string }[]) {
  const startsAt = addMs(now(), -hour);
  const endsAt = addMs(now(), 90 * 24 * hour);
  const base = { code: null, startsAt, endsAt, newShoppersOnly: false, methods: null, categoryIds: null };
  const platform = [
    {
      kind: "platform" as const,
      voucher: {
        ...base,
        discount: { type: "amount" as const, amount: 15_000 },
        minSpend: 150_000,
        usageLimit: 1_000,
        perShopperLimit: 1,
        budget: 15_000_000,
      },
    },
    {
      kind: "platform" as const,
      voucher: {
        ...base,
        code: "PASAR12",
        discount: { type: "percent" as const, percentBp: 1_200, cap: 25_000 },
        minSpend: 100_000,
        usageLimit: 500,
        perShopperLimit: 2,
        budget: null,
      },
    },
    {
      kind: "shipping" as const,
      voucher: {
        ...base,
        discount: { type: "amount" as const, amount: 20_000 },
        minSpend: 50_000,
        usageLimit: null,
        perShopperLimit: 3,
        budget: 50_000_000,
      },
    },
  ];
  for (const v of platform) await createPlatformVoucher({ db }, operatorId, { ...v, storeIds: null });
  const own = [
    { ...base, discount: { type: "amount" as const, amount: 10_000 }, minSpend: 100_000 },
    { ...base, discount: { type: "percent" as const, percentBp: 500, cap: 15_000 }, minSpend: 0 },
  ];
  for (const [index, merchant] of merchants.slice(0, 2).entries()) {
    await createStoreVoucher({ db }, merchant.ownerId, {
      ...own[index]!,
      usageLimit: 200,
      perShopperLimit: 1,
      budget: null,
    });
  }
}

/**
 * The demo shopper's question to the first store about its cheapest product, and the store's answer: the chat list,
 * the store's inbox and a conversation have something to show from the first start.
 */
async function seedDemoChat(
  db: Db,
  storage: Storage,
  log: Logger,
  shopperId: string,
  store: { ownerId: string; storeId: string; cheapest: DemoLine | undefined },
) {
  const deps = { db, storage, log, lang: "ind" as const, limits: createRateLimits(), clientIp: "127.0.0.1" };
  const asked = await shopperSend(deps, shopperId, {
    storeId: store.storeId,
    text: "Halo kak, barang ini ready? Kalau pesan sekarang bisa dikirim hari ini?",
    about: store.cheapest ? { listingId: store.cheapest.id } : undefined,
  });
  await storeSend(deps, store.ownerId, {
    conversationId: asked!.conversationId,
    text: "Ready, Kak. Pesanan yang dibayar sebelum jam 15.00 WIB dikirim hari ini.",
  });
}

/** A store's price of one variant of a listing: what the demo orders buy. */
interface DemoLine {
  id: string;
  variantId: string;
  price: number;
}

/** A product's variants not archived, with what a store prices and the orders buy by. */
async function variantsForSeed(db: Db, storage: Storage, supplyProductId: string) {
  return (await opsView({ db, storage }, supplyProductId)).variantRows;
}

/**
 * A demo product's sizes and colours, saved as the operator saves them, and each colour's picture on every
 * variant of that colour (the first colour is the gallery's own front view; the others are drawn in their colour).
 */
async function seedProductVariants(
  tx: Tx,
  storage: Storage,
  operatorId: string,
  supplyId: string,
  product: (typeof seedProducts)[number],
  spec: SeedVariants,
  pictures: readonly StoredImage[],
) {
  const rows = expandVariants(product, spec);
  await saveVariantsLocked(tx, operatorId, {
    id: supplyId,
    axes: spec.axes.map((a) => ({
      name: a.name,
      kind: a.kind,
      values: a.values.map((v) => ({ name: v.name, swatch: v.swatch ?? null })),
    })),
    variants: rows.map((r) => ({
      values: r.values,
      sku: r.sku,
      merchantPrice: r.merchantPrice,
      suggestedPrice: r.suggestedPrice,
      stock: r.stock,
      ...product.parcel,
    })),
  });
  const colourAxis = spec.axes.findIndex((a) => a.kind === "colour");
  if (colourAxis < 0) return;
  const view = await opsView({ db: tx, storage }, supplyId);
  await setVariantPictures(
    tx,
    storage,
    supplyId,
    view.options[colourAxis]!.values.flatMap((value, index) => {
      const picture = pictures[index];
      const variantIds = view.variantRows.filter((v) => v.values[colourAxis] === value.id).map((v) => v.id);
      return picture ? [{ variantIds, picture }] : [];
    }),
  );
}

/** A shopper's merchant application awaiting review, made by the real service: the operator's queue has one. */
async function seedApplication(db: Db, storage: Storage, log: Logger, categoryId: number) {
  const userId = await createAccount(db, {
    email: demoAccounts.applicant,
    password: demoPassword,
    role: "shopper",
  });
  await applyForStore(
    { db, storage, log },
    { id: userId, role: "shopper" },
    {
      fields: {
        storeName: "Warung Kopi Nusantara",
        phone: "+6281320262026",
        intro: "Kopi bubuk dan biji dari Aceh, Toraja dan Flores, disangrai setiap minggu.",
        ownerName: "Dewi Lestari",
        categoryId,
      },
      logo: null,
    },
  );
}

/**
 * The demo shopper's orders, one in every tab, made by the real flows (checkout, payment, goods payment,
 * shipping, receipt, cancellation), so the order pages, the merchants' order centres, the operator's queue
 * and everyone's fund history have something to show. The unpaid one waits for a BCA virtual account payment
 * at the shop's provider and is cancelled by the payment window like any other.
 */
async function seedDemoOrders(
  db: Db,
  storage: Storage,
  { publicUrl, gateway }: { publicUrl: string; gateway: PaymentGateway },
  who: {
    shopperId: string;
    operatorId: string;
    merchants: { ownerId: string; cheapest: DemoLine | undefined; twoVariants: DemoLine[] }[];
  },
) {
  const deps = {
    db,
    storage,
    lang: "ind" as const,
    publicUrl,
    gateway,
    // Demo orders travel with the built-in courier, whatever the shop's provider: nothing is booked for real.
    courier: createTableCourier(db),
  };
  const address = await saveAddress(db, who.shopperId, {
    name: "Siti Aminah",
    mobile: "+6281234567890",
    provinceCode: "31",
    regencyCode: "31.71",
    districtCode: "31.71.07",
    villageCode: "31.71.07.1006",
    postcode: "10240",
    detail: "Jl. Kebon Kacang Raya No. 12, RT 3/RW 4",
    isDefault: true,
  });
  const buy = async (store: number, method: "wallet" | "va_bca", key: string, two = false) => {
    const merchant = who.merchants[store]!;
    const chosen = two && merchant.twoVariants.length === 2 ? merchant.twoVariants : [merchant.cheapest!];
    const lines = chosen.map((l) => ({ listingId: l.id, variantId: l.variantId, quantity: 1 }));
    // As the checkout does: each store's cheapest courier service, at the price quoted.
    const { stores } = await priceCheckout(deps, who.shopperId, { lines, addressId: address.id });
    const { orderIds } = await placeOrders(deps, who.shopperId, {
      lines,
      addressId: address.id,
      shipping: stores.map((s) => ({
        storeId: s.storeId,
        courier: s.selected!.courier,
        service: s.selected!.service,
        price: s.selected!.price,
      })),
      method,
      ...(method === "wallet" && { proof: { pin: demoPin } }),
      fromCart: false,
      idempotencyKey: `seed-order-${key}`,
    });
    return orderIds[0]!;
  };
  const payGoodsAndShip = async (store: number, id: string, tracking: string) => {
    await payGoods(db, who.merchants[store]!.ownerId, {
      orderIds: [id],
      idempotencyKey: `seed-goods-${tracking}`,
    });
    await shipOrder(deps, who.operatorId, { id, idempotencyKey: `seed-ship-${tracking}` });
  };
  // Received and confirmed: "pending review"; the store has its profit.
  const completed = await buy(1, "wallet", "completed");
  await payGoodsAndShip(1, completed, "JNE0026112301");
  await confirmReceipt(db, who.shopperId, { id: completed, idempotencyKey: "seed-confirm-0001" });
  // Shipped: "pending receipt"; two variants of one product, so the order and the store's order centre name each.
  const shipped = await buy(0, "wallet", "shipped", true);
  await payGoodsAndShip(0, shipped, "JNE0026112302");
  // Paid, the store not yet paid the goods: "pending shipment", and waiting in store 3's order centre.
  await buy(2, "wallet", "paid");
  // Cancelled by the shopper after paying: refunded in full.
  const cancelled = await buy(3, "wallet", "cancelled");
  await cancelOrder(deps, who.shopperId, { id: cancelled, idempotencyKey: "seed-cancel-0001" });
  // Waiting for payment on the gateway: "pending payment".
  await buy(4, "va_bca", "unpaid");
}

/**
 * Every merchant's opening balance; the first merchant also has a bound bank card, one withdrawal paid out and
 * one waiting in the operator's queue, so the fund history and the withdrawals queue have something to show.
 */
async function seedMerchantMoney(db: Db, operatorId: string, merchantId: string, index: number) {
  await adjustWallet(db, operatorId, {
    userId: merchantId,
    amount: 2_000_000 - index * 250_000,
    memoKey: "demoOpeningBalance",
    idempotencyKey: `seed-opening-balance-merchant-${index}`,
  });
  if (index > 0) return;
  // Bound a week ago: past the 24-hour hold on new bank accounts (issue 43).
  await saveBankCard(
    db,
    merchantId,
    { accountName: "Sari Dewi Lestari", bankCode: "014", accountNumber: "0123456789" },
    addMs(now(), -7 * 86_400_000),
  );
  const proof = { pin: demoPin };
  // The PIN is what proves it here: no passkey, so no address is needed.
  const proofDeps = { db, publicUrl: "http://localhost" };
  const paid = await requestWithdrawal(proofDeps, merchantId, {
    amount: 300_000,
    proof,
    idempotencyKey: "seed-withdrawal-paid-0001",
  });
  await approveWithdrawal(db, operatorId, { id: paid.id, idempotencyKey: "seed-withdrawal-approve-01" });
  await requestWithdrawal(proofDeps, merchantId, {
    amount: 250_000,
    proof,
    idempotencyKey: "seed-withdrawal-pending-01",
  });
}
