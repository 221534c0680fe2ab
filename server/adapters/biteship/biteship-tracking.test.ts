import { describe, expect, it } from "vitest";
import type { CourierEvent } from "../../platform/couriers.ts";
import { createBiteshipCourier, defaultWebhookSecretHeader } from "./biteship.adapter.ts";
import {
  apiKey,
  webhookSecret,
  fixtureText,
  receiver,
  sim,
  courier,
  shipment,
  secretHeaders,
  webhooksOf,
  refusal,
  useBiteshipSimulator,
} from "./biteship-test-setup.ts";

useBiteshipSimulator();

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
