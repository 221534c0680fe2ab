// Web push in this browser (issue 44), for the notification preferences: whether it is on, turning it on with the
// shop's VAPID public key, and off. The pushes themselves are shown by the service worker (public/sw.js), which
// web/entry.client.tsx registers once a page is idle; these register it themselves when it is not yet.

/** Where this browser stands: no web push at all, notifications blocked for the shop, not subscribed, subscribed. */
export type PushState = "unsupported" | "denied" | "off" | "on";

/** Whether this browser can receive web push here: a service worker, the Push API and notifications, over https. */
function supported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The registration already made for this page's scope, if any (never registers). */
function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration("/");
}

/** The service worker's registration once it is active, registering it first when no page has yet. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await existingRegistration())) await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

/** A VAPID public key as the Push API takes it: base64url (RFC 4648 §5, padding optional) to bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.trim().replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Whether pushes reach this browser now. Registers nothing and asks nothing. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/**
 * Turns pushes on: asks the person's permission (call it from their tap: browsers ask only then), then subscribes
 * with the shop's VAPID public key (base64url), pushes always shown (`userVisibleOnly`). Answers the subscription
 * for the server (endpoint and keys), or null when this browser has no web push or the person refused. A
 * subscription made with another key (the shop's key changed) is replaced.
 */
export async function subscribePush(vapidPublicKey: string): Promise<PushSubscriptionJSON | null> {
  if (!supported()) return null;
  // First, while the tap still counts as the person's own gesture.
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return null;
  const key = base64UrlToBytes(vapidPublicKey);
  const { pushManager } = await activeRegistration();
  const existing = await pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  try {
    const subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return subscription.toJSON();
  } catch (error) {
    // Permission withdrawn meanwhile; anything else (no push service reachable) is the caller's to show.
    if (error instanceof DOMException && error.name === "NotAllowedError") return null;
    throw error;
  }
}

/** Turns pushes off in this browser: answers the endpoint it unsubscribed (for the server to forget), or null. */
export async function unsubscribePush(): Promise<string | null> {
  if (!supported()) return null;
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
