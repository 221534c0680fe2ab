import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { bridgeContext } from "./lib/bridge.ts";
import { startScriptsAfterPaint } from "./lib/late-scripts.server.ts";
import { NonceContext } from "./lib/nonce.ts";

/** The server reads this key to hand each page render its bridge (see server/render.ts). */
export { bridgeContext } from "./lib/bridge.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The server's Content-Security-Policy nonce for this response (see server/http/app.ts).
  const nonce = loadContext.get(bridgeContext).nonce;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The whole document is rendered before anything is sent: the loaders have read every piece of data
  // already, so waiting costs a few milliseconds, and one buffer goes out in one write (with its length,
  // compressed in one go) instead of dozens of small chunks through web streams.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const body = Buffer.from(
                startScriptsAfterPaint(Buffer.concat(chunks).toString("utf8")),
                "utf8",
              );
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Cache-Control", "no-store");
              resolve(
                new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
