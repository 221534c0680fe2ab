import { useEffect, useState } from "react";
import { KeyRound } from "lucide-react";
import { Link, useActionData, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/signin";
import { SignInInputSchema } from "#common/contracts/auth.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { CodeField } from "../../features/auth/code-field.tsx";
import { authFormAction } from "../../features/auth/actions.server.ts";
import {
  AccountField,
  AuthPage,
  DefaultSubmit,
  FormNotice,
  PasswordField,
  SubmitButton,
  loadSchemas,
  validate,
  type FieldErrors,
} from "../../features/auth/form.tsx";
import { afterSignIn } from "../../features/auth/session.ts";
import { passkeyAnswer, usePasskeysSupported } from "../../features/auth/passkey.ts";
import { SupportContacts } from "../../features/support/support-contacts.tsx";
import { serverT } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { ApiError, callApi, storeToken, type ApiInput } from "../../lib/client.ts";

export function loader({ params, context }: Route.LoaderArgs) {
  return { title: serverT(context, localeFromParam(params.lang) ?? "ind")("auth.signin.title") };
}

/** The form posted without JavaScript: the same procedure, then the session cookie and a redirect. */
export function action(args: Route.ActionArgs) {
  return authFormAction(args, {
    purpose: "login",
    schema: SignInInputSchema,
    input: (form) =>
      form.get("via") === "code"
        ? { method: "code", account: form.get("account"), code: form.get("code") }
        : { method: "password", account: form.get("account"), password: form.get("password") },
    submit: (api, input) => api.auth.signIn(input),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

type Method = "code" | "password";

/** Sign in by one-time code or by password (seed section 2). */
export default function SignIn() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const posted = useActionData<typeof action>();
  const [method, setMethod] = useState<Method>(posted?.method ?? "password");
  const [values, setValues] = useState({ account: posted?.account ?? "", code: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>(posted?.errors ?? {});
  // Password sign-in is paused for this account after too many wrong passwords: offer a code instead.
  const [offerCode, setOfferCode] = useState(posted?.offerCode ?? false);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const bounced = search.has("redirect");
  useEffect(() => {
    // Sent here from a signed-in page, so the server found no valid session: the stored token is
    // stale and is forgotten (seed section 8).
    if (bounced) storeToken("");
  }, [bounced]);
  const signIn = useApiAction(
    (input: ApiInput<"auth.signIn">) => callApi("auth.signIn", input, { mutation: true }),
    {
      onSuccess: (session) => {
        storeToken(session.token);
        toast.notify(t("auth.signin.success"), "success");
        void navigate(afterSignIn(search, locale), { replace: true });
      },
      onError: (error) => {
        if (method === "password" && error instanceof ApiError) {
          setOfferCode(error.code === "TOO_MANY_REQUESTS");
        }
      },
    },
  );
  // Passkeys (issue 43): offered once the page knows the browser can use them.
  const passkeys = usePasskeysSupported();
  const withPasskey = useApiAction(
    async () => {
      const ceremony = await callApi("auth.passkeyOptions", undefined, { mutation: true });
      const answer = await passkeyAnswer(
        "get",
        ceremony,
        () => new ApiError(t("auth.errors.passkeyCancelled"), "BAD_REQUEST"),
      );
      return callApi("auth.signInWithPasskey", answer, { mutation: true });
    },
    {
      onSuccess: (session) => {
        storeToken(session.token);
        toast.notify(t("auth.signin.success"), "success");
        void navigate(afterSignIn(search, locale), { replace: true });
      },
    },
  );
  const switchToCode = () => {
    setMethod("code");
    setErrors({});
    setOfferCode(false);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input =
      method === "password"
        ? { method, account: values.account, password: values.password }
        : { method, account: values.account, code: values.code };
    const result = validate((await loadSchemas()).SignInInputSchema, input, t);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) signIn.run(result.data);
  };
  const methods: { id: Method; label: string }[] = [
    { id: "password", label: t("auth.signin.withPassword") },
    { id: "code", label: t("auth.signin.withCode") },
  ];
  return (
    <>
      <AppHeader back title={t("auth.signin.title")} />
      <AuthPage
        title={t("auth.signin.title")}
        footer={
          <>
            {t("auth.signin.noAccount")}{" "}
            <Link
              to={localizePath(locale, "/h5/signup")}
              className="font-semibold text-primary-800 underline dark:text-primary-300"
            >
              {t("auth.signin.signUpLink")}
            </Link>
          </>
        }
      >
        <div className="mt-5 grid grid-cols-2 gap-1 rounded-full bg-gray-200 p-1 dark:bg-gray-800">
          {methods.map((m) => (
            <button
              key={m.id}
              type="button"
              aria-pressed={method === m.id}
              onClick={() => {
                setMethod(m.id);
                setErrors({});
                setOfferCode(false);
              }}
              className={`h-10 rounded-full text-sm font-medium ${
                method === m.id
                  ? "bg-white text-gray-900 shadow dark:bg-gray-950 dark:text-gray-50"
                  : "text-gray-700 dark:text-gray-300"
              }`}
            >
              {m.label}
            </button>
          ))}
        </div>
        <form method="post" onSubmit={(e) => void submit(e)} noValidate>
          <DefaultSubmit />
          <input type="hidden" name="via" value={method} />
          <FormNotice notice={posted?.notice} />
          <AccountField value={values.account} onChange={set("account")} error={errors.account} />
          {method === "password" ? (
            <PasswordField
              name="password"
              label={t("auth.fields.password")}
              value={values.password}
              onChange={set("password")}
              error={errors.password}
              autoComplete="current-password"
            />
          ) : (
            <CodeField
              purpose="login"
              account={values.account}
              value={values.code}
              onChange={set("code")}
              error={errors.code}
              onAccountError={(account) => setErrors((e) => ({ ...e, account }))}
            />
          )}
          <div className="mt-3 text-end">
            <Link
              to={localizePath(locale, "/h5/forget")}
              className="text-sm text-primary-800 underline dark:text-primary-300"
            >
              {t("auth.signin.forgot")}
            </Link>
          </div>
          <SubmitButton busy={signIn.pending}>{t("auth.signin.submit")}</SubmitButton>
          {offerCode && method === "password" && (
            <button
              type="submit"
              name="intent"
              value="useCode"
              onClick={(e) => {
                e.preventDefault();
                switchToCode();
              }}
              className="mt-3 h-12 w-full rounded-full border border-primary-700 font-semibold text-primary-800 dark:border-primary-300 dark:text-primary-300"
            >
              {t("auth.signin.switchToCode")}
            </button>
          )}
        </form>
        {passkeys && (
          <button
            type="button"
            disabled={withPasskey.pending}
            onClick={() => withPasskey.run(undefined)}
            className="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-full border border-gray-400 font-semibold dark:border-gray-500"
          >
            <KeyRound className="size-5" aria-hidden="true" />
            {t("auth.signin.withPasskey")}
          </button>
        )}
        <SupportContacts className="mt-8" />
      </AuthPage>
    </>
  );
}
