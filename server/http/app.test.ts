import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { signedInUser } from "../../tests/setup/money.ts";
import { createTestApp, queryInput } from "../../tests/setup/test-app.ts";
import { clientAddress } from "./app.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** An app whose pages answer with the client address the server saw. */
function echoApp(trustProxyHops?: number) {
  return createTestApp(database, {
    trustProxyHops,
    render: async (_request, bridge) => new Response(bridge.clientIp),
  });
}

describe("the client's address", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", async () => {
    const res = await echoApp().fetch(
      new Request("http://localhost/h5", { headers: { "x-forwarded-for": "203.0.113.9" } }),
    );
    expect(await res.text()).toBe("unknown"); // the socket's address (none in app.fetch), not the header
    expect(clientAddress("203.0.113.9", "10.0.0.1", 0)).toBe("10.0.0.1");
  });

  it("behind one trusted proxy takes the right-most entry; spoofed entries to its left are ignored", async () => {
    const res = await echoApp(1).fetch(
      new Request("http://localhost/h5", { headers: { "x-forwarded-for": "1.2.3.4, 203.0.113.9" } }),
    );
    expect(await res.text()).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.2", "10.0.0.1", 2)).toBe("203.0.113.9");
    expect(clientAddress("2001:db8::1", "10.0.0.1", 1)).toBe("2001:db8::1");
  });

  it("falls back to the socket's address when the entry is not an IP address or missing", () => {
    expect(clientAddress("not-an-ip", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress("1.2.3.4, <script>", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress("203.0.113.9", "10.0.0.1", 2)).toBe("10.0.0.1");
    expect(clientAddress(null, "10.0.0.1", 1)).toBe("10.0.0.1");
  });
});

