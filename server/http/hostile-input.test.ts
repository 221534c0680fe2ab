import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../api/app-router.ts";
import { createSeededDatabase, testDbKind, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createTestApp } from "../../tests/setup/test-app.ts";
import { demoAccounts, demoPassword } from "../seed/seed.ts";
import en from "#common/i18n/messages/en.json" with { type: "json" };
import ind from "#common/i18n/messages/ind.json" with { type: "json" };
import zh from "#common/i18n/messages/zh.json" with { type: "json" };

/** Every message in every language, so a test can tell a translated message from an internal one. */
const translated = new Set<string>();
(function collect(node: unknown) {
  if (typeof node === "string") translated.add(node);
  else if (node && typeof node === "object") Object.values(node).forEach(collect);
})([en, ind, zh]);
const templates = [...translated]
  .filter((m) => m.includes("{{"))
  .map((m) => new RegExp(`^${m.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\{\w+\}\}/g, ".*")}$`));
const isTranslated = (message: string) => translated.has(message) || templates.some((t) => t.test(message));

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
let token = "";
let previousEnv: string | undefined;

beforeAll(async () => {
  database = await createSeededDatabase();
  app = createTestApp(database, { localOutbox: false });
  const res = await app.fetch(
    new Request("http://localhost/trpc/auth.signIn", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        json: { method: "password", account: demoAccounts.shopper, password: demoPassword },
      }),
    }),
  );
  token = (await res.json()).result.data.json.token;
  previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
});
afterAll(async () => {
  process.env.NODE_ENV = previousEnv;
  await database.destroy();
});

interface SchemaLike {
  shape?: Record<string, unknown>;
  options?: SchemaLike[];
  def?: { innerType?: SchemaLike; in?: SchemaLike };
}
/** The field names an input schema declares (through defaults, pipes and unions). */
function fieldsOf(schema: SchemaLike | undefined): string[] {
  if (!schema) return [];
  if (schema.shape) return Object.keys(schema.shape);
  if (schema.options) return schema.options.flatMap(fieldsOf);
  return fieldsOf(schema.def?.innerType ?? schema.def?.in);
}

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: SchemaLike[] } }>,
).map(([path, p]) => ({ path, type: p._def.type, fields: [...new Set(p._def.inputs.flatMap(fieldsOf))] }));

const long = "x".repeat(5000);
const hostileStrings = [
  "",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff x",
  "\u202e\u200b",
  "\u0007\u001b[31m",
  "%",
  "%E0%A4%A",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  long,
  "prd_" + "9".repeat(3000),
  "🙂".repeat(200),
];
const hostileValues: unknown[] = [
  ...hostileStrings,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  2 ** 64,
  -(2 ** 64),
  1e308,
  null,
  true,
  [],
  {},
  ["a"],
];
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** Cursors shaped like the server's own, carrying values the database cannot take. */
const hostileCursors = [
  "!!",
  "%00",
  b64(["overall", 1, "prd_a\u0000"]),
  b64(["overall", 1e308, "prd_a"]),
  b64(["overall", -1e308, "prd_a"]),
  b64(["overall", null, "x".repeat(63)]),
  b64(["newest", 2 ** 70, "prd_a"]),
  b64(["-271821-04-20T00:00:00.000Z", "prd_a"]),
  b64(["+275760-09-13T00:00:00.000Z", "prd_a"]),
  b64(["2020-01-01T00:00:00.000Z", "prd_\u0000"]),
  b64(["overall", "desc", 1e308, "str_a"]),
  b64(["overall", "desc", 1, "str_\u0000"]),
  b64(["overall", "desc", Number.NaN, "str_a"]),
  b64({}),
  b64(null),
];

async function call(
  path: string,
  type: string,
  rawInput: string | undefined,
  headers: Record<string, string> = {},
) {
  const url =
    type === "query"
      ? `http://localhost/trpc/${path}${rawInput === undefined ? "" : `?input=${encodeURIComponent(rawInput)}`}`
      : `http://localhost/trpc/${path}`;
  const init: RequestInit =
    type === "query"
      ? { headers: { lang: "en", ...headers } }
      : {
          method: "POST",
          headers: { "content-type": "application/json", lang: "en", ...headers },
          body: rawInput ?? "",
        };
  return app.fetch(new Request(url, init));
}

