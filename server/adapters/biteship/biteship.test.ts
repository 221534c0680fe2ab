import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { shipmentStatuses } from "#common/shipping.ts";
import {
  CourierError,
  type CourierEvent,
  type CourierGateway,
  type CreateShipmentInput,
  type ParcelItem,
  type Place,
} from "../../platform/couriers.ts";
import { createBiteshipCourier, defaultWebhookSecretHeader, localPhone } from "./biteship.adapter.ts";
import { etaDaysOf, serviceKindOf, serviceKinds, shipmentStatusOf } from "./biteship.mapping.ts";
import {
  AreasResponseSchema,
  CancelOrderBodySchema,
  CancelOrderResponseSchema,
  CreateOrderBodySchema,
  ErrorBodySchema,
  OrderPriceWebhookSchema,
  OrderSchema,
  OrderStatusWebhookSchema,
  OrderWaybillWebhookSchema,
  RatesRequestSchema,
  RatesResponseSchema,
  TrackingSchema,
  orderStatusOf,
  orderStatuses,
  trackingStatusAliases,
} from "./biteship.schemas.ts";
import { startBiteshipSimulator, zoneOfPostcode, type BiteshipSimulator } from "./biteship.simulator.ts";

const apiKey = "biteship_test.pasar0simulator0key0123456789";
const webhookSecret = "pasar-webhook-secret-0123456789abcdef";
const fixtures = path.join(import.meta.dirname, "fixtures");
const fixtureText = (file: string) => readFileSync(path.join(fixtures, file), "utf8");

/** The shop's webhook endpoint: keeps what arrives and answers as told. */
interface Received {
  body: string;
  headers: Headers;
}
let receiver: { url: string; server: Server; received: Received[]; answers: number[] };
let sim: BiteshipSimulator;
let courier: CourierGateway;
let seq = 0;
const nextShipment = () => `shp_test_${Date.now().toString(36)}_${++seq}`;

