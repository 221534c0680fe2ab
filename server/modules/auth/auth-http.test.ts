import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageMimeTypes, renditionPath, type ImageView } from "#common/images.ts";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { demoAccounts, demoPassword } from "../../seed/seed.ts";

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await createSeededDatabase();
  app = createTestApp(database, { maxBatchSize: 20 });
});
afterAll(() => database.destroy());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );

async function signInToken(): Promise<{ token: string; cookies: string[] }> {
  const res = await post("/trpc/auth.signIn", {
    json: { method: "password", account: demoAccounts.shopper, password: demoPassword },
  });
  expect(res.status).toBe(200);
  return { token: (await res.json()).result.data.json.token, cookies: res.headers.getSetCookie() };
}

describe("accounts over HTTP", () => {
  it("keeps the session in an httpOnly, SameSite cookie that signs the visitor in", async () => {
    const { token, cookies } = await signInToken();
    expect(cookies).toEqual([
      `pasar_session=${token}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
      // Readable by the page's scripts, and secret-free: it only says a session exists.
      "pasar_signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax",
    ]);
    const me = await app.fetch(
      new Request("http://localhost/trpc/account.me", { headers: { cookie: `pasar_session=${token}` } }),
    );
    expect((await me.json()).result.data.json.email).toBe(demoAccounts.shopper);
  });

  it("clears the cookie on logout", async () => {
    const { token } = await signInToken();
    const res = await post("/trpc/auth.signOut", {}, { authorization: token });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([
      "pasar_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
      "pasar_signed_in=; Max-Age=0; Path=/; SameSite=Lax",
    ]);
  });

  it("stops password guessing carried in one batched request: every call counts", async () => {
    const calls = 12;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [
        i,
        { json: { method: "password", account: demoAccounts.merchant(0), password: `tebak${i}xyz` } },
      ]),
    );
    const res = await post(`/trpc/${Array(calls).fill("auth.signIn").join(",")}?batch=1`, input, {
      lang: "en",
    });
    const results = (await res.json()) as { error?: { json: { data: { code: string } } } }[];
    const codes = results.map((r) => r.error?.json.data.code);
    // 8 guesses per account: 7 wrong ones say how many are left, the 8th and later pause password sign-in.
    expect(codes.filter((c) => c === "BAD_REQUEST")).toHaveLength(7);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(calls - 7);
  });

  it("refuses a mutation posted from another site, and accepts the same from this site", async () => {
    const body = { json: { account: "someone@example.id", purpose: "signup" } };
    const cross = await post("/trpc/auth.sendCode", body, { origin: "https://evil.example", lang: "en" });
    expect(cross.status).toBe(403);
    const json = await cross.json();
    expect(json.error.json).toMatchObject({ code: -32003, message: "You are not allowed to do this." });
    const fetchMeta = await post("/trpc/auth.sendCode", body, { "sec-fetch-site": "cross-site" });
    expect(fetchMeta.status).toBe(403);
    const same = await post("/trpc/auth.sendCode", body, {
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    });
    expect(same.status).toBe(200);
  });

  it("refuses a page form posted from another site before it is rendered, and renders the same from this site", async () => {
    const form = (headers: Record<string, string>) =>
      app.fetch(
        new Request("http://localhost/en/h5/signin", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", lang: "en", ...headers },
          body: new URLSearchParams({
            via: "password",
            account: demoAccounts.shopper,
            password: demoPassword,
          }),
        }),
      );
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const res = await form(headers);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe("You are not allowed to do this.");
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const same = await form({ origin: "http://localhost", "sec-fetch-site": "same-origin" });
    expect(await same.text()).toBe("page");
  });

  it("uploads an avatar as multipart form data, stored as small squares and served with cache headers", async () => {
    const { token } = await signInToken();
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#16a34a" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("avatar", new File([new Uint8Array(photo)], "me.jpg", { type: "image/jpeg" }));
    const res = await app.fetch(
      new Request("http://localhost/trpc/account.updateAvatar", {
        method: "POST",
        headers: { authorization: token },
        body: form,
      }),
    );
    expect(res.status).toBe(200);
    const avatar: ImageView = (await res.json()).result.data.json.avatar;
    // The sizes the account page shows it at (72 px) on 1x, 2x and 3x screens.
    expect(avatar).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/avatars\/[0-9a-f]{32}$/),
      width: 216,
      height: 216,
      widths: [72, 144],
      formats: ["webp"],
    });
    for (const width of [72, 144, 216]) {
      for (const format of avatar.formats) {
        const image = await app.fetch(
          new Request(`http://localhost${renditionPath(avatar.url, avatar, width, format)}`),
        );
        expect(image.headers.get("cache-control")).toContain("immutable");
        expect(image.headers.get("content-type")).toBe(imageMimeTypes[format]);
        const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([width, width]);
      }
    }
    // Read back from the database by the next page load.
    expect((await callerFor(database, { token }).account.me()).avatar).toEqual(avatar);
  });

  it("refuses a file that is not an image, and a body over the size limit, in the caller's language", async () => {
    const { token } = await signInToken();
    const form = new FormData();
    form.set("avatar", new File(["not an image"], "x.jpg", { type: "image/jpeg" }));
    const bad = await app.fetch(
      new Request("http://localhost/trpc/account.updateAvatar", {
        method: "POST",
        headers: { authorization: token, lang: "en" },
        body: form,
      }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.json.message).toBe("Choose a JPEG, PNG or WebP image.");

    const huge = new FormData();
    huge.set("avatar", new File([new Uint8Array(7 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }));
    const tooBig = await app.fetch(
      new Request("http://localhost/trpc/account.updateAvatar", {
        method: "POST",
        headers: { authorization: token, lang: "ind" },
        body: huge,
      }),
    );
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.json).toMatchObject({
      code: -32013,
      message: "Permintaan terlalu besar.",
    });
  });

  it("in production no error body of these procedures carries a stack or SQL", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const bodies = await Promise.all([
        post("/trpc/auth.signIn", { json: { method: "password", account: "x@y.id", password: "wrong1234" } }),
        post("/trpc/auth.signUp", { json: { account: "bad", code: "1", password: "", confirmPassword: "" } }),
        post("/trpc/auth.sendCode", { json: { account: "'; drop table users; --", purpose: "signup" } }),
        app.fetch(new Request("http://localhost/trpc/account.me")),
        post("/trpc/auth.signOut", {}, { authorization: "x".repeat(500) }),
      ]).then((responses) => Promise.all(responses.map((r) => r.text())));
      for (const body of bodies) {
        expect(body).toContain('"error"');
        expect(body).not.toMatch(
          /stack|select |insert |update |from "|\.ts:|node_modules|argon|pglite|relation/i,
        );
      }
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
