/** Seed section 2/9: a chunk that fails to load reloads the page once; another failure within 10 s does not. */
export const chunkReloadGuardMs = 10_000;
const key = "pasar:chunk-reload-at";

/** Reloads unless a reload for the same reason happened within the guard window; tells whether it did. */
export function reloadOnce(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (now - last < chunkReloadGuardMs) return false;
    sessionStorage.setItem(key, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Listens for Vite's preload failures (a lazily loaded chunk missing after a deployment). */
export function installChunkReloadGuard() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