describe("cross-site mutations", () => {
  const post = (headers: Record<string, string>) =>
    createTestApp(database).fetch(
      new Request("http://internal-host:8080/trpc/auth.sendCode", {
        method: "POST",
        headers: { "content-type": "application/json", lang: "en", ...headers },
        body: JSON.stringify({ json: { account: "someone@example.id", purpose: "signup" } }),
      }),
    );

  it("accepts an Origin equal to PUBLIC_URL even when a proxy rewrote Host", async () => {
    // PUBLIC_URL of the test app is http://localhost:3000; the request arrives for internal-host:8080.
    const res = await post({ origin: "http://localhost:3000" });
    expect(res.status).not.toBe(403);
  });

  it("refuses a foreign Origin", async () => {
    const res = await post({ origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.json.message).toBe("You are not allowed to do this.");
    expect((await post({ origin: "http://localhost:3001" })).status).toBe(403);
  });
});

describe("nothing a client sends creates unbounded metric labels", () => {
  it("counts calls to unknown procedures under one label", async () => {
    const app = createTestApp(database, { metricsToken: "scraper-token-0123456789" });
    for (let i = 0; i < 300; i++) {
      await app.fetch(new Request(`http://localhost/trpc/made.up${i}?input=${queryInput({})}`));
      await app.fetch(new Request(`http://localhost/page-${i}`, { method: i % 2 ? "PATCH" : "GET" }));
    }
    const metrics = await (
      await app.fetch(
        new Request("http://localhost/metrics", {
          headers: { authorization: "Bearer scraper-token-0123456789" },
        }),
      )
    ).text();
    expect(metrics).not.toContain("made.up");
    expect(metrics).toContain('path="unknown"');
    const trpcSeries = metrics.split("\n").filter((l) => l.startsWith("trpc_calls_total{"));
    expect(trpcSeries.length).toBeLessThan(5);
    const httpSeries = metrics
      .split("\n")
      .filter((l) => l.startsWith("http_request_duration_seconds_count{"));
    expect(httpSeries.length).toBeLessThan(10);
  });
});

describe("security headers", () => {
  it("no page can be framed or sniffed, and referrers stay on this site", async () => {
    const res = await createTestApp(database).fetch(new Request("http://localhost/h5/signin"));
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("compression", () => {
  const html = `<!DOCTYPE html><html lang="id-ID"><body>${"<p>Sepatu Sneakers Pria Hitam Sol Putih</p>".repeat(200)}</body></html>`;
  const app = () =>
    createTestApp(database, {
      render: async () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
    });

  it("sends pages and API answers gzipped to a client that accepts it, and plain to one that does not", async () => {
    const page = await app().fetch(
      new Request("http://localhost/h5", { headers: { "accept-encoding": "gzip, br" } }),
    );
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.headers.get("vary")).toMatch(/accept-encoding/i);
    const compressed = new Uint8Array(await page.arrayBuffer());
    expect(compressed.length).toBeLessThan(html.length / 5);
    expect(gunzipSync(compressed).toString("utf8")).toBe(html);

    const plain = await app().fetch(new Request("http://localhost/h5"));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);

    // A batch of ten calls is several kilobytes of JSON: compressed. One call alone is too small to gain.
    const calls = 10;
    const batchInput = encodeURIComponent(
      JSON.stringify(
        Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: { platformCode: 2 } }])),
      ),
    );
    const api = await app().fetch(
      new Request(
        `http://localhost/trpc/${Array(calls).fill("settings.webConfig").join(",")}?batch=1&input=${batchInput}`,
        { headers: { "accept-encoding": "gzip" } },
      ),
    );
    expect(api.status).toBe(200);
    expect(api.headers.get("content-encoding")).toBe("gzip");
    const body = JSON.parse(gunzipSync(new Uint8Array(await api.arrayBuffer())).toString("utf8"));
    expect(body).toHaveLength(calls);
    expect(body[0].result.data.json.platformCode).toBe(2);

    const small = await app().fetch(
      new Request(`http://localhost/trpc/settings.webConfig?input=${queryInput({ platformCode: 2 })}`, {
        headers: { "accept-encoding": "gzip" },
      }),
    );
    expect(small.headers.get("content-encoding")).toBeNull();
    expect((await small.json()).result.data.json.platformCode).toBe(2);
  });

  it("leaves images alone: they are compressed already", async () => {
    const bytes = new Uint8Array(4096).map((_, i) => i % 251);
    const key = "products/0123456789abcdef0123456789abcdef.webp";
    await database.storage.write(key, bytes);
    const res = await app().fetch(
      new Request(`http://localhost${database.storage.url(key)}`, { headers: { "accept-encoding": "gzip" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });
});

describe("reading one's own writes", () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    createTestApp(database).request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const freshCookieOf = (res: Response) =>
    res.headers.getSetCookie().find((c) => c.startsWith("pasar_fresh="));

  it("marks a signed-in browser that wrote something fresh for ten seconds; a refused write or a visitor's post not", async () => {
    const shopper = await signedInUser(database);
    const wrote = await post(
      "/trpc/search.record",
      { json: { q: "batik" } },
      { authorization: shopper.token },
    );
    expect(wrote.status).toBe(200);
    expect(freshCookieOf(wrote)).toMatch(/^pasar_fresh=1; Max-Age=10; Path=\/; HttpOnly; SameSite=Lax$/);
    const refused = await post("/trpc/search.record", { json: { q: "" } }, { authorization: shopper.token });
    expect(refused.status).toBe(400);
    expect(freshCookieOf(refused)).toBeUndefined();
    // A visitor's post (a search recorded) changes nothing they read: they keep the shared pages.
    const visitor = await post("/trpc/search.record", { json: { q: "batik" } });
    expect(visitor.status).toBe(200);
    expect(freshCookieOf(visitor)).toBeUndefined();
  });
});

describe("browse pages for signed-in shoppers", () => {
  it("renders a browse page as a visitor's, whoever asks; a personal page with the session", async () => {
    // Pages that say which cookies and authorization they were rendered with.
    const app = createTestApp(database, {
      render: async (request) =>
        new Response(
          `cookie=${request.headers.get("cookie") ?? ""} auth=${request.headers.get("authorization") ?? ""}`,
          { headers: { "content-type": "text/html" } },
        ),
    });
    const headers = { cookie: "pasar_session=tok; pasar_signed_in=1; pasar_lang=en", authorization: "tok" };
    const page = async (path: string, h: Record<string, string>) =>
      (await app.request(path, { headers: h })).text();
    expect(await page("/h5/products/prd_1", headers)).toBe("cookie=pasar_lang=en auth=");
    expect(await page("/en/h5", headers)).toBe("cookie=pasar_lang=en auth=");
    expect(await page("/h5/cart", headers)).toBe(
      "cookie=pasar_session=tok; pasar_signed_in=1; pasar_lang=en auth=tok",
    );
    // Just after a write it reads its own writes: the page is its own.
    const fresh = { ...headers, cookie: `${headers.cookie}; pasar_fresh=1` };
    expect(await page("/h5/products/prd_1", fresh)).toContain("pasar_session=tok");
  });
});
