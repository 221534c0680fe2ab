import { readFile } from "node:fs/promises";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { moneySettingsDefaults } from "#common/platform.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import {
  listing,
  merchantWithStore,
  placeOrder,
  shopperWithMoney,
  supplyProduct,
} from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { setClock } from "../../platform/clock.ts";
import { getMoneySettings, getWebConfig } from "./settings.service.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

const defaults = { ...moneySettingsDefaults, rechargePresets: [...moneySettingsDefaults.rechargePresets] };

/** The audit rows of an action, newest first. */
async function audited(action: string) {
  return (await ops.api.ops.money.audit({ action, limit: 50 })).items;
}

/** A call over HTTP as an operator's page makes it, in a language: its status and every message it shows. */
async function overHttp(procedure: string, input: unknown, lang: "ind" | "en" | "zh" = "en") {
  const response = await createTestApp(database).request(`/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: ops.token, lang },
    body: JSON.stringify({ json: input }),
  });
  const body = (await response.json()) as {
    error?: { json: { message: string; data: { issues?: { path: string; message: string }[] } } };
  };
  return {
    status: response.status,
    message: body.error?.json.message,
    issues: body.error?.json.data.issues ?? [],
  };
}

describe("the operator's money settings", () => {
  it("start as the defaults, and a checkout quotes the new service fee and VAT at once", async () => {
    expect((await ops.api.ops.settings.get()).money).toEqual(defaults);
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, await supplyProduct(database), 100_000);
    const shopper = await shopperWithMoney(database, ops, 500_000);
    const quote = () =>
      shopper.api.orders.quote({ lines: [{ listingId, quantity: 2 }], addressId: shopper.addressId });
    expect(await quote()).toMatchObject({
      subtotal: 200_000,
      postage: 10_000,
      serviceFee: 1_000,
      vat: 22_000,
    });

    const saved = await ops.api.ops.settings.updateMoney({
      ...defaults,
      serviceFee: 2_500,
      vatBasisPoints: 1200,
      qrisWindowMinutes: 30,
      vaWindowMinutes: 12 * 60,
    });
    expect(saved.money).toMatchObject({ serviceFee: 2_500, vatBasisPoints: 1200 });
    // The very next quote (the settings are kept 5 s per process, and the change forgot them).
    expect(await quote()).toMatchObject({
      subtotal: 200_000,
      postage: 10_000,
      serviceFee: 2_500,
      vat: 24_000,
      total: 236_500,
      vatBasisPoints: 1200,
    });
    // Each channel says how long it gives to pay: its group's window.
    const windows = Object.fromEntries((await quote()).channels.map((c) => [c.channel, c.windowMinutes]));
    expect(windows).toMatchObject({ qris: 30, va_bca: 12 * 60, gopay: 15, alfamart: 24 * 60 });
    // An order placed now is charged them, and must be paid within its channel's new window.
    const placed = await placeOrder(shopper.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "qris",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const order = await shopper.api.orders.get({ id: placed.orderIds[0]! });
    expect(order).toMatchObject({ postage: 10_000, serviceFee: 2_500, vat: 12_000, total: 124_500 });
    expect(order.payDueAt!.getTime() - order.createdAt.getTime()).toBe(30 * 60_000);

    // The wallet pages follow too.
    await ops.api.ops.settings.updateMoney({
      ...defaults,
      withdrawMin: 75_000,
      withdrawFee: 5_000,
      rechargeMin: 20_000,
      rechargePresets: [20_000, 40_000],
    });
    expect(await shopper.api.wallet.withdrawForm()).toMatchObject({ min: 75_000, fee: 5_000 });
    expect(await shopper.api.wallet.rechargeForm()).toMatchObject({ min: 20_000, presets: [20_000, 40_000] });
    await ops.api.ops.settings.updateMoney(defaults);
  });

  it("charges VAT at a fractional rate exactly: 4,35 % of Rp 3.000 is Rp 131, kept with the order as 435 basis points", async () => {
    const merchant = await merchantWithStore(database);
    const listingId = await listing(
      database,
      merchant.storeId,
      await supplyProduct(database, { merchantPrice: 2_000 }),
      3_000,
    );
    const shopper = await shopperWithMoney(database, ops, 100_000);
    await ops.api.ops.settings.updateMoney({ ...defaults, vatBasisPoints: 435 });
    // In floating point 3000 × 4.35 / 100 is 130.49999…, which rounded to 130.
    expect(await shopper.api.orders.quote({ lines: [{ listingId, quantity: 1 }] })).toMatchObject({
      subtotal: 3_000,
      vat: 131,
      vatBasisPoints: 435,
    });
    const placed = await placeOrder(shopper.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    // The order keeps its rate: a later change of the setting does not rename what it was charged.
    await ops.api.ops.settings.updateMoney(defaults);
    expect(await shopper.api.orders.get({ id: placed.orderIds[0]! })).toMatchObject({
      vat: 131,
      vatBasisPoints: 435,
      total: 3_000 + 10_000 + defaults.serviceFee + 131,
    });
    // A fraction of a basis point is no rate (the form sends whole basis points).
    const refused = await overHttp("ops.settings.updateMoney", { ...defaults, vatBasisPoints: 435.5 });
    expect(refused.issues).toContainEqual({
      path: "vatBasisPoints",
      message: "Enter a percentage from 0 to 100 with at most two decimals, e.g. 11 or 4.35",
    });
  });

  it("reads VAT saved as a percentage before rates were basis points", async () => {
    await database.db.execute(
      sql`update platform_settings set value = jsonb_set(value - 'vatBasisPoints', '{vatPercent}', '4.35') where key = 'money'`,
    );
    expect((await ops.api.ops.settings.get()).money.vatBasisPoints).toBe(435);
    await ops.api.ops.settings.updateMoney(defaults);
  });

  it("gives the store the new goods payment window and confirms receipt after the new number of days", async () => {
    const merchant = await merchantWithStore(database);
    const listingId = await listing(database, merchant.storeId, await supplyProduct(database), 100_000);
    const shopper = await shopperWithMoney(database, ops, 500_000);
    await ops.api.ops.settings.updateMoney({ ...defaults, goodsPaymentHours: 12, receiptDays: 3 });
    // The clock stands still, so each deadline is exactly the setting after the moment it counts from.
    const frozen = new Date();
    onTestFinished(setClock(() => frozen));
    const placed = await placeOrder(shopper.api, {
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
      method: "wallet",
      fromCart: false,
      idempotencyKey: newKey(),
    });
    const id = placed.orderIds[0]!;
    const waiting = await merchant.api.merchantOrders.get({ id });
    // Due 12 hours after payment.
    expect(waiting.goodsDueAt!.getTime() - waiting.paidAt!.getTime()).toBe(12 * 60 * 60_000);
    await ops.api.ops.money.adjust({
      account: merchant.email,
      amount: 200_000,
      reason: "saldo uji",
      idempotencyKey: newKey(),
    });
    await merchant.api.merchantOrders.payGoods({ orderIds: [id], idempotencyKey: newKey() });
    await ops.api.ops.orders.ship({
      id,
      idempotencyKey: newKey(),
    });
    const shipped = await shopper.api.orders.get({ id });
    // The new 3 days' window after the service's longest estimate (2 days within Jakarta).
    expect(shipped.autoConfirmAt!.getTime() - shipped.shippedAt!.getTime()).toBe((2 + 3) * 24 * 60 * 60_000);
    await ops.api.ops.settings.updateMoney(defaults);
  });

  it("records each change in the audit log with the values before and after", async () => {
    await ops.api.ops.settings.updateMoney({ ...defaults, serviceFee: 3_000 });
    const [entry] = await audited("settings.money");
    expect(entry).toMatchObject({
      actor: ops.email,
      subjectType: "settings",
      subjectId: "money",
      before: { serviceFee: 1_000 },
      after: { serviceFee: 3_000 },
    });
    // Saving the same values again changes nothing and records nothing.
    const count = (await audited("settings.money")).length;
    await ops.api.ops.settings.updateMoney({ ...defaults, serviceFee: 3_000 });
    expect(await audited("settings.money")).toHaveLength(count);
    await ops.api.ops.settings.updateMoney(defaults);
  });

  it("refuses inconsistent or out-of-range values with the translated message of the field, and stores nothing", async () => {
    await ops.api.ops.settings.updateMoney({ ...defaults, serviceFee: 1_200 });
    const before = await ops.api.ops.settings.get();
    const audits = (await audited("settings.money")).length;
    expect(
      await overHttp("ops.settings.updateMoney", { ...defaults, rechargeMin: 50_000, rechargeMax: 40_000 }),
    ).toMatchObject({
      status: 400,
      message: "Some of the information is not valid.",
      issues: expect.arrayContaining([
        { path: "rechargeMax", message: "The recharge maximum must be above the minimum" },
      ]),
    });
    expect(
      (
        await overHttp(
          "ops.settings.updateMoney",
          { ...defaults, withdrawMin: 5_000, withdrawFee: 5_000 },
          "ind",
        )
      ).issues,
    ).toContainEqual({
      path: "withdrawFee",
      message: "Biaya penarikan harus lebih kecil dari penarikan minimal",
    });
    expect(
      (await overHttp("ops.settings.updateMoney", { ...defaults, rechargePresets: [5_000] }, "zh")).issues,
    ).toContainEqual({ path: "rechargePresets", message: "每个预设金额都必须在充值限额之内" });
    const fields = await overHttp("ops.settings.updateMoney", {
      ...defaults,
      vatBasisPoints: 10_001,
      serviceFee: -1,
      qrisWindowMinutes: 1.5,
      ewalletWindowMinutes: 25 * 60,
      vaWindowMinutes: 10,
      retailWindowMinutes: 8 * 24 * 60,
    });
    expect(fields.issues).toEqual(
      expect.arrayContaining([
        {
          path: "vatBasisPoints",
          message: "Enter a percentage from 0 to 100 with at most two decimals, e.g. 11 or 4.35",
        },
        { path: "serviceFee", message: "Enter a whole rupiah amount of 0 or more, within reason" },
        { path: "qrisWindowMinutes", message: "Enter 5 to 1440 minutes (24 hours)" },
        { path: "ewalletWindowMinutes", message: "Enter 5 to 1440 minutes (24 hours)" },
        { path: "vaWindowMinutes", message: "Enter 30 to 10080 minutes (7 days)" },
        { path: "retailWindowMinutes", message: "Enter 30 to 10080 minutes (7 days)" },
      ]),
    );
    expect(await ops.api.ops.settings.get()).toEqual(before);
    expect((await getMoneySettings(database.db)).serviceFee).toBe(1_200);
    expect(await audited("settings.money")).toHaveLength(audits);
    await ops.api.ops.settings.updateMoney(defaults);
  });
});

describe("the operator's site settings", () => {
  it("change the title, description and support contacts that settings.webConfig answers", async () => {
    const saved = await ops.api.ops.settings.updateSite({
      title: "Pasar Nusantara",
      desc: "Belanja hemat se-Indonesia",
      supportWhatsapp: "0811-2222-3333",
      supportEmail: " Halo@Pasar.test ",
    });
    expect(saved.site).toMatchObject({
      title: "Pasar Nusantara",
      supportWhatsapp: "+6281122223333",
      supportEmail: "halo@pasar.test",
    });
    const config = await callerFor(database).settings.webConfig({ platformCode: 2 });
    expect(config).toMatchObject({
      title: "Pasar Nusantara",
      desc: "Belanja hemat se-Indonesia",
      support: { whatsapp: "+6281122223333", whatsappText: "+62 811-2222-3333", email: "halo@pasar.test" },
    });
    const [entry] = await audited("settings.site");
    expect(entry).toMatchObject({
      subjectId: "web_config",
      before: { title: null, desc: null, supportWhatsapp: null, supportEmail: null },
      after: { title: "Pasar Nusantara", supportWhatsapp: "+6281122223333" },
    });

    // Empty contacts leave the shop; only what changed is recorded.
    await ops.api.ops.settings.updateSite({
      title: "Pasar Nusantara",
      desc: "Belanja hemat se-Indonesia",
      supportWhatsapp: "",
      supportEmail: "",
    });
    expect((await getWebConfig(database.db)).support).toEqual({
      whatsapp: null,
      whatsappText: null,
      email: null,
    });
    const [removal] = await audited("settings.site");
    expect(removal).toMatchObject({
      before: { supportWhatsapp: "+6281122223333", supportEmail: "halo@pasar.test" },
      after: { supportWhatsapp: null, supportEmail: null },
    });
    expect(Object.keys(removal!.before as object).sort()).toEqual(["supportEmail", "supportWhatsapp"]);
  });

  it("refuses an empty title, a bad WhatsApp number or email in the caller's language, storing nothing", async () => {
    const before = await ops.api.ops.settings.get();
    const answer = await overHttp(
      "ops.settings.updateSite",
      { title: " ", desc: "x", supportWhatsapp: "12", supportEmail: "bukan-email" },
      "ind",
    );
    expect(answer.status).toBe(400);
    expect(answer.issues).toEqual(
      expect.arrayContaining([
        { path: "title", message: "Isi judul situs" },
        {
          path: "supportWhatsapp",
          message: "Masukkan nomor WhatsApp, misalnya 0811 0000 2026 atau +65 9123 4567",
        },
        { path: "supportEmail", message: "Masukkan alamat email yang valid" },
      ]),
    );
    expect(await ops.api.ops.settings.get()).toEqual(before);
  });

  it("stores an uploaded logo as square PNGs that become the logo, share image and favicon; back to the default", async () => {
    const form = new FormData();
    form.set("logo", new File([await picture(800, 600)], "logo.png", { type: "image/png" }));
    const saved = await ops.api.ops.settings.updateLogo(form);
    expect(saved.site.customLogo).toBe(true);
    expect(saved.site.logo).toMatch(/^\/uploads\/site\/[0-9a-f]{32}\.png$/);
    expect(saved.site.favicon).toMatch(/^\/uploads\/site\/[0-9a-f]{32}-icon\.png$/);
    const config = await getWebConfig(database.db);
    expect(config).toMatchObject({
      logo: saved.site.logo,
      favicon: saved.site.favicon,
      shareImage: saved.site.logo,
    });
    const file = (url: string) => readFile(path.join(database.uploadsDir, url.slice("/uploads/".length)));
    expect(await sharp(await file(saved.site.logo)).metadata()).toMatchObject({
      format: "png",
      width: 512,
      height: 512,
    });
    expect(await sharp(await file(saved.site.favicon)).metadata()).toMatchObject({ width: 192, height: 192 });
    expect((await audited("settings.logo"))[0]).toMatchObject({ after: { logo: saved.site.logo } });

    const notAPicture = new FormData();
    notAPicture.set("logo", new File([new TextEncoder().encode("no")], "x.png", { type: "image/png" }));
    await expect(ops.api.ops.settings.updateLogo(notAPicture)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await getWebConfig(database.db)).logo).toBe(saved.site.logo);

    const reset = await ops.api.ops.settings.resetLogo();
    expect(reset.site).toMatchObject({ customLogo: false, logo: "/brand/logo.svg", favicon: "/favicon.svg" });
    expect(await getWebConfig(database.db)).toMatchObject({ shareImage: "/brand/share.png" });
  });
});

describe("who may change settings", () => {
  it("is operators only: shoppers and merchants are forbidden, visitors must sign in", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const site = { title: "X", desc: "Y", supportWhatsapp: "", supportEmail: "" };
    const logo = new FormData();
    logo.set("logo", new File([await picture(64, 64)], "l.png", { type: "image/png" }));
    const calls = (api: ReturnType<typeof callerFor>) => [
      api.ops.settings.get(),
      api.ops.settings.updateSite(site),
      api.ops.settings.updateMoney(defaults),
      api.ops.settings.updateLogo(logo),
      api.ops.settings.resetLogo(),
    ];
    for (const [api, code] of [
      [shopper.api, "FORBIDDEN"],
      [merchant.api, "FORBIDDEN"],
      [callerFor(database), "UNAUTHORIZED"],
    ] as const) {
      for (const call of calls(api)) {
        const error = await call.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(TRPCError);
        expect((error as TRPCError).code).toBe(code);
      }
    }
    expect((await getWebConfig(database.db)).title).not.toBe("X");
  });
});
