import { randomInt } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { Db } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import { insertUser } from "./auth.queries.ts";

export type Role = "shopper" | "merchant" | "operator";

const inviteAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An 8-character invite code without look-alike characters. */
function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += inviteAlphabet[randomInt(inviteAlphabet.length)];
  return code;
}

/** Hashes a password with argon2id (OWASP's recommended parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** Creates an account with a password. Operators are created only by the documented command and the seed. */
export async function createAccount(
  db: Db,
  input: { email?: string; phone?: string; password: string; role: Role; invitedByCode?: string },
): Promise<string> {
  const id = newId("usr");
  await insertUser(db, {
    id,
    email: input.email?.toLowerCase() ?? null,
    phone: input.phone ?? null,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    inviteCode: newInviteCode(),
    invitedByCode: input.invitedByCode ?? null,
    createdAt: now(),
  });
  return id;
}
