import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../../tests/setup/server.ts";
import { createSeededDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { signedInUser } from "../../tests/setup/money.ts";
import type { AppRouter } from "../api/app-router.ts";

let database: TestDatabase;
let server: Awaited<ReturnType<typeof startTestServer>>;
const requests: string[] = [];

beforeAll(async () => {
  database = await createSeededDatabase();
  server = await startTestServer(database);
});
afterAll(async () => {
  await server.close();
  await database.destroy();
});

function client(lang: string, token = "") {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${server.url}/trpc`,
        transformer: superjson,
        headers: () => ({ authorization: token, lang }),
        fetch: (url, init) => {
          requests.push(String(url));
          return fetch(url, init);
        },
      }),
    ],
  });
}

describe("the official tRPC client against the running server", () => {
  it("sends concurrent calls as one batched request and gets typed, superjson-decoded answers", async () => {
    requests.length = 0;
    const api = client("en");
    const [config, home, page] = await Promise.all([
      api.settings.webConfig.query({ platformCode: 2 }),
      api.catalog.home.query(),
      api.listings.list.query({ limit: 3 }),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain("batch=1");
    expect(requests[0]).toContain("settings.webConfig,catalog.home,listings.list");
    expect(config.countryMobilePre).toBe("+62");
    expect(home.categories.some((c) => c.id === 29)).toBe(true);
    expect(page.items).toHaveLength(3);
    const detail = await api.listings.get.query({ id: page.items[0]!.id });
    expect(detail.name).toBe(page.items[0]!.name);
  });

  it("gets dates back as dates (superjson's annotations), and plain answers without any", async () => {
    const { token, api: caller } = await signedInUser(database);
    const api = client("en", token);
    const { items } = await api.listings.list.query({ limit: 1 });
    const before = new Date();
    await caller.footprints.record({ listingId: items[0]!.id });
    const after = new Date();
    const footmark = await api.footprints.list.query({});
    expect(footmark.items[0]!.product.id).toBe(items[0]!.id);
    expect(footmark.items[0]!.at).toBeInstanceOf(Date);
    // The moment it was recorded.
    expect(footmark.items[0]!.at.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(footmark.items[0]!.at.getTime()).toBeLessThanOrEqual(after.getTime());

    // On the wire: the date in json with its annotation in meta; a plain answer has no meta.
    const input = (json: unknown) => encodeURIComponent(JSON.stringify({ json }));
    const raw = async (path: string) =>
      (
        (await (await fetch(`${server.url}/trpc/${path}`, { headers: { authorization: token } })).json()) as {
          result: { data: Record<string, unknown> };
        }
      ).result.data;
    const timed = await raw(`footprints.list?input=${input({})}`);
    expect(timed.meta).toMatchObject({ values: { "items.0.at": ["Date"] } });
    const plain = await raw(`listings.list?input=${input({ limit: 1 })}`);
    expect(Object.keys(plain)).toEqual(["json"]);
  });

  it("receives errors in tRPC's shape with the translated message", async () => {
    const error = await client("zh")
      .listings.get.query({ id: "prd_gone" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const e = error as TRPCClientError<AppRouter>;
    expect(e.message).toBe("该商品不存在或已下架。");
    expect(e.data?.code).toBe("NOT_FOUND");
    expect(e.shape?.code).toBe(-32004);
  });
});
