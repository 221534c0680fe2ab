import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageMimeTypes, renditionPath, type ImageView } from "#common/images.ts";
import { createSeededDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createTestApp, queryInput } from "../../tests/setup/test-app.ts";

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createSeededDatabase();
  app = createTestApp(database, { maxBatchSize: 3 });
});
afterAll(() => database.destroy());

const get = (path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`http://localhost${path}`, { headers }));

describe("/trpc over HTTP (seed section 7)", () => {
  it("answers a query by GET with ?input= superjson", async () => {
    const res = await get(`/trpc/settings.webConfig?input=${queryInput({ platformCode: 2 })}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data.json).toMatchObject({ platformCode: 2, currency: "Rp", countryMobilePre: "+62" });
  });

  it("batches several calls in one request with batch=1", async () => {
    const input = encodeURIComponent(
      JSON.stringify({ 0: { json: { platformCode: 2 } }, 1: { json: { limit: 2 } } }),
    );
    const res = await get(`/trpc/settings.webConfig,listings.list?batch=1&input=${input}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toHaveLength(2);
    expect(body[0].result.data.json.title).toBe("Pasar");
    expect(body[1].result.data.json.items).toHaveLength(2);
  });

  it("refuses a batch larger than the maximum, in the caller's language", async () => {
    const paths = Array(4).fill("catalog.home").join(",");
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await get(`/trpc/${paths}?batch=1&input=${input}`, { lang: "en" });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Too many requests at once.");
  });

  it("translates validation errors into the lang header's language and lists the fields", async () => {
    const res = await get(`/trpc/settings.webConfig?input=${queryInput({ platformCode: 9 })}`, {
      lang: "zh",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.json.code).toBe(-32600);
    expect(body.error.json.message).toBe("部分信息无效。");
    expect(body.error.json.data.issues[0].path).toBe("platformCode");
  });

  it("uses the seed's JSON-RPC codes: not found -32004, method not supported -32005", async () => {
    const missing = await get(`/trpc/listings.get?input=${queryInput({ id: "prd_missing" })}`, {
      lang: "en",
    });
    expect(missing.status).toBe(404);
    const missingBody = await missing.json();
    expect(missingBody.error.json.code).toBe(-32004);
    expect(missingBody.error.json.message).toBe("This product does not exist or is no longer sold.");

    const post = await app.fetch(
      new Request("http://localhost/trpc/catalog.home", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(post.status).toBe(405);
    expect((await post.json()).error.json.code).toBe(-32005);
  });

  it("answers Indonesian when no lang header is sent", async () => {
    const res = await get(`/trpc/nope.nothing?input=${queryInput({})}`);
    expect((await res.json()).error.json.message).toBe("Tidak ditemukan.");
  });

  it("in production leaks no stack, SQL or internal message on an unexpected failure", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    const broken = await createSeededDatabase();
    const brokenApp = createTestApp(broken);
    await broken.close(); // every query now fails inside the driver
    try {
      const res = await brokenApp.fetch(
        new Request(`http://localhost/trpc/catalog.home?input=${queryInput(undefined)}`, {
          headers: { lang: "en" },
        }),
      );
      expect(res.status).toBe(500);
      const text = await res.text();
      const body = JSON.parse(text);
      expect(body.error.json.code).toBe(-32603);
      expect(body.error.json.message).toBe("Unknown error");
      expect(body.error.json.data.stack).toBeUndefined();
      expect(text).not.toMatch(/select|from "|pglite|pool|\.ts|node_modules|closed/i);
    } finally {
      process.env.NODE_ENV = previous;
      if (broken.kind === "postgres") await broken.destroy().catch(() => {});
    }
  });
});

describe("operational endpoints", () => {
  it("reports health, readiness and metrics", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    // The metrics answer a scraper with the token (this request has no socket: it is from no machine).
    expect((await get("/metrics")).status).toBe(404);
    const metrics = await (
      await createTestApp(database, { metricsToken: "scraper-token-0123456789" }).fetch(
        new Request("http://localhost/metrics", {
          headers: { authorization: "Bearer scraper-token-0123456789" },
        }),
      )
    ).text();
    expect(metrics).toContain("http_request_duration_seconds");
    expect(metrics).toContain("process_cpu_user_seconds_total");
  });

  it("reports not ready when the database is gone", async () => {
    const gone = await createSeededDatabase();
    const goneApp = createTestApp(gone);
    await gone.close();
    const res = await goneApp.fetch(new Request("http://localhost/readyz"));
    expect(res.status).toBe(503);
    if (gone.kind === "postgres") await gone.destroy().catch(() => {});
  });

  it("gives every response a request id", async () => {
    const res = await get("/healthz");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("serves uploaded images with long-lived cache headers", async () => {
    const home = await get(`/trpc/catalog.home?input=${queryInput(undefined)}`);
    const image: ImageView = (await home.json()).result.data.json.fresh[0].image;
    for (const format of image.formats) {
      const res = await get(renditionPath(image.url, image, image.width, format));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(res.headers.get("content-type")).toBe(imageMimeTypes[format]);
    }
  });

  it("reports the running build for open pages to compare", async () => {
    const res = await get("/builds/latest.json");
    expect(await res.json()).toEqual({ id: "test-build" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
