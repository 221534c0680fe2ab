/**
 * One call of a provider's JSON API with a deadline, as every adapter makes them (Midtrans, Xendit, Biteship):
 * the answer's status, text and JSON (undefined when the body is not JSON, a proxy's error page), or why no
 * answer came. Adapters read the answer in their provider's words and build their own errors from `failed`.
 */
export type JsonAnswer =
  | { ok: true; status: number; text: string; json: unknown }
  | { ok: false; failed: string };

export async function callJson(
  send: typeof fetch,
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<JsonAnswer> {
  let status: number;
  let text: string;
  try {
    const response = await send(url, {
      method: init.method,
      headers:
        init.body === undefined ? init.headers : { "content-type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, failed: timedOut ? `did not answer within ${timeoutMs} ms` : "could not be reached" };
  }
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the caller describes it by its status.
  }
  return { ok: true, status, text, json };
}
