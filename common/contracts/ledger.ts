import { z } from "zod";
import { fundTypes, platformAccounts, transferMemoKeys } from "../wallet-states.ts";

export {
  fundTypes,
  platformAccounts,
  subjectTypes,
  transferMemoKeys,
  type FundType,
  type PlatformAccount,
  type SubjectType,
  type TransferMemoKey,
} from "../wallet-states.ts";

export const FundTypeSchema = z.enum(fundTypes);
export const TransferMemoKeySchema = z.enum(transferMemoKeys);

export const accountKinds = ["wallet", ...platformAccounts] as const;

/** A client-generated key, one per user intent ("Pay" pressed once), sent with every call that moves money. */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "errors.money.idempotencyKey");
