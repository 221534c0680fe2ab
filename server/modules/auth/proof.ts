import type { Proof } from "#common/contracts/auth.ts";
import type { Db } from "../../db/client.ts";
import { DomainError } from "../../platform/errors.ts";
import { verifyPasskey } from "./passkeys.service.ts";
import type { SecurityNotice } from "./auth.service.ts";
import { checkPin } from "./pin.service.ts";

/** What checking a proof needs: the database, and the shop's address (a passkey is bound to it). */
export interface ProofDeps {
  db: Db;
  publicUrl: string;
}

/**
 * Checks what the owner gave to prove it is them before money leaves or a payout detail changes (issue 43): the
 * PIN, or one of their passkeys with user verification. Missing proof is refused as such, so an old client that
 * sends none is told to ask for it.
 */
export async function checkProof(
  deps: ProofDeps,
  userId: string,
  proof: Proof | undefined,
  /** Tells the owner when this try locks or disables the PIN (issue 44). */
  notice?: SecurityNotice,
): Promise<void> {
  if (!proof) throw new DomainError("bad_request", "errors.pin.required");
  if ("pin" in proof) return checkPin(deps.db, userId, proof.pin, notice);
  await verifyPasskey(deps, "proof", userId, proof.passkey);
}
