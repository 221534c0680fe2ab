import type { CourierGateway } from "../platform/couriers.ts";
import { createBiteshipCourier } from "./biteship/biteship.adapter.ts";

/** The settings that choose the courier (validated in server/platform/env.ts). */
export interface CourierSettings {
  COURIER_PROVIDER: "table" | "biteship";
  BITESHIP_API_KEY?: string | undefined;
  BITESHIP_API_URL: string;
  BITESHIP_WEBHOOK_SECRET?: string | undefined;
  BITESHIP_WEBHOOK_HEADER: string;
}

/**
 * The Biteship courier when the settings choose it (decision 22), else null: the built-in table courier needs the
 * database, so whoever has one makes it (`createCourierGateway`).
 */
export function createBiteshipFromEnv(settings: CourierSettings): CourierGateway | null {
  if (settings.COURIER_PROVIDER !== "biteship") return null;
  return createBiteshipCourier({
    apiKey: settings.BITESHIP_API_KEY!,
    apiUrl: settings.BITESHIP_API_URL,
    webhookSecret: settings.BITESHIP_WEBHOOK_SECRET!,
    webhookHeader: settings.BITESHIP_WEBHOOK_HEADER,
  });
}

/**
 * The shop's courier, as its settings choose: Biteship, or the built-in rate table, which the caller makes
 * (it needs the database): `createCourierGateway(env, { createTableCourier: () => createTableCourier(db) })`.
 * The table courier is made only when it is the one chosen.
 */
export function createCourierGateway(
  settings: CourierSettings,
  builtIn: { createTableCourier: () => CourierGateway },
): CourierGateway {
  return createBiteshipFromEnv(settings) ?? builtIn.createTableCourier();
}
