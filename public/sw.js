// Pasar's service worker (issue 44): it shows the pushes the shop sends, opens the page a tapped notification is
// about, and answers a page that cannot be reached with the offline page. It caches nothing else and touches no
// other request: the server's page cache and HTTP caching work as they do without it. Registered by
// web/entry.client.tsx once a page is idle; served with `cache-control: no-cache` (server/http/app.ts), so a new
// version is picked up on the next visit. Plain JavaScript, as the browser runs it: no build step.
"use strict";

/** Change when public/offline.html changes, so installs fetch it again. */
const offlineCache = "pasar-offline-1";
const offlinePage = "/offline.html";
/** The manifest's icons: the app's own, and the bag alone for Android's status bar. */
const icon = "/icons/icon-192.png";
const badge = "/icons/badge-96.png";
/** Where a push that names no page of its own leads. */
const notificationsPage = "/h5/notifications";

self.addEventListener("install", (event) => {
  // Every request but a page (scripts, pictures, /trpc, /chat/stream, downloads…) goes to the network without even
  // starting this worker, where the browser knows static routes (Chromium); elsewhere the fetch listener lets them
  // through untouched.
  const routes =
    typeof event.addRoutes === "function"
      ? event
          .addRoutes([{ condition: { not: { requestMode: "navigate" } }, source: "network" }])
          .catch(() => {})
      : undefined;
  event.waitUntil(
    Promise.all([
      routes,
      caches.open(offlineCache).then((cache) => cache.add(new Request(offlinePage, { cache: "reload" }))),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names.filter((n) => n.startsWith("pasar-") && n !== offlineCache).map((n) => caches.delete(n)),
          ),
        ),
      // A page's request starts while the worker wakes up, instead of after.
      self.registration.navigationPreload?.enable(),
    ]),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/trpc/") || pathname === "/chat/stream") return;
  event.respondWith(pageOrOffline(event));
});

/** The page from the network as it comes (a redirect, an error page and all); the offline page only when none came. */
async function pageOrOffline(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(offlinePage, { cacheName: offlineCache });
    if (offline) return offline;
    throw error;
  }
}

/**
 * A push's notification from its JSON payload `{ title, body, link, tag }`. A push must show something (the
 * subscription promised it, `userVisibleOnly`), so one that cannot be read shows the shop's name, leading to the
 * notification centre.
 */
function notificationOf(data) {
  let message;
  try {
    message = data ? data.json() : undefined;
  } catch {
    // Not JSON: its text, if any, is the body.
    message = { body: data.text() };
  }
  const text = (value) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
  return {
    title: text(message?.title) ?? "Pasar",
    options: {
      body: text(message?.body),
      tag: text(message?.tag),
      icon,
      badge,
      lang: text(message?.lang),
      data: { link: sameOriginPath(message?.link) ?? notificationsPage },
    },
  };
}

self.addEventListener("push", (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** `link` as a path of this shop (`/h5/order/detail?id=…`), or undefined for anything else (another site, junk). */
function sameOriginPath(link) {
  if (typeof link !== "string" || !link.startsWith("/") || link.startsWith("//")) return undefined;
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shows `link` (a path of this shop): in a tab of the shop that is open, brought to the front, or else in a new
 * window. Anything but a path of this shop is ignored. `clients` is the worker's own; the browser test passes a
 * stand-in to see the window it would open (tests/e2e/shop/pwa.spec.ts).
 */
async function openLink(link, clients = self.clients) {
  const path = sameOriginPath(link);
  if (!path) return undefined;
  const url = new URL(path, self.location.origin).href;
  const open = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab =
    open.find((c) => c.url === url) ?? open.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    // Focus may be refused (no tap to allow it); the tab is still shown the page.
    const focused = await tab.focus().catch(() => tab);
    if (focused.url === url) return focused;
    // An uncontrolled tab (opened before this worker) cannot be navigated from here: a new window instead.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return navigated;
  }
  return clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openLink(event.notification.data?.link ?? notificationsPage));
});
