import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Place, ParcelItem } from "#server/platform/couriers.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { signedInUser } from "../../../tests/setup/money.ts";
import { listing, merchantWithStore, shopperWithMoney, supplyProduct } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { getWarehouse, warehouseDefaults } from "../settings/settings.service.ts";
import { createTableCourier } from "./courier.service.ts";

// The operator's shipping page (issue 27): the built-in courier's services and rate table, the warehouse parcels
// leave from, and the packed size of supply products, each proven through the procedures the pages call and
// through what the built-in courier quotes next.

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

/** Central Jakarta (the default warehouse's zone) and Jayapura, Papua: real area codes. */
const jakarta: Place = {
  provinceCode: "31",
  regencyCode: "31.71",
  districtCode: "31.71.07",
  villageCode: "31.71.07.1006",
  postcode: "10240",
};
const jayapura: Place = {
  provinceCode: "91",
  regencyCode: "91.71",
  districtCode: "91.71.03",
  villageCode: "91.71.03.1002",
  postcode: "99351",
};

const parcel = (over: Partial<ParcelItem> = {}): ParcelItem => ({
  name: "Kopi",
  value: 50_000,
  quantity: 1,
  weightGrams: 800,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
  ...over,
});

/** What the built-in courier quotes for a service between two places, if it offers it. */
async function quoteOf(service: string, items = [parcel()], origin = jakarta, destination = jayapura) {
  const quotes = await createTableCourier(database.db).quote({ origin, destination, items });
  return quotes.find((q) => `${q.courier}:${q.service}` === service);
}

/** The audit rows of an action, newest first. */
async function audited(action: string) {
  return (await ops.api.ops.money.audit({ action, limit: 50 })).items;
}

/** A call over HTTP as the operator's page makes it, in a language: its status and every message it shows. */
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

const jneRegToPapua = {
  courier: "jne",
  service: "REG",
  originZone: "jakarta",
  destinationZone: "papua",
} as const;

