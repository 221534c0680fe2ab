import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { transformer } from "./transformer.ts";
import { ZodError } from "zod";
import type { MessageKey } from "#common/i18n/messages.ts";
import type { Translate } from "#common/i18n/i18n.ts";
import { isDatabaseUnavailable } from "../db/client.ts";
import { DomainError, type DomainErrorKind } from "../platform/errors.ts";
import { currentRequestLocale, serverTranslator } from "../platform/i18n.ts";
import type { Role } from "#common/contracts/auth.ts";
import type { Context } from "./context.ts";

/** Read per call, so a test can prove what production clients receive. */
// eslint-disable-next-line no-restricted-properties -- read per call, so a test can switch it
const isProduction = () => process.env.NODE_ENV === "production";

const domainCodes: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  bad_request: "BAD_REQUEST",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  not_found: "NOT_FOUND",
  conflict: "CONFLICT",
  precondition_failed: "PRECONDITION_FAILED",
  too_many_requests: "TOO_MANY_REQUESTS",
  // A dependency (mail server, SMS provider) failed: try again later, not a fault of the server.
  failed: "SERVICE_UNAVAILABLE",
};

/** Generic, translated messages for errors that carry no domain message of their own. */
const genericMessages: Partial<Record<TRPC_ERROR_CODE_KEY, MessageKey>> = {
  PARSE_ERROR: "errors.api.badRequest",
  BAD_REQUEST: "errors.api.badRequest",
  UNAUTHORIZED: "errors.api.unauthorized",
  FORBIDDEN: "errors.api.forbidden",
  NOT_FOUND: "errors.api.notFound",
  METHOD_NOT_SUPPORTED: "errors.api.methodNotSupported",
  TIMEOUT: "errors.api.timeout",
  CONFLICT: "errors.api.conflict",
  PRECONDITION_FAILED: "errors.api.preconditionFailed",
  PAYLOAD_TOO_LARGE: "errors.api.payloadTooLarge",
  UNPROCESSABLE_CONTENT: "errors.api.unprocessable",
  TOO_MANY_REQUESTS: "errors.api.tooManyRequests",
  SERVICE_UNAVAILABLE: "errors.api.unavailable",
};

/** Turns a DomainError thrown by a service into the tRPC error the caller receives, already translated. */
function toTRPCError(error: DomainError, translate: Translate): TRPCError {
  return new TRPCError({
    code: domainCodes[error.kind],
    message: translate(error.key, error.params),
    cause: error,
  });
}

const t = initTRPC.context<Context>().create({
  transformer,
  isDev: !isProduction(),
  /**
   * The one error formatter. Every message a client sees is translated into the caller's language;
   * internal messages (SQL, constraint names, paths) and stacks never leave the server in production.
   */
  errorFormatter({ shape, error, ctx }) {
    const translate = ctx?.t ?? serverTranslator(currentRequestLocale());
    const cause = error.cause;
    let message: string;
    let issues: { path: string; message: string }[] | undefined;
    if (cause instanceof DomainError) {
      message = translate(cause.key, cause.params);
    } else if (cause instanceof ZodError) {
      message = translate("errors.api.invalidInput");
      issues = cause.issues.map((issue) => ({
        path: issue.path.join("."),
        message:
          issue.message.includes(".") && !issue.message.includes(" ")
            ? translate(issue.message as MessageKey)
            : translate("errors.api.invalidInput"),
      }));
    } else if (error.code === "BAD_REQUEST" && error.message === "Batch call exceeds maximum size") {
      message = translate("errors.api.batchTooLarge");
    } else {
      message = translate(genericMessages[error.code] ?? "errors.api.unknown");
    }
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        ...(issues ? { issues } : {}),
        ...(!isProduction() && shape.data.stack ? { stack: shape.data.stack } : {}),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Runs a procedure body, turning DomainErrors into translated tRPC errors, and a database that cannot be
 * reached (stopped, restarting, connections terminated) into 503 SERVICE_UNAVAILABLE: the call may
 * succeed in a moment, and /readyz says the same meanwhile.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    result.error = toTRPCError(result.error.cause, ctx.t);
  } else if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    ctx.log.warn({ err: result.error.cause }, "database unavailable");
    result.error = new TRPCError({
      code: "SERVICE_UNAVAILABLE",
      message: ctx.t("errors.api.unavailable"),
      cause: result.error.cause,
    });
  }
  return result;
});

/** Anyone may call these: visitors included. */
export const publicProcedure = t.procedure.use(domainErrors);

/** The innermost message of an error chain (Drizzle wraps the driver's): what went wrong, without the query. */
function rootMessage(error: unknown): string {
  let e = error as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e?.cause && depth < 5; depth++) e = e.cause as typeof e;
  return String(e?.message ?? error);
}

/**
 * Public browse reads (the catalogue, stores, reviews, the FAQ): the same for everyone, so a caught-up streaming
 * replica may answer them (decision 27), unless the caller wrote something a moment ago. A replica that fails
 * for want of a connection is skipped at once and the primary answers the same call.
 */
export const browseProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const replica = ctx.replicas && !ctx.freshReads ? ctx.replicas.pick() : ctx.db;
  if (replica === ctx.db) return next();
  const result = await next({ ctx: { db: replica } });
  if (result.ok || !isDatabaseUnavailable(result.error.cause)) return result;
  ctx.replicas!.markDown(replica);
  ctx.log.warn({ reason: rootMessage(result.error.cause) }, "a replica failed; read from the primary");
  return next();
});

/** Signed-in callers of any role; `ctx.user` is the caller. */
export const signedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.user();
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: ctx.t("errors.api.unauthorized") });
  return next({ ctx: { user } });
});

function requireRole(...roles: Role[]) {
  return signedInProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({ code: "FORBIDDEN", message: ctx.t("errors.api.forbidden") });
    }
    return next();
  });
}

/** Shoppers (merchants shop too). */
export const shopperProcedure = requireRole("shopper", "merchant");
/** Merchants running a store. */
export const merchantProcedure = requireRole("merchant");
/** Operators of the platform. */
export const operatorProcedure = requireRole("operator");