async function listen(app: Hono): Promise<{ url: string; server: Server }> {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

beforeAll(async () => {
  const received: Received[] = [];
  const app = new Hono();
  app.post("/couriers/notify/biteship", async (c) => {
    received.push({ body: await c.req.text(), headers: c.req.raw.headers });
    const status = receiver.answers.shift() ?? 200;
    return c.json({ ok: status < 300 }, status as 200);
  });
  const { url, server } = await listen(app);
  receiver = { url, server, received, answers: [] };
  sim = await startBiteshipSimulator({
    apiKey,
    webhookSecret,
    webhookUrl: `${url}/couriers/notify/biteship`,
    retryDelaysMs: [10, 20],
  });
  courier = createBiteshipCourier({ apiKey, apiUrl: sim.url, webhookSecret, timeoutMs: 2000 });
});

afterAll(async () => {
  await sim?.close();
  if (receiver) await closeServer(receiver.server);
});

/** Places by postcode, with the Kemendagri codes an address keeps. */
const place = (postcode: string, provinceCode: string, areaId: string | null = null): Place => ({
  provinceCode,
  regencyCode: `${provinceCode}.71`,
  districtCode: `${provinceCode}.71.01`,
  villageCode: `${provinceCode}.71.01.1001`,
  postcode,
  areaId,
});
const jakarta = place("12440", "31");
const bandung = place("40115", "32");
const jayapura = place("99111", "94");

const item = (over: Partial<ParcelItem> = {}): ParcelItem => ({
  name: "Kemeja batik",
  value: 125_000,
  quantity: 1,
  weightGrams: 500,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
  ...over,
});

function shipment(over: Partial<CreateShipmentInput> = {}): CreateShipmentInput {
  return {
    shipmentId: nextShipment(),
    courier: "jne",
    service: "REG",
    origin: {
      ...jakarta,
      name: "Gudang Pasar",
      phone: "+6281234567890",
      address: "Jl. Asia Afrika No. 8, RT 1/RW 3",
      area: "Gelora, Tanah Abang, Jakarta Pusat",
    },
    destination: {
      ...bandung,
      name: "Budi Santoso",
      phone: "+6281298765432",
      address: "Jl. Braga No. 12",
      area: "Braga, Sumur Bandung, Kota Bandung",
    },
    items: [item()],
    codAmount: null,
    note: "Pesanan P2611-0001",
    ...over,
  };
}

const secretHeaders = () => new Headers({ [defaultWebhookSecretHeader]: webhookSecret });

/** Runs `act` and reads the webhooks it made the simulator send to the shop, as the shop's route would. */
async function webhooksOf(act: () => Promise<unknown>): Promise<(CourierEvent | "forged" | "unreadable")[]> {
  const before = receiver.received.length;
  await act();
  await sim.control.idle();
  const arrived = receiver.received.slice(before);
  return Promise.all(arrived.map((r) => courier.readWebhook(r.body, r.headers)));
}

async function refusal(work: Promise<unknown>): Promise<CourierError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

describe("Biteship fixtures (documented examples and shapes)", () => {
  const schemaOf: [RegExp, z.ZodType][] = [
    [/rates-request-/, RatesRequestSchema],
    [/rates-response/, RatesResponseSchema],
    [/order-create-request/, CreateOrderBodySchema],
    [/order-create-response/, OrderSchema],
    [/order-cancel-request/, CancelOrderBodySchema],
    [/order-cancel-response/, CancelOrderResponseSchema],
    [/tracking-response/, TrackingSchema],
    [/webhook-order-status/, OrderStatusWebhookSchema],
    [/webhook-order-waybill-id/, OrderWaybillWebhookSchema],
    [/webhook-order-price/, OrderPriceWebhookSchema],
    [/maps-areas-response/, AreasResponseSchema],
    [/error-/, ErrorBodySchema],
  ];
  const files = readdirSync(fixtures).filter((f) => f.endsWith(".json"));

  it("has a fixture for every kind of body the adapter sends or reads, each named in the README", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    const readme = fixtureText("README.md");
    for (const [re] of schemaOf)
      expect(
        files.some((f) => re.test(f)),
        String(re),
      ).toBe(true);
    for (const file of files) {
      expect(
        schemaOf.some(([re]) => re.test(file)),
        file,
      ).toBe(true);
      expect(readme, file).toContain(`\`${file}\``);
    }
  });

  it.each(files)("%s parses with its schema", (file) => {
    const schema = schemaOf.find(([re]) => re.test(file))![1];
    const parsed = schema.safeParse(JSON.parse(fixtureText(file)));
    expect(parsed.error?.message, file).toBeUndefined();
  });

  it("reads the webhook bodies as the shop's events; a price change is genuine but no shipment event", async () => {
    const status = await courier.readWebhook(
      fixtureText("adapted-webhook-order-status.json"),
      secretHeaders(),
    );
    expect(status).toMatchObject({
      shipmentId: null,
      providerShipmentId: "5dd599ebdefcd4158eb8470b",
      waybill: "CGK1234567890123",
      step: { status: "out_for_delivery", providerStatus: "dropping_off" },
    });
    const waybill = await courier.readWebhook(
      fixtureText("adapted-webhook-order-waybill-id.json"),
      secretHeaders(),
    );
    expect(waybill).toMatchObject({ waybill: "P240311000123", step: { status: "picked_up" } });
    expect(await courier.readWebhook(fixtureText("adapted-webhook-order-price.json"), secretHeaders())).toBe(
      "unreadable",
    );
  });

  /** A courier whose Biteship answers every call with a fixture, by path. */
  const fixtureCourier = (answers: Record<string, unknown>) =>
    createBiteshipCourier({
      apiKey,
      apiUrl: "https://api.biteship.test",
      webhookSecret,
      fetch: (async (url: string | URL | Request) => {
        const { pathname } = new URL(String(url));
        const body = answers[pathname];
        return body === undefined
          ? new Response(JSON.stringify({ success: false, error: "not found" }), { status: 404 })
          : new Response(JSON.stringify(body), { status: 200 });
      }) as typeof fetch,
    });

  it("quotes from the documented rates answer: only the shop's couriers, kinds, COD and estimates read", async () => {
    const quotes = await fixtureCourier({
      "/v1/rates/couriers": JSON.parse(fixtureText("adapted-rates-response.json")),
    }).quote({ origin: jakarta, destination: place("12240", "31"), items: [item({ quantity: 2 })] });
    // Grab is no courier of the shop's; the rest cheapest first.
    expect(quotes.map((q) => `${q.courier}:${q.service}`)).toEqual([
      "jne:REG",
      "jne:YES",
      "anteraja:SAME_DAY",
    ]);
    expect(quotes[0]).toMatchObject({
      kind: "regular",
      cod: true,
      etaMinDays: 1,
      etaMaxDays: 2,
      price: 9000,
    });
    expect(quotes[1]).toMatchObject({ kind: "express", cod: false, serviceName: "Yakin Esok Sampai" });
    // Same day in hours: day 0.
    expect(quotes[2]).toMatchObject({ kind: "express", etaMinDays: 0, etaMaxDays: 0 });
  });

  it("tracks from the documented order and tracking answers, history oldest first whatever order it came in", async () => {
    const order = JSON.parse(fixtureText("adapted-order-create-response.json"));
    const tracking = JSON.parse(fixtureText("adapted-tracking-response.json"));
    tracking.history.reverse();
    const view = await fixtureCourier({
      [`/v1/orders/${order.id}`]: { ...order, status: "delivered" },
      [`/v1/trackings/${order.courier.tracking_id}`]: tracking,
    }).track({
      shipmentId: "shp_0001",
      providerShipmentId: order.id,
      waybill: null,
      courier: "jne",
    });
    expect(view.status).toBe("delivered");
    expect(view.waybill).toBe("CGK1234567890123");
    expect(view.steps.map((s) => [s.status, s.providerStatus])).toEqual([
      ["booked", "confirmed"],
      ["booked", "picking_up"],
      ["picked_up", "picked"],
      ["out_for_delivery", "dropping_off"],
      ["delivered", "delivered"],
    ]);
    expect(view.steps.at(-1)).toMatchObject({ note: "Paket diterima oleh: JOHN" });
    expect(view.steps[0]!.at.toISOString()).toBe("2026-11-23T11:17:00.000Z");
  });
});