describe("the operator's rate table", () => {
  it("lists every service and a service's rates from the warehouse's zone to each of the eight zones", async () => {
    const view = await ops.api.ops.shipping.services();
    expect(view.originZone).toBe("jakarta");
    expect(view.originArea).toBe(warehouseDefaults.area);
    expect(view.services).toHaveLength(13);
    expect(view.services[0]).toEqual({
      courier: "jne",
      service: "REG",
      name: "JNE Reguler",
      kind: "regular",
      cod: true,
      minKg: 1,
      active: true,
    });
    const rates = await ops.api.ops.shipping.rates({ courier: "jne", service: "REG", originZone: "jakarta" });
    expect(rates.rates.map((r) => r.destinationZone)).toEqual([
      "jakarta",
      "jawa",
      "bali_nusra",
      "sumatera",
      "kalimantan",
      "sulawesi",
      "maluku",
      "papua",
    ]);
    // The seeded rate card: a regular kilogram from Jakarta to Jayapura costs about Rp 95.000.
    expect(rates.rates.at(-1)?.rate).toMatchObject({
      firstKg: 95_000,
      nextKg: 95_000,
      etaMinDays: 5,
      etaMaxDays: 9,
    });
  });

  it("offers next-day services only where they arrive by the day after: not from Jakarta to Papua", async () => {
    const nextDay = ["jne:YES", "sicepat:BEST", "anteraja:ND"];
    const toPapua = await createTableCourier(database.db).quote({
      origin: jakarta,
      destination: jayapura,
      items: [parcel()],
    });
    expect(toPapua.filter((q) => nextDay.includes(`${q.courier}:${q.service}`))).toEqual([]);
    // Every service still offered there says no more than it can keep; regular ones still go.
    expect(toPapua.map((q) => `${q.courier}:${q.service}`)).toContain("jne:REG");
    for (const q of toPapua.filter((q) => q.kind === "express")) expect(q.etaMaxDays).toBeLessThanOrEqual(2);
    // Within Jakarta they do, arriving the next day.
    const withinJakarta = await createTableCourier(database.db).quote({
      origin: jakarta,
      destination: jakarta,
      items: [parcel()],
    });
    for (const service of nextDay)
      expect(withinJakarta.find((q) => `${q.courier}:${q.service}` === service)).toMatchObject({
        etaMinDays: 1,
      });
  });

  it("saves an edited rate, which the built-in courier quotes at once from Jakarta to Papua, audited", async () => {
    // 800 g in a 20 × 15 × 5 cm box: 1 kg; then 2.4 kg: 3 kg.
    expect(await quoteOf("jne:REG")).toMatchObject({ price: 95_000, etaMinDays: 5, etaMaxDays: 9 });
    const saved = await ops.api.ops.shipping.updateRate({
      ...jneRegToPapua,
      firstKg: 88_000,
      nextKg: 70_500,
      etaMinDays: 4,
      etaMaxDays: 7,
    });
    expect(saved.rates.find((r) => r.destinationZone === "papua")?.rate).toMatchObject({
      firstKg: 88_000,
      nextKg: 70_500,
      etaMinDays: 4,
      etaMaxDays: 7,
    });
    expect(await quoteOf("jne:REG")).toMatchObject({
      price: 88_000,
      etaMinDays: 4,
      etaMaxDays: 7,
      chargeableKg: 1,
    });
    expect(await quoteOf("jne:REG", [parcel({ weightGrams: 2_400 })])).toMatchObject({
      price: 88_000 + 2 * 70_500,
      chargeableKg: 3,
    });
    // Another service of the same zones is untouched.
    expect(await quoteOf("sicepat:REG")).toMatchObject({ price: 90_500 });

    const [entry] = await audited("shipping.rate");
    expect(entry).toMatchObject({
      actor: ops.email,
      subjectType: "courier_rate",
      subjectId: "jne:REG:jakarta:papua",
      before: { firstKg: 95_000, nextKg: 95_000, etaMinDays: 5, etaMaxDays: 9 },
      after: { firstKg: 88_000, nextKg: 70_500, etaMinDays: 4, etaMaxDays: 7 },
    });
    // Saving the same values again changes nothing and records nothing.
    const count = (await audited("shipping.rate")).length;
    await ops.api.ops.shipping.updateRate({
      ...jneRegToPapua,
      firstKg: 88_000,
      nextKg: 70_500,
      etaMinDays: 4,
      etaMaxDays: 7,
    });
    expect(await audited("shipping.rate")).toHaveLength(count);
  });

  it("refuses bad values with the translated message of each field and stores nothing", async () => {
    const before = await ops.api.ops.shipping.rates({
      courier: "jne",
      service: "REG",
      originZone: "jakarta",
    });
    const audits = (await audited("shipping.rate")).length;
    const good = { ...jneRegToPapua, firstKg: 50_000, nextKg: 40_000, etaMinDays: 3, etaMaxDays: 5 };

    const fields = await overHttp("ops.shipping.updateRate", {
      ...good,
      firstKg: 0,
      nextKg: 10_000_001,
      etaMinDays: 61,
    });
    expect(fields).toMatchObject({ status: 400, message: "Some of the information is not valid." });
    expect(fields.issues).toEqual(
      expect.arrayContaining([
        {
          path: "firstKg",
          message: "Enter the first kilogram's price in whole rupiah, from Rp 1 to Rp 10,000,000",
        },
        {
          path: "nextKg",
          message: "Enter each further kilogram's price in whole rupiah, from Rp 0 to Rp 10,000,000",
        },
        { path: "etaMinDays", message: "Enter 0 to 60 days" },
      ]),
    );
    expect(
      (await overHttp("ops.shipping.updateRate", { ...good, firstKg: 12_500.5 }, "ind")).issues,
    ).toContainEqual({
      path: "firstKg",
      message: "Masukkan harga kg pertama dalam rupiah bulat, dari Rp 1 sampai Rp 10.000.000",
    });
    expect(
      (await overHttp("ops.shipping.updateRate", { ...good, etaMinDays: 6, etaMaxDays: 4 }, "zh")).issues,
    ).toEqual([{ path: "etaMaxDays", message: "最慢天数不能少于最快天数" }]);
    expect(
      (await overHttp("ops.shipping.updateRate", { ...good, firstKg: 10_000_001 }, "zh")).issues,
    ).toContainEqual({ path: "firstKg", message: "请输入首公斤价格（整数印尼盾），1至10,000,000印尼盾" });
    // A service that does not exist is not found, in the caller's language.
    expect(
      await overHttp("ops.shipping.updateRate", { ...good, courier: "jne", service: "XYZ" }, "ind"),
    ).toMatchObject({ status: 404, message: "Layanan kurir ini tidak ada" });
    // A service's bad name or least weight.
    expect(
      (
        await overHttp(
          "ops.shipping.updateService",
          { courier: "jne", service: "REG", name: " ", minKg: 0 },
          "en",
        )
      ).issues,
    ).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Enter the service's name, at most 40 characters" },
        { path: "minKg", message: "Enter 1 to 100 kg" },
      ]),
    );

    expect(
      await ops.api.ops.shipping.rates({ courier: "jne", service: "REG", originZone: "jakarta" }),
    ).toEqual(before);
    expect((await ops.api.ops.shipping.services()).services[0]).toMatchObject({
      name: "JNE Reguler",
      minKg: 1,
    });
    expect(await audited("shipping.rate")).toHaveLength(audits);
  });

  it("adds a rate for a zone a service did not serve, which is then quoted", async () => {
    const from = { courier: "pos", service: "JUMBO", originZone: "papua" } as const;
    // Not served from Papua to Jakarta for the test: the pair is removed first, as an operator's database may lack it.
    await database.db.execute(
      sql`delete from courier_rates where courier = 'pos' and service = 'JUMBO' and origin_zone = 'papua' and destination_zone = 'jakarta'`,
    );
    const before = await ops.api.ops.shipping.rates(from);
    expect(before.rates.find((r) => r.destinationZone === "jakarta")?.rate).toBeNull();
    expect(await quoteOf("pos:JUMBO", [parcel({ weightGrams: 12_000 })], jayapura, jakarta)).toBeUndefined();

    await ops.api.ops.shipping.updateRate({
      ...from,
      destinationZone: "jakarta",
      firstKg: 40_000,
      nextKg: 30_000,
      etaMinDays: 10,
      etaMaxDays: 14,
    });
    // Cargo charges at least 10 kg: 12 kg is the first and 11 more.
    expect(await quoteOf("pos:JUMBO", [parcel({ weightGrams: 12_000 })], jayapura, jakarta)).toMatchObject({
      price: 40_000 + 11 * 30_000,
      chargeableKg: 12,
    });
    expect((await audited("shipping.rate"))[0]).toMatchObject({
      subjectId: "pos:JUMBO:papua:jakarta",
      before: { firstKg: null, nextKg: null },
      after: { firstKg: 40_000, nextKg: 30_000, etaMinDays: 10, etaMaxDays: 14 },
    });
  });
});

