import { type CodSettings } from "#common/contracts/settings.ts";
import { formatRupiah } from "#common/money.ts";
import { type CodRefusal } from "#common/payment-channels.ts";
import { type Db } from "../db/client.ts";
import { accountStanding } from "../modules/auth/auth.service.ts";
import { countRefusedCod } from "../modules/orders/orders.service.ts";
import { addMs, hour, now } from "../platform/clock.ts";

/** What cash on delivery adds to one order's total: the fixed part plus basis points, rounded up. */
export function codFeeOf(settings: CodSettings, total: number): number {
  return settings.feeFixed + Math.ceil((total * settings.feeBasisPoints) / 10_000);
}

export interface CodOffer {
  /** Null when the shopper may pay on delivery; else the first reason they may not. */
  refusal: CodRefusal | null;
  /** The fee per store order, in the stores' order, and in all. */
  fees: number[];
  fee: number;
}

/**
 * Whether this shopper may pay this checkout on delivery (issue 27): offered at all; a phone number proved by
 * code; the account old enough; fewer refused parcels in the window than the limit; every store served by a
 * courier service that collects cash (the one chosen, when placing; any, when quoting, since choosing cash on
 * delivery switches the checkout to them); the checkout's total with the fees within the cap. Reads only.
 */
export async function codOffer(
  db: Db,
  settings: CodSettings,
  userId: string,
  stores: readonly {
    total: number;
    selected: { cod: boolean } | null | undefined;
    options: readonly { cod: boolean }[];
  }[],
  opts: { placing: boolean },
): Promise<CodOffer> {
  const fees = stores.map((s) => codFeeOf(settings, s.total));
  const fee = fees.reduce((a, b) => a + b, 0);
  const offer = (refusal: CodRefusal | null) => ({ refusal, fees, fee });
  if (!settings.enabled) return offer("off");
  const standing = await accountStanding(db, userId);
  if (!standing) return offer("off");
  if (settings.requirePhone && !standing.verifiedPhone) return offer("phone");
  if (addMs(standing.createdAt, settings.minAccountDays * 24 * hour) > now()) return offer("age");
  if (settings.refusalDays > 0) {
    const refused = await countRefusedCod(db, userId, addMs(now(), -settings.refusalDays * 24 * hour));
    if (refused >= settings.maxRefused) return offer("refused");
  }
  const served = opts.placing
    ? stores.every((s) => s.selected?.cod)
    : stores.every((s) => s.options.some((o) => o.cod));
  if (!served) return offer("service");
  if (stores.reduce((a, s) => a + s.total, 0) + fee > settings.maxAmount) return offer("cap");
  return offer(null);
}

/** What a refusal's message names: the cap, the account age, the refusals and their window. */
export function codRefusalParams(
  settings: CodSettings,
  refusal: CodRefusal,
): Record<string, string | number> {
  switch (refusal) {
    case "cap":
      return { max: formatRupiah(settings.maxAmount) };
    case "age":
      return { count: settings.minAccountDays };
    case "refused":
      return { count: settings.maxRefused, window: settings.refusalDays };
    default:
      return {};
  }
}