describe("Biteship mappings", () => {
  it("maps every documented order status, in either spelling, onto a shipment status", () => {
    for (const status of orderStatuses) {
      expect(shipmentStatuses, status).toContain(shipmentStatusOf[status]);
      expect(orderStatusOf(status)).toBe(status);
    }
    for (const [camel, snake] of Object.entries(trackingStatusAliases))
      expect(orderStatusOf(camel)).toBe(snake);
    expect(orderStatusOf("teleported")).toBeNull();
    expect(shipmentStatusOf).toMatchObject({
      confirmed: "booked",
      picking_up: "booked",
      picked: "picked_up",
      dropping_off: "out_for_delivery",
      on_hold: "on_hold",
      return_in_transit: "returning",
      disposed: "lost",
      courier_not_found: "cancelled",
    });
  });

  it("names the kind of each courier's services, by code, then by Biteship's service type", () => {
    const kind = (
      courier: "jne" | "sicepat" | "anteraja" | "pos" | "jnt",
      code: string,
      serviceType?: string,
    ) =>
      serviceKindOf(courier, {
        courier_service_code: code,
        courier_service_name: code,
        service_type: serviceType,
      });
    expect(kind("jne", "YES")).toBe("express");
    expect(kind("jne", "reg")).toBe("regular");
    expect(kind("jne", "oke")).toBe("economy");
    expect(kind("jne", "jtr")).toBe("cargo");
    expect(kind("jne", "jtr<130")).toBe("cargo");
    expect(kind("sicepat", "best")).toBe("express");
    expect(kind("sicepat", "gokil")).toBe("cargo");
    expect(kind("sicepat", "halu")).toBe("economy");
    expect(kind("jnt", "ez")).toBe("regular");
    expect(kind("anteraja", "next_day")).toBe("express");
    expect(kind("pos", "kargo")).toBe("cargo");
    expect(kind("anteraja", "brand_new", "same_day")).toBe("express");
    expect(kind("pos", "brand_new", "standard")).toBe("regular");
    expect(Object.keys(serviceKinds).sort()).toEqual(["anteraja", "jne", "jnt", "pos", "sicepat"]);
  });

  it("reads durations in days and hours", () => {
    const eta = (range: string | null, unit: string | null, duration: string | null = null) =>
      etaDaysOf({ shipment_duration_range: range, shipment_duration_unit: unit, duration });
    expect(eta("1 - 2", "days")).toEqual({ min: 1, max: 2 });
    expect(eta("3", "days")).toEqual({ min: 3, max: 3 });
    expect(eta("1 - 3", "hours")).toEqual({ min: 0, max: 0 });
    expect(eta("24 - 48", "hours")).toEqual({ min: 1, max: 2 });
    expect(eta(null, null, "2 - 4 Days")).toEqual({ min: 2, max: 4 });
    expect(eta(null, null, "6 - 8 hours")).toEqual({ min: 0, max: 0 });
    expect(eta("soon", "days")).toBeNull();
    expect(eta("3 - 1", "days")).toBeNull();
  });

  it("sends phones in the local form couriers print", () => {
    expect(localPhone("+6281234567890")).toBe("081234567890");
    expect(localPhone("6281234567890")).toBe("081234567890");
    expect(localPhone("0812-3456-7890")).toBe("081234567890");
  });

  it("prices by postal region in the simulator", () => {
    expect(zoneOfPostcode(12440)).toBe("jakarta");
    expect(zoneOfPostcode(40115)).toBe("jawa");
    expect(zoneOfPostcode(20111)).toBe("sumatera");
    expect(zoneOfPostcode(99111)).toBe("papua");
  });
});

