import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { pageCache } from "./page-cache.ts";

/** A shop whose page says who it was rendered for and how many renders there have been. */
function shop(opts: { ttlMs?: number; maxBytes?: number } = {}) {
  let clock = 0;
  let renders = 0;
  const app = new Hono();
  app.use(
    "*",
    pageCache({ ttlMs: opts.ttlMs ?? 2000, maxBytes: opts.maxBytes ?? 1 << 20, now: () => clock }),
  );
  app.get("*", async (c) => {
    renders++;
    await new Promise((r) => setTimeout(r, 5));
    const path = c.req.path;
    if (path === "/h5/moved") return c.redirect("/h5");
    if (path === "/h5/cookie") {
      c.header("set-cookie", "pasar_visitor=abc");
    }
    const who = c.req.header("cookie")?.includes("pasar_session") ? "shopper" : "visitor";
    return c.html(`<p>${path} render ${renders} for ${who} in ${c.req.header("accept-language") ?? "-"}</p>`);
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.fetch(new Request(`http://localhost${path}`, { headers }));
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text =
      res.headers.get("content-encoding") === "gzip"
        ? gunzipSync(bytes).toString("utf8")
        : Buffer.from(bytes).toString("utf8");
    return { res, text };
  };
  return {
    get,
    advance: (ms: number) => (clock += ms),
    renders: () => renders,
  };
}

describe("the page cache for signed-out visitors", () => {
  it("renders a page once for many signed-out visitors, and again once it has aged", async () => {
    const s = shop();
    const first = await s.get("/h5");
    const second = await s.get("/h5", { cookie: "pasar_visitor=someoneelse123456" });
    expect(second.text).toBe(first.text);
    expect(s.renders()).toBe(1);
    const zipped = await s.get("/h5", { "accept-encoding": "gzip" });
    expect(zipped.res.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.text).toBe(first.text);
    expect(zipped.res.headers.get("content-type")).toMatch(/text\/html/);

    s.advance(2001);
    expect((await s.get("/h5")).text).toContain("render 2");
  });

  it("never serves a kept page to a signed-in shopper, nor keeps the shopper's page for anyone", async () => {
    const s = shop();
    await s.get("/h5");
    const mine = await s.get("/h5", { cookie: "pasar_session=tok123; pasar_visitor=abcdefabcdefabcdef" });
    expect(mine.text).toContain("for shopper");
    const byHeader = await s.get("/h5", { authorization: "Bearer tok123" });
    expect(byHeader.text).toContain("render 3");
    // A browser that has just written something reads its own writes (decision 27).
    expect((await s.get("/h5", { cookie: "pasar_fresh=1" })).text).toContain("render 4");
    expect((await s.get("/h5")).text).toContain("render 1 for visitor");
    expect(s.renders()).toBe(4);
  });

  it("keeps separate pages per address, language cookie and Accept-Language", async () => {
    const s = shop();
    await s.get("/h5");
    await s.get("/h5?page=2");
    await s.get("/h5", { cookie: "pasar_lang=en" });
    await s.get("/h5", { "accept-language": "zh-CN" });
    expect(s.renders()).toBe(4);
    expect((await s.get("/h5", { "accept-language": "zh-CN" })).text).toContain("in zh-CN");
    expect(s.renders()).toBe(4);
  });

  it("keeps only whole pages that set no cookie; redirects and the local outbox are rendered each time", async () => {
    const s = shop();
    await s.get("/h5/cookie");
    await s.get("/h5/cookie");
    await s.get("/h5/moved");
    await s.get("/h5/moved");
    await s.get("/dev/outbox");
    await s.get("/dev/outbox");
    expect(s.renders()).toBe(6);
  });

  it("renders a page once when several visitors ask for it at the same moment", async () => {
    const s = shop();
    const pages = await Promise.all([s.get("/h5"), s.get("/h5"), s.get("/h5")]);
    expect(new Set(pages.map((p) => p.text)).size).toBe(1);
    expect(s.renders()).toBe(1);
  });

  it("drops the least recently used pages beyond its size", async () => {
    const s = shop({ maxBytes: 400 });
    for (let i = 0; i < 10; i++) await s.get(`/h5/p${i}`);
    await s.get("/h5/p9");
    expect(s.renders()).toBe(10);
    await s.get("/h5/p0");
    expect(s.renders()).toBe(11);
  });
});
