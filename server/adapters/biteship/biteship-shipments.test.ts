import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { type CourierEvent, type ParcelItem, type Place } from "../../platform/couriers.ts";
import { createBiteshipCourier } from "./biteship.adapter.ts";
import { CancelOrderResponseSchema } from "./biteship.schemas.ts";
import {
  apiKey,
  webhookSecret,
  fixtureText,
  sim,
  courier,
  place,
  jakarta,
  bandung,
  jayapura,
  item,
  shipment,
  webhooksOf,
  refusal,
  useBiteshipSimulator,
} from "./biteship-test-setup.ts";

useBiteshipSimulator();

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