describe("the operator's courier services", () => {
  it("switches a service off, so no quote offers it, and on again; each change audited", async () => {
    expect(await quoteOf("anteraja:REG")).toBeDefined();
    const off = await ops.api.ops.shipping.updateService({
      courier: "anteraja",
      service: "REG",
      active: false,
    });
    expect(off).toMatchObject({ active: false, name: "AnterAja Reguler", cod: true });
    expect(await quoteOf("anteraja:REG")).toBeUndefined();
    // Every other service is still quoted.
    const quotes = await createTableCourier(database.db).quote({
      origin: jakarta,
      destination: jayapura,
      items: [parcel()],
    });
    expect(quotes.map((q) => `${q.courier}:${q.service}`)).not.toContain("anteraja:REG");
    expect(quotes.length).toBeGreaterThan(5);
    // The page still lists it, switched off.
    expect(
      (await ops.api.ops.shipping.services()).services.find(
        (s) => s.courier === "anteraja" && s.service === "REG",
      ),
    ).toMatchObject({ active: false });
    expect((await audited("shipping.service"))[0]).toMatchObject({
      subjectType: "courier_service",
      subjectId: "anteraja:REG",
      before: { active: true },
      after: { active: false },
    });

    await ops.api.ops.shipping.updateService({ courier: "anteraja", service: "REG", active: true });
    expect(await quoteOf("anteraja:REG")).toBeDefined();
  });

  it("renames a service, changes cash on delivery and its least weight, which the next quote follows", async () => {
    const saved = await ops.api.ops.shipping.updateService({
      courier: "jnt",
      service: "EZ",
      name: "J&T EZ Reguler",
      cod: false,
      minKg: 2,
    });
    expect(saved).toMatchObject({ name: "J&T EZ Reguler", cod: false, minKg: 2, active: true });
    const quote = await quoteOf("jnt:EZ");
    expect(quote).toMatchObject({ serviceName: "J&T EZ Reguler", cod: false, chargeableKg: 2 });
    // Two kilograms at the seeded rate card's J&T price to Papua (Rp 98.000 a kilogram).
    expect(quote?.price).toBe(98_000 * 2);
    expect((await audited("shipping.service"))[0]).toMatchObject({
      subjectId: "jnt:EZ",
      before: { name: "J&T EZ", cod: true, minKg: 1 },
      after: { name: "J&T EZ Reguler", cod: false, minKg: 2 },
    });
    expect(Object.keys((await audited("shipping.service"))[0]!.before as object).sort()).toEqual([
      "cod",
      "minKg",
      "name",
    ]);
  });
});