/** What an internal error looks like: a stack, a source path, SQL, a driver's words. */
const leak =
  /stack|node_modules|\.ts:|\bselect\b[^"]*\bfrom\b|from "|insert into|violates|pglite|postgres|syntax/i;

/** What was wrong with one answer, or undefined when it is a clean refusal or success. */
function fault(res: Response, text: string, what: string): string | undefined {
  if (res.status >= 500) return `${what} -> ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 400 && leak.test(text)) return `${what} leaks: ${text.slice(0, 200)}`;
  if (res.status >= 400 && res.headers.get("content-type")?.includes("json")) {
    const body = JSON.parse(text) as unknown;
    const errors = (Array.isArray(body) ? body : [body]) as { error?: { json?: { message?: string } } }[];
    for (const e of errors) {
      const message = e.error?.json?.message;
      if (message !== undefined && !isTranslated(message)) return `${what} untranslated: ${message}`;
    }
  }
  return undefined;
}

describe("every procedure and header refuses hostile input with a clear answer, never 500", () => {
  it("knows every procedure and the fields each takes", () => {
    expect(procedures.length).toBeGreaterThan(20);
    expect(procedures.find((p) => p.path === "listings.list")?.fields).toEqual(
      expect.arrayContaining(["categoryId", "storeId", "q", "sort", "cursor", "limit"]),
    );
    expect(procedures.find((p) => p.path === "auth.signIn")?.fields).toEqual(
      expect.arrayContaining(["method", "account", "password", "code"]),
    );
  });

  it("hostile values in every field of every procedure", async () => {
    const faults: string[] = [];
    for (const { path, type, fields } of procedures) {
      for (const field of fields) {
        for (const value of hostileValues) {
          const raw = JSON.stringify({ json: { [field]: value } });
          const res = await call(path, type, raw, { authorization: token });
          const f = fault(res, await res.text(), `${path} ${field}=${JSON.stringify(value).slice(0, 40)}`);
          if (f) faults.push(f);
        }
      }
    }
    expect(faults).toEqual([]);
  }, 300_000);

  it("cursors shaped like the server's, carrying values the database cannot take", async () => {
    const faults: string[] = [];
    for (const { path, type } of procedures.filter((p) => p.fields.includes("cursor"))) {
      for (const cursor of hostileCursors) {
        for (const sort of [undefined, "newest", "priceAsc"]) {
          const raw = JSON.stringify({ json: { cursor, ...(sort ? { sort } : {}) } });
          const res = await call(path, type, raw, { authorization: token });
          const f = fault(res, await res.text(), `${path} cursor=${cursor} sort=${sort}`);
          if (f) faults.push(f);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  // Refused before any value reaches the database (the body is not JSON, the input does not parse): the same on
  // either engine, so on PostgreSQL only (the values that reach SQL, above, run on both).
  it.runIf(testDbKind === "postgres")(
    "malformed request bodies and query strings",
    async () => {
      const bodies = [
        "",
        "{",
        "null",
        "[]",
        '"x"',
        "1e999999",
        '{"json":',
        '{"json":{},"meta":{"values":{"":["map"]}}}',
        '{"json":{"id":"x"},"meta":{"values":{"id":["bigint"]}}}',
        '{"json":{"id":"x"},"meta":{"values":{"id":["Date"]}}}',
        '{"json":{"id":"x"},"meta":{"values":{"id":[["custom","nope"]]}}}',
        '{"json":{"a":1},"meta":{"values":{"__proto__":["undefined"]}}}',
        '{"json":{"a":1},"meta":{"referentialEqualities":{"a":["b.c.d"]}}}',
        '{"json":{"a":1},"meta":{"values":"x"}}',
        "\u0000",
        "%",
      ];
      const faults: string[] = [];
      for (const { path, type } of procedures) {
        for (const body of bodies) {
          for (const headers of [{}, { authorization: token }] as Record<string, string>[]) {
            const res = await call(path, type, body, headers);
            const f = fault(res, await res.text(), `${path} body=${body}`);
            if (f) faults.push(f);
          }
        }
        // Batches with odd shapes.
        for (const query of [
          "?batch=1",
          "?batch=1&input=%7B",
          "?batch=1&input=%7B%220%22%3A1%7D",
          "?batch=x&input=%",
        ]) {
          const url = `http://localhost/trpc/${path},${path}${query}`;
          const res =
            type === "query"
              ? await app.fetch(new Request(url))
              : await app.fetch(
                  new Request(url, {
                    method: "POST",
                    headers: { "content-type": "application/json" },
                    body: "{",
                  }),
                );
          const f = fault(res, await res.text(), `${path} ${query}`);
          if (f) faults.push(f);
        }
      }
      expect(faults).toEqual([]);
      // Every procedure (about 190) several times over: longer than one test's default on a busy machine.
    },
    120_000,
  );

  // Headers are read before the database is (a session cookie is hashed first): on PostgreSQL only, as above.
  it.runIf(testDbKind === "postgres")(
    "hostile headers and cookies on every procedure and on pages",
    async () => {
      const headerSets: Record<string, string>[] = [
        { cookie: "pasar_session=%" },
        { cookie: "pasar_session=%E0%A4%A" },
        { cookie: "pasar_session=%00" },
        { cookie: `pasar_session=${"a".repeat(8000)}` },
        { cookie: "pasar_session==; =; ;;; pasar_session" },
        { cookie: "pasar_lang=%; pasar_session=%ZZ" },
        { authorization: "%" },
        { authorization: "Bearer " },
        { authorization: "Bearer \u00ff\u00fe" },
        { authorization: "x".repeat(8000) },
        { authorization: "Bearer %E0%A4%A" },
        { lang: "%" },
        { lang: "__proto__" },
        { lang: "constructor" },
        { lang: "x".repeat(5000) },
        { "accept-language": "%;q=NaN, *;q=-1, zz-ZZ;q=1e999" },
        { "user-agent": "x".repeat(8000) },
        { "x-forwarded-for": "%, ::ffff:999.1.1.1, , not-an-ip" },
        { origin: "%" },
        { origin: "null" },
        { "sec-fetch-site": "%" },
        { "content-type": "text/plain" },
        { "content-type": "multipart/form-data; boundary=" },
        { "content-type": "multipart/form-data" },
      ];
      const faults: string[] = [];
      for (const headers of headerSets) {
        for (const { path, type } of procedures) {
          const res = await call(path, type, type === "query" ? undefined : "{}", headers);
          const f = fault(res, await res.text(), `${path} ${JSON.stringify(headers).slice(0, 80)}`);
          if (f) faults.push(f);
        }
        for (const page of ["/h5", "/en/h5/products/prd_x", "/readyz", "/healthz"]) {
          const res = await app.fetch(new Request(`http://localhost${page}`, { headers }));
          const f = fault(res, await res.text(), `${page} ${JSON.stringify(headers).slice(0, 80)}`);
          if (f) faults.push(f);
        }
      }
      expect(faults).toEqual([]);
    },
  );

  it("answers a refusal with a translated message", async () => {
    const cases: [string, string][] = [
      ["listings.get", JSON.stringify({ json: { id: "prd_" + "9".repeat(3000) } })],
      ["listings.list", JSON.stringify({ json: { q: "tas\u0000" } })],
      ["listings.list", JSON.stringify({ json: { categoryId: 2 ** 40 } })],
      ["stores.get", JSON.stringify({ json: { storeId: "\ud800" } })],
    ];
    for (const [path, raw] of cases) {
      const res = await call(path, "query", raw, { lang: "zh" });
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.error.json.message, path).toBe("部分信息无效。");
    }
  });

  it("an unknown category is 404, with a translated message", async () => {
    const res = await call("listings.list", "query", JSON.stringify({ json: { categoryId: 999_999 } }), {
      lang: "en",
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error.json.message).toBe("Not found.");
  });
});
