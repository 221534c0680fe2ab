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
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    LOG_LEVEL: z.enum(logLevels).default("info"),
    TRPC_MAX_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(20),
    SEED_DEMO_DATA: z
      .enum(["auto", "true", "false"], { error: "must be auto, true or false" })
      .default("auto"),
    SEED_IMAGE_SIZE: z.coerce.number().int().min(32).max(2000).default(800),
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
    /** Reverse proxies in front of the server that append to X-Forwarded-For; 0 ignores the header. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  })
  .superRefine((e, ctx) => {
    // A public production shop must really deliver codes: no local outbox there, so no channel may be missing.
    if (e.NODE_ENV !== "production" || isLocalUrl(publicUrlOf(e))) return;
    for (const name of ["SMTP_URL", "SMS_WEBHOOK_URL"] as const) {
      if (!e[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when PUBLIC_URL is a public address, so verification codes reach people (${name === "SMTP_URL" ? "email" : "SMS"}); leave PUBLIC_URL unset to try the shop on this machine`,
        });
      }
    }
  })
  .transform((e) => {
    const publicUrl = publicUrlOf(e);
    const local = isLocalUrl(publicUrl);
    return {
      ...e,
      DATA_DIR: path.resolve(e.DATA_DIR),
      PUBLIC_URL: publicUrl,
      /**
       * Codes for a missing channel are kept in the local outbox (`/dev/outbox`, readable only from this
       * machine): always outside production, and in production only while the shop answers on a local address.
       */
      LOCAL_OUTBOX: e.NODE_ENV !== "production" || local,
      /** The demo shop's passwords are published: seeded by default only where nobody else can sign in. */
      SEED_DEMO_DATA: e.SEED_DEMO_DATA === "auto" ? local : e.SEED_DEMO_DATA === "true",
    };
  });

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
