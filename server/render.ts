import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from "react-router";
import type { PageBridge, PageRenderer } from "./http/app.ts";

/** The web app's server entry exports the context key under which it expects the bridge. */
type WebEntry = { bridgeContext?: RouterContext<PageBridge> };

/**
 * Given a build function, React Router derives its route matcher again on every request (the build may have
 * changed in development); given the build itself, once. Production passes the build: deriving took about a
 * tenth of every page render.
 */
function rendererFor(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): PageRenderer {
  const handle = createRequestHandler(build, mode);
  return async (request, bridge) => {
    const current = typeof build === "function" ? await build() : build;
    const key = (current.entry.module as WebEntry).bridgeContext;
    if (!key) throw new Error("web/entry.server.tsx must export bridgeContext");
    return handle(request, new RouterContextProvider(new Map([[key, bridge]])));
  };
}

/** Production: the built server bundle in build/server. */
export async function productionRenderer(buildDir: string): Promise<PageRenderer> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  return rendererFor(build, "production");
}

/** Development: Vite compiles the web app on demand, with hot reload. */
export async function developmentRenderer() {
  const vite = await import("vite");
  const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const getBuild = () =>
    server.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
  return { render: rendererFor(getBuild, "development"), vite: server };
}
