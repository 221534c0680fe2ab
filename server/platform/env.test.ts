import { describe, expect, it } from "vitest";
import { isLocalUrl, isLoopbackAddress, parseEnv } from "./env.ts";

const channels = { SMTP_URL: "smtp://mail.example.id:587", SMS_WEBHOOK_URL: "https://sms.example.id/send" };
/** What a public shop needs today besides its channels: only the sandbox gateway exists. */
const sandboxAllowed = { ALLOW_SANDBOX_PAYMENTS: "true" };

describe("configuration", () => {
  it("has working defaults: PGlite in ./data on port 3000, a local shop with demo data and the local outbox", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO_DATA).toBe(true);
    expect(env.LOCAL_OUTBOX).toBe(true);
  });

  it("starts in production with nothing set: the shop is local, so codes go to the local outbox", () => {
    const env = parseEnv({ NODE_ENV: "production" });
    expect(env.LOCAL_OUTBOX).toBe(true);
    expect(env.SEED_DEMO_DATA).toBe(true);
  });

  it("refuses a public production shop that would drop codes, naming each missing channel", () => {
    const publicShop = { NODE_ENV: "production", PUBLIC_URL: "https://pasar.example.id", ...sandboxAllowed };
    expect(() => parseEnv(publicShop)).toThrow(/SMTP_URL: is required when PUBLIC_URL is a public address/);
    expect(() => parseEnv(publicShop)).toThrow(/SMS_WEBHOOK_URL: is required/);
    expect(() => parseEnv({ ...publicShop, SMTP_URL: channels.SMTP_URL })).toThrow(/SMS_WEBHOOK_URL/);
    const env = parseEnv({ ...publicShop, ...channels });
    expect(env.LOCAL_OUTBOX).toBe(false);
  });

  it("keeps an outbox only on a plainly local shop or when asked for, whatever NODE_ENV says", () => {
    // A development or test server with a public address used to keep an outbox readable through a local proxy.
    for (const NODE_ENV of ["development", "test", "production"]) {
      const publicShop = { NODE_ENV, PUBLIC_URL: "http://192.168.1.5:3000", ...sandboxAllowed };
      expect(() => parseEnv(publicShop), NODE_ENV).toThrow(/SMTP_URL: is required/);
      expect(parseEnv({ ...publicShop, ...channels }).LOCAL_OUTBOX, NODE_ENV).toBe(false);
      expect(parseEnv({ ...publicShop, LOCAL_OUTBOX: "true" }).LOCAL_OUTBOX, NODE_ENV).toBe(true);
      expect(parseEnv({ NODE_ENV }).LOCAL_OUTBOX, NODE_ENV).toBe(true);
    }
    // Turned off on a local shop, codes must have somewhere to go.
    expect(() => parseEnv({ LOCAL_OUTBOX: "false" })).toThrow(
      /SMTP_URL: is required when LOCAL_OUTBOX is false/,
    );
    expect(parseEnv({ LOCAL_OUTBOX: "false", ...channels }).LOCAL_OUTBOX).toBe(false);
  });

  it("refuses a public shop on the sandbox gateway's play money unless told so explicitly", () => {
    const publicShop = { NODE_ENV: "production", PUBLIC_URL: "https://pasar.example.id", ...channels };
    expect(() => parseEnv(publicShop)).toThrow(/ALLOW_SANDBOX_PAYMENTS: must be true to run a public shop/);
    expect(() => parseEnv({ ...publicShop, ALLOW_SANDBOX_PAYMENTS: "false" })).toThrow(/ALLOW_SANDBOX/);
    expect(parseEnv({ ...publicShop, ...sandboxAllowed }).PUBLIC_SANDBOX).toBe(true);
    // A local shop runs on the sandbox without a word.
    expect(parseEnv({ NODE_ENV: "production" }).PUBLIC_SANDBOX).toBe(false);
  });

  it("ships with the built-in rate table unless Biteship is chosen, and then needs its key and webhook secret", () => {
    const env = parseEnv({});
    expect(env.COURIER_PROVIDER).toBe("table");
    expect(env.BITESHIP_API_URL).toBe("https://api.biteship.com");
    expect(env.BITESHIP_WEBHOOK_HEADER).toBe("X-Pasar-Webhook-Secret");
    expect(() => parseEnv({ COURIER_PROVIDER: "biteship" })).toThrow(
      /BITESHIP_API_KEY: is required when COURIER_PROVIDER is biteship: Biteship's API key/,
    );
    expect(() => parseEnv({ COURIER_PROVIDER: "biteship" })).toThrow(
      /BITESHIP_WEBHOOK_SECRET: is required when COURIER_PROVIDER is biteship: the value of the X-Pasar-Webhook-Secret header/,
    );
    const biteship = {
      COURIER_PROVIDER: "biteship",
      BITESHIP_API_KEY: "biteship_test.0123456789abcdef",
      BITESHIP_WEBHOOK_SECRET: "0123456789abcdef0123",
    };
    expect(() => parseEnv({ ...biteship, BITESHIP_WEBHOOK_SECRET: undefined })).toThrow(
      /BITESHIP_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ ...biteship, BITESHIP_API_KEY: undefined })).not.toThrow(
      /BITESHIP_WEBHOOK_SECRET/,
    );
    expect(parseEnv(biteship)).toMatchObject({ ...biteship, BITESHIP_API_URL: "https://api.biteship.com" });
    expect(
      parseEnv({ ...biteship, BITESHIP_WEBHOOK_HEADER: "X-Biteship-Token" }).BITESHIP_WEBHOOK_HEADER,
    ).toBe("X-Biteship-Token");
    // The built-in table needs none of it, even when some is set.
    expect(parseEnv({ BITESHIP_API_KEY: "biteship_test.0123456789abcdef" }).COURIER_PROVIDER).toBe("table");
  });

  it("starts without web push, and turns it on with a whole VAPID key pair", () => {
    // A pair made for this test by web-push's generateVAPIDKeys.
    const keys = {
      VAPID_PUBLIC_KEY:
        "BFZgpobzeza39kt9WlE-QFpeFaTfOyVSI02en_Ak_1HDCHnjFIerNrA-p1Rk0B_fGq-Y1d3GVF5A7o-bJo4Cx7s",
      VAPID_PRIVATE_KEY: "O6GE22XNisE_eYvdcaV2VTr9RevbrNUVu-Ss6Fwx6ms",
    };
    const off = parseEnv({});
    expect(off.WEB_PUSH).toBe(false);
    expect(off.VAPID_SUBJECT).toBe("mailto:no-reply@pasar.test");
    const on = parseEnv(keys);
    expect(on).toMatchObject({ ...keys, WEB_PUSH: true });
    expect(parseEnv({ ...keys, WEB_PUSH: "false" }).WEB_PUSH).toBe(false);
    expect(parseEnv({ ...keys, WEB_PUSH: "true" }).WEB_PUSH).toBe(true);
    expect(() => parseEnv({ WEB_PUSH: "true" })).toThrow(
      /VAPID_PUBLIC_KEY: is required when WEB_PUSH is true/,
    );
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: is required with VAPID_PUBLIC_KEY/,
    );
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: is required with VAPID_PRIVATE_KEY/,
    );
    const otherPrivate = "A" + keys.VAPID_PRIVATE_KEY.slice(1);
    expect(() => parseEnv({ ...keys, VAPID_PRIVATE_KEY: otherPrivate })).toThrow(
      /VAPID_PUBLIC_KEY: is not the public half of VAPID_PRIVATE_KEY/,
    );
    expect(() => parseEnv({ ...keys, VAPID_PUBLIC_KEY: "BDd3" })).toThrow(/must be a VAPID public key/);
    // The contact: as set, else a public shop's https address, else the mail sender.
    expect(parseEnv({ ...keys, VAPID_SUBJECT: "mailto:ops@pasar.example.id" }).VAPID_SUBJECT).toBe(
      "mailto:ops@pasar.example.id",
    );
    expect(() => parseEnv({ VAPID_SUBJECT: "ops@pasar.example.id" })).toThrow(
      /VAPID_SUBJECT: must be a mailto:/,
    );
    expect(parseEnv({ MAIL_FROM: "Toko <halo@toko.id>" }).VAPID_SUBJECT).toBe("mailto:halo@toko.id");
    const publicShop = { PUBLIC_URL: "https://pasar.example.id", ...channels, ...sandboxAllowed };
    expect(parseEnv(publicShop).VAPID_SUBJECT).toBe("https://pasar.example.id");
  });

  it("seeds the demo shop (published passwords) on a public address only when asked explicitly", () => {
    const publicShop = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://pasar.example.id",
      ...channels,
      ...sandboxAllowed,
    };
    expect(parseEnv(publicShop).SEED_DEMO_DATA).toBe(false);
    expect(parseEnv({ ...publicShop, SEED_DEMO_DATA: "auto" }).SEED_DEMO_DATA).toBe(false);
    expect(parseEnv({ ...publicShop, SEED_DEMO_DATA: "true" }).SEED_DEMO_DATA).toBe(true);
    expect(parseEnv({ SEED_DEMO_DATA: "false" }).SEED_DEMO_DATA).toBe(false);
    // A development server reachable by others is not local either.
    expect(
      parseEnv({ PUBLIC_URL: "http://192.168.1.5:3000", ...channels, ...sandboxAllowed }).SEED_DEMO_DATA,
    ).toBe(false);
  });

  it("tells a local address from a public one", () => {
    for (const url of [
      "http://localhost:3000",
      "http://shop.localhost",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
    ]) {
      expect(isLocalUrl(url), url).toBe(true);
    }
    for (const url of [
      "https://pasar.example.id",
      "http://192.168.1.5:3000",
      "http://10.0.0.2",
      "http://localhost.example.id",
    ]) {
      expect(isLocalUrl(url), url).toBe(false);
    }
    expect(isLoopbackAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("127.10.0.1")).toBe(true);
    expect(isLoopbackAddress("128.0.0.1")).toBe(false);
    expect(isLoopbackAddress("unknown")).toBe(false);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_URL", "not a url"],
    ["SEED_DEMO_DATA", "yes"],
    ["LOCAL_OUTBOX", "yes"],
    ["METRICS_TOKEN", "short"],
    ["ALLOW_SANDBOX_PAYMENTS", "1"],
    ["COURIER_PROVIDER", "jne"],
    ["BITESHIP_API_URL", "api.biteship.com"],
    ["BITESHIP_WEBHOOK_SECRET", "short"],
    ["BITESHIP_WEBHOOK_HEADER", "X Pasar: secret"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
