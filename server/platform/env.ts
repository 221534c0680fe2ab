import { createECDH } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    /**
     * PostgreSQL streaming replicas (comma-separated URLs) for public browse reads (decision 27); a replica that
     * lags or is down is skipped. Needs DATABASE_URL.
     */
    DATABASE_REPLICA_URLS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.url({
            protocol: /^postgres(ql)?$/,
            error: "must be postgres:// or postgresql:// URLs, comma-separated",
          }),
        ),
      ),
    /** An S3-compatible bucket for uploaded and generated files (decision 27); unset: `<DATA_DIR>/uploads`. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    /** An S3-compatible store's address (MinIO, Ceph, R2…); unset: Amazon S3 in S3_REGION. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** The bucket in the path rather than the host name: what most S3-compatible stores expect. */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("true")
      .transform((v) => v === "true"),
    /** A folder inside the bucket for the shop's files. */
    S3_PREFIX: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    LOG_LEVEL: z.enum(logLevels).default("info"),
    TRPC_MAX_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(20),
    SEED_DEMO_DATA: z
      .enum(["auto", "true", "false"], { error: "must be auto, true or false" })
      .default("auto"),
    SEED_IMAGE_SIZE: z.coerce.number().int().min(32).max(2000).default(800),
    SEED_PICTURES: z.enum(["later", "now"], { error: "must be later or now" }).default("later"),
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587",
      })
      .optional(),
    MAIL_FROM: z.string().min(3).default("Pasar <no-reply@pasar.test>"),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** How long a page rendered for signed-out visitors is shared with others asking for it; 0 turns it off. */
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** How often an idle job worker asks for due jobs (pg-boss polling), in seconds. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(5),
    /** Reverse proxies in front of the server that append to X-Forwarded-For; 0 ignores the header. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** The local outbox for codes of channels without a provider: `auto` keeps one only on a local shop. */
    LOCAL_OUTBOX: z.enum(["auto", "true", "false"], { error: "must be auto, true or false" }).default("auto"),
    /** Lets a Prometheus scraper read /metrics from elsewhere with `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
    /**
     * The sandbox payment gateway pays with play money: a public shop refuses to start on it unless this
     * says so explicitly (a public demo), and then warns at every start.
     */
    ALLOW_SANDBOX_PAYMENTS: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
    /** Who takes payments (decision 19): the built-in sandbox (play money), Midtrans Core API or Xendit. */
    PAYMENT_PROVIDER: z
      .enum(["sandbox", "midtrans", "xendit"], { error: "must be sandbox, midtrans or xendit" })
      .default("sandbox"),
    /** Midtrans' server key (Settings → Access Keys); a sandbox key starts with `SB-Mid-server-`. */
    MIDTRANS_SERVER_KEY: z.string().min(10, { error: "must be a Midtrans server key" }).optional(),
    /** Midtrans' API; by default its sandbox for an `SB-` key, else production. */
    MIDTRANS_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    /** Xendit's secret API key (Settings → API Keys), with "Money-in" write permission. */
    XENDIT_SECRET_KEY: z.string().min(10, { error: "must be a Xendit secret key" }).optional(),
    /** The callback verification token Xendit shows under Settings → Webhooks. */
    XENDIT_CALLBACK_TOKEN: z
      .string()
      .min(10, { error: "must be Xendit's callback verification token" })
      .optional(),
    /** Xendit's API (the same address for test and live keys). */
    XENDIT_API_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .default("https://api.xendit.co"),
    /** Who quotes and books parcels (decision 22): the built-in rate table or Biteship, the aggregator. */
    COURIER_PROVIDER: z.enum(["table", "biteship"], { error: "must be table or biteship" }).default("table"),
    /** Biteship's API key (dashboard: Integrations, API Keys): `biteship_test.…` or `biteship_live.…`. */
    BITESHIP_API_KEY: z.string().min(10, { error: "must be a Biteship API key" }).optional(),
    /** Biteship's API (the same address for test and live keys). */
    BITESHIP_API_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .default("https://api.biteship.com"),
    /**
     * The value of the custom header the shop sets on its webhook in Biteship's dashboard: Biteship signs nothing,
     * so this header is what tells its webhooks from anyone's.
     */
    BITESHIP_WEBHOOK_SECRET: z
      .string()
      .min(16, { error: "must be at least 16 characters (a random value, as set on Biteship's webhook)" })
      .optional(),
    /** That header's name, as set in Biteship's dashboard. */
    BITESHIP_WEBHOOK_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, {
        error: "must be an HTTP header name, e.g. X-Pasar-Webhook-Secret",
      })
      .default("X-Pasar-Webhook-Secret"),
    /**
     * Web push (issue 44): `auto`, on when a VAPID key pair is set (off without one: nothing is offered or sent);
     * `true` requires the pair; `false` turns it off even with one.
     */
    WEB_PUSH: z.enum(["auto", "true", "false"], { error: "must be auto, true or false" }).default("auto"),
    /**
     * The shop's VAPID key pair (RFC 8292), URL-safe Base64 as `npx web-push generate-vapid-keys` prints it: both
     * or neither. Browsers' subscriptions are bound to the public key: a new pair ends every subscription.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, {
        error: "must be a VAPID public key: 87 URL-safe Base64 characters (a 65-byte P-256 point)",
      })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, {
        error: "must be a VAPID private key: 43 URL-safe Base64 characters (32 bytes)",
      })
      .optional(),
    /** Who push services may contact about the shop's messages: a `mailto:` address or an `https:` URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, {
        error: "must be a mailto: address or an https:// URL, e.g. mailto:ops@pasar.example.id",
      })
      .optional(),
    /**
     * WhatsApp Business Cloud API (issue 44): order updates by the shop's `order_update` template. All four set, or
     * none (no WhatsApp). `WHATSAPP_API_URL` only for a local simulator.
     */
    WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/, { error: "must be the number's id (digits)" })
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(8).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
    WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((e, ctx) => {
    // Runs even when a field failed its own check (then its issue is reported and this says nothing more).
    if (e.DATABASE_REPLICA_URLS?.length && !e.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_REPLICA_URLS"],
        message: "needs DATABASE_URL: replicas follow a PostgreSQL primary (the embedded database has none)",
      });
    }
    if (!URL.canParse(publicUrlOf(e))) return;
    const local = isLocalUrl(publicUrlOf(e));
    // Codes must really reach people: without an outbox no channel may be missing.
    if (!outboxWanted(e.LOCAL_OUTBOX, local)) {
      for (const name of ["SMTP_URL", "SMS_WEBHOOK_URL"] as const) {
        if (!e[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: local
              ? `is required when LOCAL_OUTBOX is false, so verification codes reach people (${name === "SMTP_URL" ? "email" : "SMS"})`
              : `is required when PUBLIC_URL is a public address, so verification codes reach people (${name === "SMTP_URL" ? "email" : "SMS"}); leave PUBLIC_URL unset to try the shop on this machine`,
          });
        }
      }
    }
    // A provider needs its keys.
    const needs = {
      sandbox: [],
      midtrans: ["MIDTRANS_SERVER_KEY"],
      xendit: ["XENDIT_SECRET_KEY", "XENDIT_CALLBACK_TOKEN"],
    } as const;
    for (const name of needs[e.PAYMENT_PROVIDER]) {
      if (!e[name])
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when PAYMENT_PROVIDER is ${e.PAYMENT_PROVIDER}`,
        });
    }
    // Biteship needs its key, and a secret to tell its webhooks from forged ones.
    if (e.COURIER_PROVIDER === "biteship") {
      const why = {
        BITESHIP_API_KEY: "Biteship's API key, from its dashboard (Integrations, API Keys)",
        BITESHIP_WEBHOOK_SECRET: `the value of the ${e.BITESHIP_WEBHOOK_HEADER} header to set on the webhook in Biteship's dashboard, so forged webhooks are refused`,
      } as const;
      for (const name of ["BITESHIP_API_KEY", "BITESHIP_WEBHOOK_SECRET"] as const) {
        if (!e[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `is required when COURIER_PROVIDER is biteship: ${why[name]}`,
          });
      }
    }
    // WhatsApp needs all four of its settings.
    const whatsapp = [
      "WHATSAPP_ACCESS_TOKEN",
      "WHATSAPP_PHONE_NUMBER_ID",
      "WHATSAPP_APP_SECRET",
      "WHATSAPP_VERIFY_TOKEN",
    ] as const;
    if (whatsapp.some((name) => e[name])) {
      for (const name of whatsapp) {
        if (!e[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is required with the other WHATSAPP_ settings",
          });
        }
      }
    }
    // Web push needs both halves of one VAPID key pair.
    const vapidKeys = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"] as const;
    for (const name of vapidKeys) {
      const other = name === "VAPID_PUBLIC_KEY" ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
      if (e[other] && !e[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required with ${other}: a VAPID key pair is set whole`,
        });
      }
    }
    if (
      e.VAPID_PUBLIC_KEY &&
      e.VAPID_PRIVATE_KEY &&
      vapidPublicKeyOf(e.VAPID_PRIVATE_KEY) !== e.VAPID_PUBLIC_KEY
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PUBLIC_KEY"],
        message: "is not the public half of VAPID_PRIVATE_KEY: set both from one generated pair",
      });
    }
    if (e.WEB_PUSH === "true") {
      for (const name of vapidKeys) {
        if (!e[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is required when WEB_PUSH is true (npx web-push generate-vapid-keys makes a pair)",
          });
      }
    }
    // A public shop on the sandbox would take real orders against play money.
    if (!local && e.PAYMENT_PROVIDER === "sandbox" && e.ALLOW_SANDBOX_PAYMENTS !== "true") {
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_SANDBOX_PAYMENTS"],
        message:
          "must be true to run a public shop (PUBLIC_URL is a public address) on the sandbox payment provider, whose " +
          "payments are play money that anyone holding a payment link can pay; set PAYMENT_PROVIDER=midtrans or xendit " +
          "with its keys to take real payments",
      });
    }
  })
  .transform((e) => {
    const publicUrl = publicUrlOf(e);
    const local = isLocalUrl(publicUrl);
    return {
      ...e,
      DATA_DIR: path.resolve(e.DATA_DIR),
      PUBLIC_URL: publicUrl,
      /** Whether PUBLIC_URL was left unset, so the shop took a local address (said loudly at start). */
      PUBLIC_URL_DEFAULTED: !e.PUBLIC_URL,
      /**
       * Codes for a missing channel are kept in the local outbox (`/dev/outbox`, readable only by requests
       * from this machine itself): on a local shop, or wherever LOCAL_OUTBOX=true asks for it.
       */
      LOCAL_OUTBOX: outboxWanted(e.LOCAL_OUTBOX, local),
      /** A public shop running on the sandbox gateway (ALLOW_SANDBOX_PAYMENTS): warned about at every start. */
      PUBLIC_SANDBOX: !local && e.PAYMENT_PROVIDER === "sandbox",
      MIDTRANS_API_URL:
        e.MIDTRANS_API_URL ??
        (e.MIDTRANS_SERVER_KEY?.startsWith("SB-")
          ? "https://api.sandbox.midtrans.com"
          : "https://api.midtrans.com"),
      /** The demo shop's passwords are published: seeded by default only where nobody else can sign in. */
      SEED_DEMO_DATA: e.SEED_DEMO_DATA === "auto" ? local : e.SEED_DEMO_DATA === "true",
      /**
       * A local shop with WEB_PUSH left to `auto` and no key pair makes its own and keeps it in DATA_DIR
       * (`vapid.json`), so push works when tried on one machine; a public shop is given its pair.
       */
      WEB_PUSH_LOCAL_KEYS: e.WEB_PUSH === "auto" && local && !e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY,
      /** Web push is on: a VAPID key pair is set and WEB_PUSH does not turn it off. */
      WEB_PUSH: e.WEB_PUSH !== "false" && Boolean(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY),
      /**
       * The VAPID contact: as set, else the public https address of the shop, else the sender of its emails
       * (Apple's push service refuses a localhost subject).
       */
      VAPID_SUBJECT:
        e.VAPID_SUBJECT ??
        (!local && publicUrl.startsWith("https://") ? publicUrl : `mailto:${mailAddressOf(e.MAIL_FROM)}`),
    };
  });

/** The address of a `Name <address>` sender, or the whole value when it is a bare address. */
function mailAddressOf(from: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? (/^[^\s@<>]+@[^\s@<>]+$/.test(from) ? from : null);
  return address ?? "no-reply@pasar.test";
}

/** The uncompressed P-256 public key of a VAPID private key (URL-safe Base64), or null when it is not one. */
function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().toString("base64url");
  } catch {
    return null;
  }
}

function outboxWanted(setting: "auto" | "true" | "false", local: boolean): boolean {
  return setting === "true" || (setting === "auto" && local);
}

function publicUrlOf(e: { PUBLIC_URL?: string; PORT: number }): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

/** Whether a URL names this machine only (localhost, a loopback address), so nobody else reaches it. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || isLoopbackAddress(host);
}

/** Whether an IP address is a loopback address (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^::ffff:/, "");
  return ip === "::1" || (isIP(ip) === 4 && ip.startsWith("127."));
}

export type Env = z.infer<typeof EnvSchema>;

/** Thrown when the environment is invalid; the message names every bad variable. */
export class EnvError extends Error {}

/** Parses and validates configuration from environment variables; call once at start-up. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