const jayapuraWarehouse = {
  name: "Gudang Jayapura",
  phone: "0967 533 000",
  provinceCode: "91",
  regencyCode: "91.71",
  districtCode: "91.71.03",
  villageCode: "91.71.03.1002",
  postcode: "99351",
  detail: "Jl. Raya Abepura No. 12",
};

describe("the warehouse parcels leave from", () => {
  it("is the default until saved; saved, it is read back with its area's names, audited, and quotes follow", async () => {
    expect((await ops.api.ops.settings.get()).warehouse).toEqual(warehouseDefaults);
    const saved = await ops.api.ops.settings.updateWarehouse(jayapuraWarehouse);
    const expected = {
      ...jayapuraWarehouse,
      phone: "+62967533000",
      area: "Asano, Abepura, Kota Jayapura, Papua",
    };
    expect(saved.warehouse).toEqual(expected);
    expect((await ops.api.ops.settings.get()).warehouse).toEqual(expected);
    // What checkouts quote from (the kept copy was forgotten) and where the shipping page opens.
    expect(await getWarehouse(database.db)).toEqual(expected);
    expect(await ops.api.ops.shipping.services()).toMatchObject({
      originZone: "papua",
      originArea: "Asano, Abepura, Kota Jayapura, Papua",
    });
    // A shopper in Jakarta is quoted from Jayapura now: the cheapest service from Papua to Jakarta.
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, await supplyProduct(database), 100_000);
    const shopper = await shopperWithMoney(database, ops, 0);
    const [cheapest] = await createTableCourier(database.db).quote({
      origin: jayapura,
      destination: jakarta,
      items: [parcel({ weightGrams: 500 })],
    });
    const quote = await shopper.api.orders.quote({
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
    });
    expect(quote.stores[0]?.postage).toBe(cheapest!.price);
    expect(cheapest!.price).toBeGreaterThan(50_000);
    expect((await audited("settings.warehouse"))[0]).toMatchObject({
      actor: ops.email,
      subjectType: "settings",
      subjectId: "warehouse",
      before: { name: "Gudang Pasar", provinceCode: "31" },
      after: { name: "Gudang Jayapura", provinceCode: "91", phone: "+62967533000" },
    });
    // Saving the same again records nothing.
    const count = (await audited("settings.warehouse")).length;
    await ops.api.ops.settings.updateWarehouse(jayapuraWarehouse);
    expect(await audited("settings.warehouse")).toHaveLength(count);

    // Back to the default place, named as the official data names it.
    await ops.api.ops.settings.updateWarehouse({ ...warehouseDefaults, phone: "021 4600000" });
    expect(await getWarehouse(database.db)).toEqual({
      ...warehouseDefaults,
      area: "Rawa Terate, Cakung, Kota Administrasi Jakarta Timur, Daerah Khusus Ibukota Jakarta",
    });
  });

  it("refuses a bad phone, postcode or area in the caller's language and stores nothing", async () => {
    const before = (await ops.api.ops.settings.get()).warehouse;
    const audits = (await audited("settings.warehouse")).length;
    const fields = await overHttp(
      "ops.settings.updateWarehouse",
      { ...jayapuraWarehouse, name: "", phone: "12", postcode: "9935", villageCode: "" },
      "ind",
    );
    expect(fields.status).toBe(400);
    expect(fields.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Isi nama gudang, paling banyak 60 karakter" },
        { path: "phone", message: "Masukkan nomor telepon Indonesia, misalnya 021 4600 000" },
        { path: "postcode", message: "Masukkan kode pos 5 angka" },
        { path: "villageCode", message: "Pilih provinsi, kabupaten/kota, kecamatan dan kelurahan/desa" },
      ]),
    );
    // Codes that are well formed but not inside one another (a Jakarta village in a Papua district).
    expect(
      await overHttp(
        "ops.settings.updateWarehouse",
        { ...jayapuraWarehouse, villageCode: "31.71.07.1006" },
        "en",
      ),
    ).toMatchObject({
      status: 400,
      message: "Choose the province, regency or city, district and village",
    });
    expect((await ops.api.ops.settings.get()).warehouse).toEqual(before);
    expect(await audited("settings.warehouse")).toHaveLength(audits);
  });
});