describe("quote (against the simulator)", () => {
  const priceOf = async (items: ParcelItem[], to: Place = bandung, service = "jne:REG") => {
    const quotes = await courier.quote({ origin: jakarta, destination: to, items });
    const quote = quotes.find((q) => `${q.courier}:${q.service}` === service);
    expect(quote, service).toBeDefined();
    return quote!;
  };

  it("offers each courier's services cheapest first, kinds and COD named", async () => {
    const quotes = await courier.quote({ origin: jakarta, destination: bandung, items: [item()] });
    expect(new Set(quotes.map((q) => q.courier))).toEqual(
      new Set(["jne", "jnt", "sicepat", "anteraja", "pos"]),
    );
    const prices = quotes.map((q) => q.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const q of quotes) {
      expect(q.service).toBe(q.service.toUpperCase());
      expect(q.etaMinDays).toBeLessThanOrEqual(q.etaMaxDays);
      expect(Number.isInteger(q.price) && q.price > 0).toBe(true);
    }
    const by = (key: string) => quotes.find((q) => `${q.courier}:${q.service}` === key)!;
    expect(by("jne:REG")).toMatchObject({ kind: "regular", cod: true, serviceName: "Reguler" });
    expect(by("jne:YES")).toMatchObject({ kind: "express", cod: false });
    expect(by("jne:OKE")).toMatchObject({ kind: "economy", cod: true });
    expect(by("jne:JTR")).toMatchObject({ kind: "cargo", cod: false });
    expect(by("sicepat:BEST")).toMatchObject({ kind: "express", cod: true });
    expect(by("sicepat:GOKIL")).toMatchObject({ kind: "cargo" });
    expect(by("pos:REG")).toMatchObject({ kind: "regular", cod: false });
    // Same day only within one region: Jakarta to Bandung has none, across Jakarta it arrives on day 0.
    expect(by("anteraja:SAME_DAY")).toBeUndefined();
    const local = await courier.quote({
      origin: jakarta,
      destination: place("12950", "31"),
      items: [item()],
    });
    expect(local.find((q) => q.service === "SAME_DAY")).toMatchObject({
      courier: "anteraja",
      kind: "express",
      etaMinDays: 0,
      etaMaxDays: 0,
    });
  });

  it("costs more for a heavier parcel and for a bulky one (volumetric weight), and farther away", async () => {
    const light = await priceOf([item({ weightGrams: 500 })]);
    const heavy = await priceOf([item({ weightGrams: 3200 })]);
    expect(light.chargeableKg).toBe(1);
    expect(heavy.chargeableKg).toBe(4);
    expect(heavy.price).toBeGreaterThan(light.price);
    // 1 kg in a 40 cm cube is 64,000 cm³ / 6,000 = 10.7 kg volumetric: counted as 11 kg.
    const bulky = await priceOf([item({ weightGrams: 1000, lengthCm: 40, widthCm: 40, heightCm: 40 })]);
    expect(bulky.chargeableKg).toBe(11);
    expect(bulky.price).toBeGreaterThan(heavy.price);
    // Two of an item weigh twice as much.
    const two = await priceOf([item({ weightGrams: 800, quantity: 2 })]);
    expect(two.chargeableKg).toBe(2);
    const far = await priceOf([item({ weightGrams: 500 })], jayapura);
    expect(far.price).toBeGreaterThan(light.price);
    expect(far.etaMaxDays).toBeGreaterThan(light.etaMaxDays);
    // Same day goes nowhere near Papua.
    const farQuotes = await courier.quote({ origin: jakarta, destination: jayapura, items: [item()] });
    expect(farQuotes.some((q) => q.service === "SAME_DAY")).toBe(false);
  });

  it("quotes by Biteship area id when the place has one, and by the origin setting's area id", async () => {
    const byArea = await courier.quote({
      origin: place("00000", "31", "IDNP0IDNC12IDZ12440"),
      destination: place("00000", "32", "IDNP1IDNC40IDZ40115"),
      items: [item()],
    });
    const byPostcode = await courier.quote({ origin: jakarta, destination: bandung, items: [item()] });
    expect(byArea.map((q) => q.price)).toEqual(byPostcode.map((q) => q.price));
    const fromWarehouse = createBiteshipCourier({
      apiKey,
      apiUrl: sim.url,
      webhookSecret,
      origin: { areaId: "IDNP0IDNC12IDZ12440" },
    });
    const viaSetting = await fromWarehouse.quote({
      origin: place("00000", "31"),
      destination: bandung,
      items: [item()],
    });
    expect(viaSetting.map((q) => q.price)).toEqual(byPostcode.map((q) => q.price));
    // Neither an area nor a postcode: refused before anything is sent.
    const error = await refusal(
      courier.quote({ origin: place("123", "31"), destination: bandung, items: [item()] }),
    );
    expect(error.retryable).toBe(false);
  });
});

