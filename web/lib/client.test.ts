// The small client (decision 27) against the real HTTP application: what browse and sign-in pages call the API with.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, latestCode } from "../../tests/setup/accounts.ts";
import { createSeededDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createTestApp } from "../../tests/setup/test-app.ts";
import { ApiError, callApi, getRecords, session, setClientLanguage, tokenStorageKey } from "./client.ts";

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
const storage = new Map<string, string>();
const realFetch = globalThis.fetch;
const sent: Request[] = [];

beforeAll(async () => {
  database = await createSeededDatabase();
  app = createTestApp(database);
  // The browser's storage and its same-origin fetch, answered by the application itself.
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    fetch: async (url: string, init?: RequestInit) => {
      const request = new Request(`http://localhost${url}`, init);
      sent.push(request.clone());
      return app.fetch(request);
    },
  });
});
afterEach(() => {
  storage.clear();
  sent.length = 0;
  setClientLanguage("ind", { unknownMessage: "Unknown error", pleaseWait: "…" });
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  Reflect.deleteProperty(globalThis, "localStorage");
  await database.destroy();
});

describe("the small client", () => {
  it("reads a query as a GET in tRPC's wire format, in the session's language", async () => {
    setClientLanguage("en", { unknownMessage: "Unknown error", pleaseWait: "…" });
    const tree = await callApi("catalog.categories", undefined);
    expect(tree.length).toBeGreaterThan(3);
    expect(tree[0]!.children.length).toBeGreaterThan(0);
    expect(sent[0]!.method).toBe("GET");
    expect(sent[0]!.headers.get("lang")).toBe("en");
    const page = await callApi("listings.list", { limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(new URL(sent[1]!.url).searchParams.get("input")).toBe(JSON.stringify({ json: { limit: 2 } }));
  });

  it("gives dates back as dates (superjson, loaded only for answers that carry one)", async () => {
    const stores = await callApi("stores.list", { sort: "new", order: "desc", limit: 3 });
    expect(stores.items[0]!.openedAt).toBeInstanceOf(Date);
    expect(stores.items[0]!.openedAt.getTime()).toBeGreaterThanOrEqual(stores.items[1]!.openedAt.getTime());
  });

  it("throws a refusal with the server's code and translated message", async () => {
    setClientLanguage("zh", { unknownMessage: "未知错误", pleaseWait: "…" });
    const refused = await callApi("listings.get", { id: "prd_0000000000000000000000" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("NOT_FOUND");
    expect((refused as ApiError).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("sends a mutation as a POST with the stored token, and reads several badges in one GET", async () => {
    const account = freshEmail("client");
    await callApi("auth.sendCode", { account, purpose: "signup" }, { mutation: true });
    expect(sent[0]!.method).toBe("POST");
    const password = "pasar-client-2026";
    const signedIn = await callApi(
      "auth.signUp",
      { account, code: await latestCode(database, account), password, confirmPassword: password },
      { mutation: true },
    );
    // Signed out: a visitor's cart is empty, and the chat refuses, which answers undefined in its place.
    expect(await getRecords(["cart.count", "chat.unread"])).toEqual([{ count: 0 }, undefined]);
    storage.set(tokenStorageKey, signedIn.token);
    const [cart, chat] = (await getRecords(["cart.count", "chat.unread"])) as { count: number }[];
    expect(sent.at(-1)!.url).toContain("/trpc/cart.count,chat.unread?batch=1");
    expect(cart!.count).toBe((await callApi("cart.count", undefined)).count);
    expect(chat!.count).toBe(0);
  });

  it("says 'Unknown error' in the session's language when no answer came, or not one of the API's", async () => {
    setClientLanguage("ind", { unknownMessage: "Kesalahan tidak diketahui", pleaseWait: "…" });
    const appFetch = globalThis.fetch;
    try {
      globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
      const offline = await callApi("faq.list", undefined).catch((e: unknown) => e);
      expect(offline).toMatchObject({ code: "NETWORK", message: session.unknownMessage });
      globalThis.fetch = async () => new Response("<html>502 Bad Gateway</html>", { status: 502 });
      const gateway = await callApi("faq.list", undefined).catch((e: unknown) => e);
      expect(gateway).toMatchObject({ code: "UNKNOWN", message: "Kesalahan tidak diketahui" });
    } finally {
      globalThis.fetch = appFetch;
    }
  });
});
