import { TRPCError } from "@trpc/server";
import { expect } from "vitest";

// Apart from caller.ts: the benchmark scripts import the callers, and vitest only inside a test run.

/** The tRPC error a call fails with: its code and translated message (the test fails when the call succeeds). */
export async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}