describe("createShipment", () => {
  it("books a parcel: Biteship's order id, the waybill, the price quoted, the routing code", async () => {
    const input = shipment();
    const quotes = await courier.quote({
      origin: input.origin,
      destination: input.destination,
      items: input.items,
    });
    const booked = await courier.createShipment(input);
    expect(booked.providerShipmentId).toMatch(/^[0-9a-f]{24}$/);
    expect(booked.waybill).toMatch(/^CGK\d{13}$/);
    expect(booked.status).toBe("booked");
    expect(booked.price).toBe(quotes.find((q) => q.courier === "jne" && q.service === "REG")!.price);
    expect(booked.label.routingCode).toBe("CGK-401");
    const order = sim.control.order(booked.providerShipmentId)!;
    expect(order.reference_id).toBe(input.shipmentId);
    expect(order.courier).toMatchObject({ company: "jne", type: "reg" });
    // Couriers get the local form of the phone numbers and one address line.
    expect(order.origin).toMatchObject({ contact_phone: "081234567890" });
    expect(order.destination).toMatchObject({
      contact_phone: "081298765432",
      address: "Jl. Braga No. 12, Braga, Sumur Bandung, Kota Bandung, 40115",
    });
  });

  it("books once per shipment id: asked again it answers the same booking", async () => {
    const input = shipment();
    const first = await courier.createShipment(input);
    const count = sim.control.orderCount;
    const again = await courier.createShipment(input);
    expect(again).toEqual(first);
    expect(sim.control.orderCount).toBe(count);
  });

  it("finds the booking whose answer was lost (timed out) when asked again", async () => {
    const impatient = createBiteshipCourier({ apiKey, apiUrl: sim.url, webhookSecret, timeoutMs: 150 });
    const input = shipment();
    const count = sim.control.orderCount;
    sim.control.slowNext(400);
    const lost = await refusal(impatient.createShipment(input));
    expect(lost.retryable).toBe(true);
    expect(lost.message).toMatch(/did not answer within 150 ms/);
    // Biteship went on and made the order.
    await expect.poll(() => sim.control.orderIdOf(input.shipmentId), { timeout: 3000 }).toBeDefined();
    const booked = await impatient.createShipment(input);
    expect(booked.providerShipmentId).toBe(sim.control.orderIdOf(input.shipmentId));
    expect(sim.control.orderCount).toBe(count + 1);
  });

  it("refuses to answer a shipment id booked with another service", async () => {
    const input = shipment();
    await courier.createShipment(input);
    const error = await refusal(courier.createShipment({ ...input, service: "YES" }));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/booked as jne reg/);
  });

  it("collects cash on delivery where the service does, and is refused where it does not", async () => {
    const cod = await courier.createShipment(shipment({ codAmount: 275_000 }));
    const collecting = sim.control.order(cod.providerShipmentId)!.destination?.cash_on_delivery;
    expect(collecting).toMatchObject({ amount: 275_000, type: "7_days" });
    // What Biteship keeps of the cash as its fee (the simulator: 4 %, at least Rp 2.500) is read from the
    // order: the most a remittance may deduct for the parcel (decision 24).
    expect(cod.codFee).toBe(11_000);
    expect(collecting?.fee).toBe(11_000);
    expect((await courier.createShipment(shipment())).codFee).toBeNull();
    const error = await refusal(courier.createShipment(shipment({ service: "YES", codAmount: 275_000 })));
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.message).toMatch(/40002009: Courier is not available for cash on delivery service/);
    const fraction = await refusal(courier.createShipment(shipment({ codAmount: 10.5 })));
    expect(fraction.retryable).toBe(false);
  });

  it("passes Biteship's validation error on, not retryable", async () => {
    const input = shipment();
    const error = await refusal(courier.createShipment({ ...input, origin: { ...input.origin, name: "" } }));
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.message).toMatch(/40002014: Please make sure origin contact name is filled/);
  });

  it("books a Pos parcel without a waybill: it comes at pick-up, by webhook and in tracking", async () => {
    const input = shipment({ courier: "pos", service: "REG" });
    const booked = await courier.createShipment(input);
    expect(booked.waybill).toBeNull();
    const events = await webhooksOf(() => sim.control.advance(booked.providerShipmentId, "picked"));
    expect(events.map((e) => (typeof e === "string" ? e : e.step.providerStatus))).toEqual([
      "confirmed",
      "picked",
    ]);
    const [waybillEvent, pickedEvent] = events as CourierEvent[];
    expect(waybillEvent!.waybill).toMatch(/^P\d{12}$/);
    expect(waybillEvent!.step.note).toMatch(/^Waybill P\d{12} issued/);
    expect(pickedEvent).toMatchObject({ waybill: waybillEvent!.waybill, step: { status: "picked_up" } });
    const view = await courier.track({
      ...input,
      providerShipmentId: booked.providerShipmentId,
      waybill: null,
    });
    expect(view.waybill).toBe(waybillEvent!.waybill);
  });
});

