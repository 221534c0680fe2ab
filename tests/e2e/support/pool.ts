import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  request as newRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { goodPassword, newEmail, setUpAddress, shopperPin, tokenStorageKey } from "./accounts.ts";
import { mailsTo } from "./mailbox.ts";

/**
 * Signed-in sessions made once per run (decision 0016), saved as Playwright storage state: the httpOnly session
 * cookie and the token the app keeps in localStorage, exactly what a sign-in through the screens leaves behind.
 *
 * - A pool of fresh shoppers, each made through the real procedures (auth.sendCode, the code from the email the
 *   test SMTP server received, auth.signUp). A test takes one no other test has had: it is as new as an account
 *   made by the test itself. Sign-up through the screens is proven where it is what is tested (accounts/*).
 * - The demo accounts (operator, merchants, shopper) signed in once with their password (auth.signIn).
 */

export interface SavedSession {
  account: string;
  token: string;
  state: {
    cookies: Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  };
}

/** How many fresh shoppers the run makes up front (the specs take about 40; more are made on demand). */
export const poolSize = 48;

/** The demo accounts signed in once per run (README: every demo account has the same password). */
export const demoAccounts = [
  "operator@pasar.test",
  "shopper@pasar.test",
  ...[1, 2, 3, 4, 5].map((n) => `merchant${n}@pasar.test`),
];
const demoPassword = "pasar-demo-2026";

function poolDir(): string {
  const dir = process.env.E2E_POOL_DIR;
  if (!dir) throw new Error("E2E_POOL_DIR is not set: run the browser tests through playwright.config.ts");
  return dir;
}

function sessionFile(name: string): string {
  return path.join(poolDir(), `${name.replace(/[^\w.@-]/g, "_")}.json`);
}

async function call<T>(
  request: APIRequestContext,
  procedure: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.post(`/trpc/${procedure}`, {
    headers: {
      "content-type": "application/json",
      lang: "ind",
      "x-forwarded-for": setUpAddress(),
      ...headers,
    },
    data: { json: input },
  });
  const body = await res.text();
  if (!res.ok()) throw new Error(`${procedure} answered ${res.status()}: ${body}`);
  return (JSON.parse(body) as { result: { data: { json: T } } }).result.data.json;
}

/** The 6-digit code of the `count`-th email to `email` (sent before the procedure sending it answers). */
async function codeFor(email: string, count = 1): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mail = mailsTo(email)[count - 1];
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code email reached ${email}`);
}

/** Saves what the browser would hold after signing in with `request`'s session. */
async function save(
  request: APIRequestContext,
  baseURL: string,
  file: string,
  account: string,
  token: string,
) {
  const { cookies } = await request.storageState();
  const session: SavedSession = {
    account,
    token,
    state: {
      cookies,
      origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: tokenStorageKey, value: token }] }],
    },
  };
  writeFileSync(file, JSON.stringify(session));
}

async function makeShopper(baseURL: string, index: number) {
  const request = await newRequest.newContext({ baseURL });
  try {
    const email = newEmail(`pool${index}`);
    await call(request, "auth.sendCode", { account: email, purpose: "signup" });
    const session = await call<{ token: string }>(request, "auth.signUp", {
      account: email,
      code: await codeFor(email),
      password: goodPassword,
      confirmPassword: goodPassword,
    });
    await setPin(request, email, session.token, 2);
    await save(request, baseURL, sessionFile(`shopper-${index}`), email, session.token);
  } finally {
    await request.dispose();
  }
}

/**
 * Sets the account's payment PIN to `shopperPin` as its owner does: a code sent to their email (the `mail`-th to
 * it), then the PIN with it.
 */
export async function setPin(request: APIRequestContext, email: string, token: string, mail: number) {
  const authorization = { authorization: token };
  await call(request, "account.pin.sendCode", undefined, authorization);
  await call(
    request,
    "account.pin.set",
    { code: await codeFor(email, mail), pin: shopperPin },
    authorization,
  );
}

async function signInDemo(baseURL: string, account: string) {
  const request = await newRequest.newContext({ baseURL });
  try {
    const session = await call<{ token: string }>(request, "auth.signIn", {
      method: "password",
      account,
      password: demoPassword,
    });
    await save(request, baseURL, sessionFile(account), account, session.token);
  } finally {
    await request.dispose();
  }
}

/** Global set-up: the demo accounts' sessions and the pool of fresh shoppers, a few at a time. */
export async function makeSessions(baseURL: string): Promise<void> {
  rmSync(poolDir(), { recursive: true, force: true });
  mkdirSync(path.join(poolDir(), "taken"), { recursive: true });
  await Promise.all(demoAccounts.map((account) => signInDemo(baseURL, account)));
  const indexes = [...Array(poolSize).keys()];
  for (let i = 0; i < indexes.length; i += 4) {
    await Promise.all(indexes.slice(i, i + 4).map((index) => makeShopper(baseURL, index)));
  }
}

/** Global teardown: the saved sessions are removed with the run. */
export function removeSessions(): void {
  rmSync(poolDir(), { recursive: true, force: true });
}

/** A fresh shopper of the pool no test has taken yet (taking is atomic across workers), or none when all are. */
export function takeShopper(): SavedSession | undefined {
  for (let index = 0; index < poolSize; index++) {
    try {
      mkdirSync(path.join(poolDir(), "taken", String(index)));
    } catch {
      continue;
    }
    return JSON.parse(readFileSync(sessionFile(`shopper-${index}`), "utf8")) as SavedSession;
  }
  return undefined;
}

const demoCache = new Map<string, SavedSession>();

/** The saved session of a demo account, when the run made one. */
export function demoSession(account: string): SavedSession | undefined {
  const cached = demoCache.get(account);
  if (cached) return cached;
  const file = sessionFile(account);
  if (!existsSync(file)) return undefined;
  const session = JSON.parse(readFileSync(file, "utf8")) as SavedSession;
  demoCache.set(account, session);
  return session;
}

/**
 * Signs a page's browser in with a saved session, as Playwright's `storageState` does for a new context: the session
 * cookie, and the stored token. `oncePerTab`: the token is put in once per tab, so the app's own later changes
 * (a sign-out) are not undone on reload; otherwise it is put back at every page load. Given a page, the token
 * goes to that page only (the cookie is the whole browser's), as after a sign-in in that page.
 */
export async function useSession(target: Page | BrowserContext, session: SavedSession, oncePerTab = false) {
  const context = "context" in target ? target.context() : target;
  await context.addCookies(session.state.cookies);
  await target.addInitScript(
    ({ key, value, once }) => {
      if (once) {
        if (sessionStorage.getItem("e2e-signed-in")) return;
        sessionStorage.setItem("e2e-signed-in", "1");
      }
      localStorage.setItem(key, value);
    },
    { key: tokenStorageKey, value: session.token, once: oncePerTab },
  );
}
