import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { shipmentStatuses } from "#common/shipping.ts";
import { createBiteshipCourier, localPhone } from "./biteship.adapter.ts";
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
import { zoneOfPostcode } from "./biteship.simulator.ts";
import {
  apiKey,
  webhookSecret,
  fixtures,
  fixtureText,
  courier,
  place,
  jakarta,
  item,
  secretHeaders,
  useBiteshipSimulator,
} from "./biteship-test-setup.ts";

useBiteshipSimulator();

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
