// First-party preference cookies the browser sets (language, the home-screen tip) and the server reads, so
// a page is rendered in its final state: nothing appears or moves once scripts run.

/** The value of cookie `name` in a `Cookie` header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Sets a preference cookie for the whole site from the browser (Secure on https). */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}
