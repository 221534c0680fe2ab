// The soak's client of the shop (scripts/soak.ts): tRPC calls over HTTP as the pages make them, and writes sent
// again with their idempotency key until the shop answers, counted.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

export interface Answer<T> {
  ok: boolean;
  status: number;
  data?: T;
  code?: string;
}

/** One tRPC call over HTTP, as the pages make it (superjson's `{"json": …}` envelope). */
export async function call<T>(
  base: string,
  procedure: string,
  input: unknown,
  opts: { token?: string; mutation?: boolean; cookie?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { lang: "en" };
  if (opts.token) headers.authorization = opts.token;
  if (opts.cookie) headers.cookie = opts.cookie;
  try {
    const res = opts.mutation
      ? await fetch(`${base}/trpc/${procedure}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ json: input }),
          signal: AbortSignal.timeout(15_000),
        })
      : await fetch(
          `${base}/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
          { headers, signal: AbortSignal.timeout(15_000) },
        );
    const text = await res.text();
    let body: { result?: { data?: { json?: T } }; error?: { json?: { data?: { code?: string } } } } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // nginx's own 502 page, or a connection cut: no answer from the shop.
    }
    return {
      ok: res.ok && body.result !== undefined,
      status: res.status,
      data: body.result?.data?.json,
      code: body.error?.json?.data?.code,
    };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** No answer from the shop (a killed instance, a proxy that could not reach one): the same write is sent again. */
const unanswered = (a: Answer<unknown>) =>
  a.status === 0 || a.status === 502 || a.status === 503 || a.status === 504;

/** What the writes met: calls made, calls left unanswered, writes sent again, refusals by procedure and code. */
export const counts = {
  calls: 0,
  unanswered: 0,
  retried: 0,
  refused: new Map<string, number>(),
};

/**
 * A write sent until the shop answers it (at most 20 times, a little later each time), with one idempotency key:
 * what the pages do after a network error. Answers the shop's answer, or undefined when it never answered.
 */
export async function write<T>(
  base: string,
  procedure: string,
  input: Record<string, unknown>,
  token: string,
) {
  const withKey = { ...input, idempotencyKey: randomBytes(12).toString("base64url") };
  for (let attempt = 0; attempt < 20; attempt++) {
    counts.calls++;
    const answer = await call<T>(base, procedure, withKey, { token, mutation: true });
    if (!unanswered(answer)) {
      if (!answer.ok) {
        const key = `${procedure} ${answer.code ?? answer.status}`;
        counts.refused.set(key, (counts.refused.get(key) ?? 0) + 1);
      }
      return answer;
    }
    counts.unanswered++;
    if (attempt > 0) counts.retried++;
    await sleep(200 + attempt * 200);
  }
  return undefined;
}
