import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { bootScriptId, startScriptsAfterPaint } from "./late-scripts.server.ts";

// The shape React Router's <Scripts> renders (preloads hoisted into the head, the boot module at the end).
const boot = 'import * as route0 from "/assets/root-A.js";\nimport("/assets/entry.client-B.js");';
const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="preload" as="fetch" href="/assets/ind-D.json" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/framework-C.js" nonce="n0nce"/></head>' +
  '<body><main>Produk</main><script nonce="n0nce">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce" type="module" async="">${boot}</script></body></html>`;

interface FakeElement {
  tag: string;
  attributes: Record<string, string>;
  rel?: string;
  as?: string;
  crossOrigin?: string;
  href?: string;
  type?: string;
  textContent?: string;
  setAttribute(name: string, value: string): void;
}

/** Runs the inline starter against a minimal document, with the frame and timers under the test's control. */
function runStarter(html: string, hidden = false) {
  const starter = /<script nonce="[^"]*">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1]!;
  const inert = new RegExp(`<script type="text/plain" id="${bootScriptId}">([\\s\\S]*?)</script>`).exec(
    html,
  )![1];
  const added: FakeElement[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const document = {
    hidden,
    head: { appendChild: (el: FakeElement) => added.push(el) },
    body: { appendChild: (el: FakeElement) => added.push(el) },
    getElementById: (id: string) => (id === bootScriptId ? { textContent: inert } : null),
    createElement: (tag: string): FakeElement => ({
      tag,
      attributes: {},
      setAttribute(name, value) {
        this.attributes[name] = value;
      },
    }),
  };
  runInNewContext(starter, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  });
  return { added, frames, timers };
}

describe("starting a page's scripts after its first paint", () => {
  const html = startScriptsAfterPaint(page);

  it("sends no script preloads and no runnable boot module in the document", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<link rel="preload" as="fetch"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script type="text/plain" id="${bootScriptId}">${boot}</script>`);
    // Everything else is untouched: the stylesheet, the content, the router's data script.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<main>Produk</main>");
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
  });

  it("nothing starts before the first frame; after it, the preloads and the boot module with the nonce", () => {
    const { added, frames, timers } = runStarter(html);
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    const afterFrame = timers.find((t) => t.ms === 0)!;
    afterFrame.fn();
    expect(added.filter((el) => el.rel === "modulepreload").map((el) => el.href)).toEqual([
      "/assets/entry.client-B.js",
      "/assets/framework-C.js",
    ]);
    // The message catalogue the page hydrates with is fetched with the scripts, the way the page fetches it.
    const catalogue = added.filter((el) => el.rel === "preload");
    expect(catalogue).toEqual([
      expect.objectContaining({ as: "fetch", crossOrigin: "anonymous", href: "/assets/ind-D.json" }),
    ]);
    const module = added.find((el) => el.tag === "script")!;
    expect(module.type).toBe("module");
    expect(module.attributes.nonce).toBe("n0nce");
    expect(module.textContent).toBe(boot);
  });

  it("a page that never paints (a background tab) starts after a second, and only once", () => {
    const { added, frames, timers } = runStarter(html, true);
    timers.find((t) => t.ms === 1000)!.fn();
    expect(added.filter((el) => el.tag === "script")).toHaveLength(1);
    frames[0]!();
    for (const t of timers) t.fn();
    expect(added.filter((el) => el.tag === "script")).toHaveLength(1);
  });

  it("a visible page still waiting for its first frame after a second (a slow stylesheet) keeps waiting", () => {
    const { added, frames, timers } = runStarter(html);
    timers.find((t) => t.ms === 1000)!.fn();
    expect(added).toEqual([]);
    frames[0]!();
    timers.find((t) => t.ms === 0)!.fn();
    expect(added.filter((el) => el.tag === "script")).toHaveLength(1);
  });

  it("leaves a document without React Router's boot module as it is", () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body>x</body></html>';
    expect(startScriptsAfterPaint(plain)).toBe(plain);
  });
});
