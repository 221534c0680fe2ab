import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { SendCodeInputSchema, type CodePurpose } from "#common/contracts/auth.ts";
import { defaultLocale } from "#common/locales.ts";
import { callServerApi, serverT, type ServerCaller } from "../../lib/api.server.ts";
import { localeFromParam } from "../../lib/locale.ts";
import { validate, type FieldErrors } from "./form.tsx";
import { afterSignIn } from "./session.ts";

/**
 * What a sign-in, sign-up or reset form post answers when it does not sign in: the page renders again
 * with these. Passwords and codes are never sent back.
 */
interface AuthFormState {
  account: string;
  inviteCode?: string;
  method?: "password" | "code";
  errors?: FieldErrors;
  /** A form-wide message (the procedure's translated error, or that a code was sent). */
  notice?: { text: string; error: boolean };
  /** Password sign-in is paused for this account: offer sign-in by code. */
  offerCode?: boolean;
}

type ActionArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { lang?: string };
};

const statusOf: Record<string, number> = {
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** Runs procedures through the page bridge; the session cookie they set goes on `responseHeaders`. */
function call<T>(args: ActionArgs, responseHeaders: Headers, run: (api: ServerCaller) => Promise<T>) {
  const locale = localeFromParam(args.params.lang) ?? defaultLocale;
  return callServerApi(args, locale, run, { responseHeaders });
}

/** A procedure's refusal as the error the form shows; anything else is not the form's to explain. */
function refusal(error: unknown): { code: string; message: string } {
  // Duck-typed: the error comes from the server's copy of @trpc/server.
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e && typeof e.code === "string" && e.code in statusOf && typeof e.message === "string") {
    return { code: e.code, message: e.message };
  }
  throw error;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The action behind the sign-in, sign-up and reset forms, for posts made without JavaScript (or before
 * it has loaded; with it, the forms call the API themselves). It validates with the same schema, calls
 * the same procedure through the page bridge, and on success sets the session cookie and redirects;
 * otherwise the page renders again with the translated error and the account typed. The "Get code"
 * button posts here too (`intent=sendCode`), and sign-in's "Sign in with a code instead" (`useCode`).
 */
export async function authFormAction<S extends z.ZodType>(
  args: ActionArgs,
  opts: {
    purpose: CodePurpose;
    schema: S;
    input: (form: FormData) => unknown;
    submit: (api: ServerCaller, input: z.infer<S>) => Promise<unknown>;
  },
) {
  const locale = localeFromParam(args.params.lang) ?? defaultLocale;
  const t = serverT(args.context, locale);
  const form = await args.request.formData();
  const intent = text(form, "intent");
  const state: AuthFormState = {
    account: text(form, "account"),
    method: text(form, "via") === "code" || intent === "useCode" ? "code" : "password",
    ...(opts.purpose === "signup" ? { inviteCode: text(form, "inviteCode") } : {}),
  };
  if (intent === "useCode") return state;
  const headers = new Headers();

  if (intent === "sendCode") {
    const checked = validate(SendCodeInputSchema, { account: state.account, purpose: opts.purpose }, t);
    if (!checked.ok) return data({ ...state, errors: checked.errors }, { status: 400 });
    try {
      await call(args, headers, (api) => api.auth.sendCode(checked.data));
    } catch (error) {
      const { code, message } = refusal(error);
      return data({ ...state, notice: { text: message, error: true } }, { status: statusOf[code] });
    }
    return {
      ...state,
      notice: { text: t("auth.codeSent", { account: checked.data.account }), error: false },
    };
  }

  const checked = validate(opts.schema, opts.input(form), t);
  if (!checked.ok) return data({ ...state, errors: checked.errors }, { status: 400 });
  try {
    await call(args, headers, (api) => opts.submit(api, checked.data));
  } catch (error) {
    const { code, message } = refusal(error);
    const offerCode = opts.purpose === "login" && state.method === "password" && code === "TOO_MANY_REQUESTS";
    return data({ ...state, offerCode, notice: { text: message, error: true } }, { status: statusOf[code] });
  }
  throw redirect(afterSignIn(new URL(args.request.url).searchParams, locale), { headers });
}
