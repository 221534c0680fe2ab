import { describe, expect, it, vi } from "vitest";
import type { CourierGateway } from "../platform/couriers.ts";
import { parseEnv } from "../platform/env.ts";
import { createBiteshipFromEnv, createCourierGateway } from "./courier-provider.ts";

const table = { provider: "table" } as CourierGateway;
const biteship = {
  COURIER_PROVIDER: "biteship",
  BITESHIP_API_KEY: "biteship_test.0123456789abcdef",
  BITESHIP_WEBHOOK_SECRET: "0123456789abcdef0123",
};

describe("the courier the settings choose", () => {
  it("is the built-in table by default, made by the caller", () => {
    const env = parseEnv({});
    expect(createBiteshipFromEnv(env)).toBeNull();
    const createTableCourier = vi.fn(() => table);
    expect(createCourierGateway(env, { createTableCourier })).toBe(table);
    expect(createTableCourier).toHaveBeenCalledOnce();
  });

  it("is Biteship when chosen, reading webhooks by the header the settings name", async () => {
    const env = parseEnv({ ...biteship, BITESHIP_WEBHOOK_HEADER: "X-Biteship-Token" });
    const createTableCourier = vi.fn(() => table);
    const courier = createCourierGateway(env, { createTableCourier });
    expect(courier.provider).toBe("biteship");
    expect(createTableCourier).not.toHaveBeenCalled();
    const body = JSON.stringify({
      event: "order.status",
      order_id: "5dd599ebdefcd4158eb8470b",
      status: "picked",
    });
    const secret = biteship.BITESHIP_WEBHOOK_SECRET;
    expect(await courier.readWebhook(body, new Headers({ "x-biteship-token": secret }))).toMatchObject({
      providerShipmentId: "5dd599ebdefcd4158eb8470b",
      step: { status: "picked_up" },
    });
    expect(await courier.readWebhook(body, new Headers({ "x-pasar-webhook-secret": secret }))).toBe("forged");
  });
});