describe("cancel", () => {
  it("cancels a booking nobody has picked up: Biteship's order is cancelled, with the reason, and says so by webhook", async () => {
    const input = shipment();
    const booked = await courier.createShipment(input);
    const ref = { ...input, providerShipmentId: booked.providerShipmentId, waybill: booked.waybill };
    const events = await webhooksOf(() =>
      courier.cancel({ ...ref, reason: "Pesanan P2611-0001 dibatalkan pembeli" }),
    );
    const order = sim.control.order(booked.providerShipmentId)!;
    expect(order.status).toBe("cancelled");
    expect(order.courier.history!.at(-1)).toMatchObject({
      status: "cancelled",
      note: "Pesanan P2611-0001 dibatalkan pembeli",
    });
    expect(events).toMatchObject([
      { providerShipmentId: booked.providerShipmentId, step: { status: "cancelled" } },
    ]);
    expect((await courier.track(ref)).status).toBe("cancelled");
    // Asked again (a retry after a lost answer), it is as cancelled as before: nothing else happens.
    await courier.cancel({ ...ref, reason: "lagi" });
    expect(sim.control.order(booked.providerShipmentId)!.courier.history!.at(-1)!.note).not.toBe("lagi");
  });

  it("cancels while the courier is on its way to pick up, not once it has the parcel", async () => {
    const early = await courier.createShipment(shipment());
    await sim.control.advance(early.providerShipmentId, "picking_up");
    await courier.cancel({ ...shipment(), ...early, reason: "batal" });
    expect(sim.control.order(early.providerShipmentId)!.status).toBe("cancelled");

    const late = await courier.createShipment(shipment());
    await sim.control.advance(late.providerShipmentId, "picked");
    const error = await refusal(courier.cancel({ ...shipment(), ...late, reason: "batal" }));
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect(error.message).toMatch(/cannot be cancelled/);
    expect(sim.control.order(late.providerShipmentId)!.status).toBe("picked");
    await sim.control.idle();
  });

  it("says a Biteship away is worth asking again, and an order Biteship never had is nothing to cancel", async () => {
    const booked = await courier.createShipment(shipment());
    sim.control.failNext(503);
    const away = await refusal(courier.cancel({ ...shipment(), ...booked, reason: "batal" }));
    expect(away.retryable).toBe(true);
    expect(sim.control.order(booked.providerShipmentId)!.status).toBe("confirmed");
    await courier.cancel({ ...shipment(), ...booked, reason: "batal" });
    expect(sim.control.order(booked.providerShipmentId)!.status).toBe("cancelled");
    await courier.cancel({
      ...shipment(),
      providerShipmentId: "000000000000000000000000",
      waybill: null,
      reason: "batal",
    });
    await sim.control.idle();
  });

  it("the deprecated DELETE cancels as the documented POST does", async () => {
    const booked = await courier.createShipment(shipment());
    const answer = await fetch(`${sim.url}/v1/orders/${booked.providerShipmentId}`, {
      method: "DELETE",
      headers: { authorization: apiKey, "content-type": "application/json" },
      body: fixtureText("order-cancel-request.json"),
    });
    expect(CancelOrderResponseSchema.parse(await answer.json())).toMatchObject({
      status: "cancelled",
      cancellation_reason: "Accidentally ordered",
    });
    await sim.control.idle();
  });
});

