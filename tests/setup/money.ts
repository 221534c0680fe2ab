import { randomBytes } from "node:crypto";
import { createAccount } from "#server/modules/auth/auth.service.ts";
import { callerFor } from "./caller.ts";
import { freshEmail } from "./accounts.ts";
import type { TestDatabase } from "./test-db.ts";

export const testPassword = "rahasia123";

/** A new idempotency key, as the browser makes one per tap. */
export const newKey = () => randomBytes(12).toString("base64url");

/** A new signed-in user of a role: their id, account and session token. */
export async function signedInUser(
  database: TestDatabase,
  role: "shopper" | "merchant" | "operator" = "shopper",
) {
  const email = freshEmail(role);
  const id = await createAccount(database.db, { email, password: testPassword, role });
  const { token } = await callerFor(database).auth.signIn({
    method: "password",
    account: email,
    password: testPassword,
  });
  return { id, email, token, api: callerFor(database, { token }) };
}

/** The sandbox payment's id in the hosted page's address the gateway answered. */
export const paymentIdOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split("/").at(-1)!;
