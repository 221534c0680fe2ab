import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect } from "vitest";
import {
  CourierError,
  type CourierEvent,
  type CourierGateway,
  type CreateShipmentInput,
  type ParcelItem,
  type Place,
} from "../../platform/couriers.ts";
import { createBiteshipCourier, defaultWebhookSecretHeader } from "./biteship.adapter.ts";
import { startBiteshipSimulator, type BiteshipSimulator } from "./biteship.simulator.ts";

// What the Biteship test files share: the simulator and the shop's webhook endpoint (one of each per file, started
// by `useBiteshipSimulator`), the places, parcels and shipments they send, and the ways they read answers.

export const apiKey = "biteship_test.pasar0simulator0key0123456789";
export const webhookSecret = "pasar-webhook-secret-0123456789abcdef";
export const fixtures = path.join(import.meta.dirname, "fixtures");
export const fixtureText = (file: string) => readFileSync(path.join(fixtures, file), "utf8");

/** The shop's webhook endpoint: keeps what arrives and answers as told. */
interface Received {
  body: string;
  headers: Headers;
}
export let receiver: { url: string; server: Server; received: Received[]; answers: number[] };
export let sim: BiteshipSimulator;
export let courier: CourierGateway;
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

/** The simulator and the shop's webhook endpoint, started for the calling test file and closed after it. */
export function useBiteshipSimulator() {
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
}

/** Places by postcode, with the Kemendagri codes an address keeps. */
export const place = (postcode: string, provinceCode: string, areaId: string | null = null): Place => ({
  provinceCode,
  regencyCode: `${provinceCode}.71`,
  districtCode: `${provinceCode}.71.01`,
  villageCode: `${provinceCode}.71.01.1001`,
  postcode,
  areaId,
});
export const jakarta = place("12440", "31");
export const bandung = place("40115", "32");
export const jayapura = place("99111", "94");

export const item = (over: Partial<ParcelItem> = {}): ParcelItem => ({
  name: "Kemeja batik",
  value: 125_000,
  quantity: 1,
  weightGrams: 500,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
  ...over,
});

export function shipment(over: Partial<CreateShipmentInput> = {}): CreateShipmentInput {
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

export const secretHeaders = () => new Headers({ [defaultWebhookSecretHeader]: webhookSecret });

/** Runs `act` and reads the webhooks it made the simulator send to the shop, as the shop's route would. */
export async function webhooksOf(
  act: () => Promise<unknown>,
): Promise<(CourierEvent | "forged" | "unreadable")[]> {
  const before = receiver.received.length;
  await act();
  await sim.control.idle();
  const arrived = receiver.received.slice(before);
  return Promise.all(arrived.map((r) => courier.readWebhook(r.body, r.headers)));
}

export async function refusal(work: Promise<unknown>): Promise<CourierError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}