describe("track", () => {
  it("follows the parcel as the courier moves it, every step mapped, oldest first", async () => {
    const input = shipment({ courier: "sicepat", service: "REG" });
    const booked = await courier.createShipment(input);
    const ref = { ...input, providerShipmentId: booked.providerShipmentId, waybill: booked.waybill };
    expect((await courier.track(ref)).status).toBe("booked");
    for (const status of [
      "allocated",
      "picking_up",
      "picked",
      "dropping_off",
      "on_hold",
      "dropping_off",
      "delivered",
    ] as const) {
      await sim.control.advance(booked.providerShipmentId, status);
    }
    await sim.control.idle();
    const view = await courier.track(ref);
    expect(view.status).toBe("delivered");
    expect(view.waybill).toBe(booked.waybill);
    expect(view.steps.map((s) => s.status)).toEqual([
      "booked",
      "booked",
      "booked",
      "picked_up",
      "out_for_delivery",
      "on_hold",
      "out_for_delivery",
      "delivered",
    ]);
    // The tracking endpoint spells states as its status page does (`pickingUp`); the steps name them as the
    // order pages and webhooks do, so a step heard of both ways is one step.
    expect(view.steps.map((s) => s.providerStatus)).toContain("picking_up");
    expect(view.steps.map((s) => s.providerStatus)).not.toContain("pickingUp");
    expect(view.steps[3]!.note).toBe("Paket telah diambil oleh kurir");
    const times = view.steps.map((s) => s.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // A delivered order moves no further at Biteship.
    await expect(sim.control.advance(booked.providerShipmentId, "returned")).rejects.toThrow(/delivered/);
  });

  it("says so when Biteship does not know the order, or it is another shipment's", async () => {
    const missing = await refusal(
      courier.track({
        shipmentId: "shp_x",
        providerShipmentId: "000000000000000000000000",
        waybill: null,
        courier: "jne",
      }),
    );
    expect(missing).toMatchObject({ retryable: false, status: 404 });
    const booked = await courier.createShipment(shipment());
    const wrong = await refusal(
      courier.track({
        shipmentId: "shp_other",
        providerShipmentId: booked.providerShipmentId,
        waybill: null,
        courier: "jne",
      }),
    );
    expect(wrong.retryable).toBe(false);
    expect(wrong.message).toMatch(/not to shipment shp_other/);
  });
});

describe("readWebhook", () => {
  it("reads a genuine order.status as the shop's event", async () => {
    const booked = await courier.createShipment(shipment());
    const [event] = await webhooksOf(() => sim.control.advance(booked.providerShipmentId, "allocated"));
    expect(event).toMatchObject({
      shipmentId: null,
      providerShipmentId: booked.providerShipmentId,
      waybill: booked.waybill,
      step: {
        status: "booked",
        providerStatus: "allocated",
        note: "Order has been allocated, courier will pickup the package.",
      },
    });
    expect((event as CourierEvent).step.at).toBeInstanceOf(Date);
    // The documented body has no time: the step is dated on arrival and says so.
    expect((event as CourierEvent).step.undated).toBe(true);
    // The secret travelled in the header set in Biteship's dashboard.
    expect(receiver.received.at(-1)!.headers.get(defaultWebhookSecretHeader)).toBe(webhookSecret);
  });

  it("dates a step by the webhook's updated_at when it has one", async () => {
    const booked = await courier.createShipment(shipment());
    sim.control.stampWebhooks(true);
    try {
      const [event] = await webhooksOf(() => sim.control.advance(booked.providerShipmentId, "allocated"));
      const history = sim.control.order(booked.providerShipmentId)!.courier.history!;
      expect((event as CourierEvent).step.undated).toBeUndefined();
      expect((event as CourierEvent).step.at).toEqual(new Date(history.at(-1)!.updated_at));
    } finally {
      sim.control.stampWebhooks(false);
    }
  });

  it("calls a webhook without the right secret forged, before reading its body", async () => {
    const booked = await courier.createShipment(shipment());
    expect(await webhooksOf(() => sim.control.sendForged(booked.providerShipmentId))).toEqual(["forged"]);
    const body = fixtureText("adapted-webhook-order-status.json");
    expect(await courier.readWebhook(body, new Headers())).toBe("forged");
    expect(await courier.readWebhook(body, new Headers({ [defaultWebhookSecretHeader]: "" }))).toBe("forged");
    expect(
      await courier.readWebhook(body, new Headers({ [defaultWebhookSecretHeader]: `${webhookSecret}x` })),
    ).toBe("forged");
    // Not even a body that is no JSON at all is looked at.
    expect(await courier.readWebhook("{not json", new Headers())).toBe("forged");
    // A secret in another header is no secret.
    expect(await courier.readWebhook(body, new Headers({ authorization: webhookSecret }))).toBe("forged");
    // A courier configured with another header name reads that one.
    const custom = createBiteshipCourier({
      apiKey,
      apiUrl: sim.url,
      webhookSecret,
      webhookHeader: "X-Biteship-Token",
    });
    expect(await custom.readWebhook(body, new Headers({ "x-biteship-token": webhookSecret }))).not.toBe(
      "forged",
    );
    expect(await custom.readWebhook(body, secretHeaders())).toBe("forged");
  });

  it("calls a genuine webhook it cannot use unreadable: unknown events, price changes, bad bodies", async () => {
    const booked = await courier.createShipment(shipment());
    expect(
      await webhooksOf(() => sim.control.sendEvent(booked.providerShipmentId, "order.teleported")),
    ).toEqual(["unreadable"]);
    expect(await webhooksOf(() => sim.control.reprice(booked.providerShipmentId, 99_000))).toEqual([
      "unreadable",
    ]);
    for (const body of [
      "",
      "{not json",
      "[]",
      '{"event":"order.status"}',
      '{"event":"order.status","order_id":"x","status":"teleported"}',
    ]) {
      expect(await courier.readWebhook(body, secretHeaders()), body).toBe("unreadable");
    }
  });

  it("delivers duplicates as they come: each is the same event, for the shop to apply once", async () => {
    const booked = await courier.createShipment(shipment());
    const events = await webhooksOf(async () => {
      await sim.control.advance(booked.providerShipmentId, "picked");
      await sim.control.resend(booked.providerShipmentId, 2);
    });
    expect(events).toHaveLength(3);
    const [first, ...copies] = events as CourierEvent[];
    for (const copy of copies) {
      expect({ ...copy, step: { ...copy.step, at: null } }).toEqual({
        ...first,
        step: { ...first!.step, at: null },
      });
    }
  });

  it("delivers reordered and late webhooks as they come: the shop orders them by what it knows", async () => {
    const booked = await courier.createShipment(shipment());
    const events = await webhooksOf(async () => {
      sim.control.hold();
      await sim.control.advance(booked.providerShipmentId, "picked");
      await sim.control.advance(booked.providerShipmentId, "dropping_off");
      await sim.control.advance(booked.providerShipmentId, "delivered");
      sim.control.delay(50);
      await sim.control.release({ reverse: true });
      sim.control.delay(0);
    });
    expect(events.map((e) => (e as CourierEvent).step.status)).toEqual([
      "delivered",
      "out_for_delivery",
      "picked_up",
    ]);
  });

  it("keeps sending a webhook the shop did not take", async () => {
    const booked = await courier.createShipment(shipment());
    receiver.answers.push(503, 500);
    const events = await webhooksOf(() => sim.control.advance(booked.providerShipmentId, "allocated"));
    expect(events).toHaveLength(3);
    const sent = sim.control.webhooks.at(-1)!;
    expect(sent.answers.map((a) => a.status)).toEqual([503, 500, 200]);
    expect(sent.delivered).toBe(true);
  });
});

describe("errors", () => {
  const input = () => ({ origin: jakarta, destination: bandung, items: [item()] });

  it("a wrong API key is 401, not retryable, and the key is in no message", async () => {
    const wrongKey = "biteship_test.wrong0key0wrong0key0wrong0key";
    const error = await refusal(
      createBiteshipCourier({ apiKey: wrongKey, apiUrl: sim.url, webhookSecret }).quote(input()),
    );
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toMatch(/401 40000002: Authorization is not valid/);
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain(webhookSecret);
  });

  it("a validation error is 400, not retryable", async () => {
    const error = await refusal(courier.quote({ ...input(), items: [item({ quantity: 0 })] }));
    expect(error).toMatchObject({ retryable: false, status: 400 });
  });

  it.each([500, 502, 503, 429] as const)("a %i answer is retryable", async (status) => {
    sim.control.failNext(status);
    const error = await refusal(courier.quote(input()));
    expect(error).toMatchObject({ retryable: true, status });
    // And the next call goes through.
    expect((await courier.quote(input())).length).toBeGreaterThan(0);
  });

  it("a Biteship away (unreachable, or too slow) is retryable", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const away = createBiteshipCourier({ apiKey, apiUrl: `http://127.0.0.1:${port}`, webhookSecret });
    const unreachable = await refusal(away.quote(input()));
    expect(unreachable).toMatchObject({ retryable: true, status: undefined });
    expect(unreachable.message).toMatch(/could not be reached/);
    sim.control.slowNext(300);
    const slow = await refusal(
      createBiteshipCourier({ apiKey, apiUrl: sim.url, webhookSecret, timeoutMs: 100 }).quote(input()),
    );
    expect(slow).toMatchObject({ retryable: true });
    expect(slow.message).toMatch(/did not answer within 100 ms/);
  });

  it("an answer that is not what the documentation describes is not retryable", async () => {
    const odd = createBiteshipCourier({
      apiKey,
      apiUrl: "https://api.biteship.test",
      webhookSecret,
      fetch: (async () => new Response(JSON.stringify({ success: true, pricing: "none" }))) as typeof fetch,
    });
    const error = await refusal(odd.quote(input()));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/not what its documentation describes/);
  });
});
