import { z } from "zod";
import { fundTypes } from "../wallet-states.ts";

export { fundTypes, subjectTypes, type FundType, type SubjectType } from "../wallet-states.ts";

export const FundTypeSchema = z.enum(fundTypes);

/**
 * The platform's own accounts. Escrow holds shoppers' payments of open orders; revenue collects fees and goods
 * payments; VAT payable the tax collected; gateway clearing mirrors money outside the shop (it goes negative
 * as recharges come in and back up as payouts leave); payouts pending holds requested withdrawals; adjustments
 * is the other side of operators' corrections.
 */
export const platformAccounts = [
  "escrow",
  "revenue",
  "vat_payable",
  "gateway_clearing",
  "payouts_pending",
  "adjustments",
] as const;
export type PlatformAccount = (typeof platformAccounts)[number];
export const accountKinds = ["wallet", ...platformAccounts] as const;
export type AccountKind = (typeof accountKinds)[number];

/** A client-generated key, one per user intent ("Pay" pressed once), sent with every call that moves money. */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "errors.money.idempotencyKey");