describe("a supply product's packed size", () => {
  it("is set and edited by the operator, and changes what the courier and the checkout quote", async () => {
    const category = await ops.api.ops.catalog.addCategory({
      parentId: null,
      sort: 0,
      name: { ind: "Olahraga", en: "Sports", zh: "运动" },
    });
    const fields = {
      categoryId: category.id,
      name: { ind: "Dumbel Besi", en: "Iron Dumbbell", zh: "铁哑铃" },
      description: { ind: "Dumbel 1 kg.", en: "A 1 kg dumbbell.", zh: "1公斤哑铃。" },
      merchantPrice: 50_000,
      suggestedPrice: 75_000,
      boutique: false,
      weightGrams: 300,
      lengthCm: 20,
      widthCm: 10,
      heightCm: 10,
    };
    const created = await ops.api.ops.catalog.create({ ...fields, stock: 20 });
    expect(created).toMatchObject({ weightGrams: 300, lengthCm: 20, widthCm: 10, heightCm: 10 });
    const itemOf = async (id: string) => {
      const p = await ops.api.ops.catalog.get({ id });
      return parcel({
        weightGrams: p.weightGrams,
        lengthCm: p.lengthCm,
        widthCm: p.widthCm,
        heightCm: p.heightCm,
      });
    };
    const sicepatToPapua = async () => quoteOf("sicepat:REG", [await itemOf(created.id)]);
    // SiCepat's seeded regular rate to Papua is Rp 90.500 a kilogram.
    expect(await sicepatToPapua()).toMatchObject({ chargeableKg: 1, price: 90_500 });

    // Heavier: 4.2 kg is charged as 5.
    await ops.api.ops.catalog.update({ ...fields, id: created.id, weightGrams: 4_200 });
    expect(await sicepatToPapua()).toMatchObject({ chargeableKg: 5, price: 5 * 90_500 });
    // Light but bulky: 60 × 40 × 30 cm weighs 12 kg by volume.
    await ops.api.ops.catalog.update({
      ...fields,
      id: created.id,
      lengthCm: 60,
      widthCm: 40,
      heightCm: 30,
    });
    expect(await sicepatToPapua()).toMatchObject({ chargeableKg: 12, price: 12 * 90_500 });
    const [entry] = (await ops.api.ops.money.audit({ action: "supply.update", limit: 5 })).items;
    expect(entry).toMatchObject({
      subjectId: created.id,
      before: { weightGrams: 4_200, lengthCm: 20, widthCm: 10, heightCm: 10 },
      after: { weightGrams: 300, lengthCm: 60, widthCm: 40, heightCm: 30 },
    });

    // A shopper's checkout quotes the product's postage by its packed size (within Jakarta, where the test
    // shops pay Rp 10.000 a kilogram).
    await ops.api.ops.catalog.update({ ...fields, id: created.id, weightGrams: 2_600 });
    const store = await merchantWithStore(database);
    const listingId = await listing(database, store.storeId, created.id, 70_000);
    const shopper = await shopperWithMoney(database, ops, 0);
    const quote = await shopper.api.orders.quote({
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
    });
    expect(quote.stores[0]?.postage).toBe(3 * 10_000);
    await ops.api.ops.catalog.update({ ...fields, id: created.id, weightGrams: 900 });
    const lighter = await shopper.api.orders.quote({
      lines: [{ listingId, quantity: 1 }],
      addressId: shopper.addressId,
    });
    expect(lighter.stores[0]?.postage).toBe(10_000);
  });

  it("refuses a weight or size outside the bounds couriers take, in the caller's language", async () => {
    const product = await supplyProduct(database);
    const current = await ops.api.ops.catalog.get({ id: product });
    const refused = await overHttp(
      "ops.catalog.update",
      {
        id: product,
        categoryId: current.categoryId,
        name: current.name,
        description: current.description,
        merchantPrice: current.merchantPrice,
        suggestedPrice: current.suggestedPrice,
        boutique: false,
        weightGrams: 150_001,
        lengthCm: 0,
        widthCm: 301,
        heightCm: 2.5,
      },
      "en",
    );
    expect(refused.status).toBe(400);
    expect(refused.issues).toEqual(
      expect.arrayContaining([
        { path: "weightGrams", message: "Enter the packed weight in whole grams, from 1 to 150,000" },
        { path: "lengthCm", message: "Enter each side in whole centimetres, from 1 to 300" },
        { path: "widthCm", message: "Enter each side in whole centimetres, from 1 to 300" },
        { path: "heightCm", message: "Enter each side in whole centimetres, from 1 to 300" },
      ]),
    );
    // The database's defaults stay.
    expect(await ops.api.ops.catalog.get({ id: product })).toMatchObject({
      weightGrams: 500,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 5,
    });
  });
});

describe("who may edit shipping", () => {
  it("is operators only: shoppers and merchants are forbidden, visitors must sign in, nothing changes", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const rate = { ...jneRegToPapua, firstKg: 1_000, nextKg: 1_000, etaMinDays: 1, etaMaxDays: 1 };
    const before = await ops.api.ops.shipping.rates(jneRegToPapua);
    const calls = (api: ReturnType<typeof callerFor>) => [
      api.ops.shipping.services(),
      api.ops.shipping.rates(jneRegToPapua),
      api.ops.shipping.updateRate(rate),
      api.ops.shipping.updateService({ courier: "jne", service: "REG", active: false }),
      api.ops.settings.updateWarehouse(jayapuraWarehouse),
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
    expect(await ops.api.ops.shipping.rates(jneRegToPapua)).toEqual(before);
    expect((await ops.api.ops.shipping.services()).services[0]).toMatchObject({ active: true });
    expect(await getWarehouse(database.db)).toMatchObject({ name: "Gudang Pasar", provinceCode: "31" });
  });
});
