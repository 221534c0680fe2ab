import { useState } from "react";
import { Link, useActionData, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { SignUpInputSchema } from "#common/contracts/auth.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { CodeField } from "../../features/auth/code-field.tsx";
import { authFormAction } from "../../features/auth/actions.server.ts";
import {
  AccountField,
  AuthPage,
  DefaultSubmit,
  FormNotice,
  Field,
  PasswordField,
  SubmitButton,
  loadSchemas,
  validate,
  type FieldErrors,
} from "../../features/auth/form.tsx";
import { afterSignIn } from "../../features/auth/session.ts";
import { serverT } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { callApi, storeToken, type ApiInput } from "../../lib/client.ts";

export function loader({ params, context }: Route.LoaderArgs) {
  return { title: serverT(context, localeFromParam(params.lang) ?? "ind")("auth.signup.title") };
}

/** The form posted without JavaScript: the same procedure, then the session cookie and a redirect. */
export function action(args: Route.ActionArgs) {
  return authFormAction(args, {
    purpose: "signup",
    schema: SignUpInputSchema,
    input: (form) => ({
      account: form.get("account"),
      code: form.get("code"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
      inviteCode: form.get("inviteCode") || undefined,
    }),
    submit: (api, input) => api.auth.signUp(input),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Sign up with an email address or Indonesian mobile number, a code sent to it, and a password. */
export default function SignUp() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const posted = useActionData<typeof action>();
  const [values, setValues] = useState({
    account: posted?.account ?? "",
    code: "",
    password: "",
    confirmPassword: "",
    inviteCode: posted?.inviteCode ?? search.get("invite") ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors>(posted?.errors ?? {});
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const signUp = useApiAction(
    (input: ApiInput<"auth.signUp">) => callApi("auth.signUp", input, { mutation: true }),
    {
      onSuccess: (session) => {
        storeToken(session.token);
        toast.notify(t("auth.signup.success"), "success");
        void navigate(afterSignIn(search, locale), { replace: true });
      },
    },
  );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = { ...values, inviteCode: values.inviteCode || undefined };
    const result = validate((await loadSchemas()).SignUpInputSchema, input, t);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) signUp.run(result.data);
  };
  return (
    <>
      <AppHeader back title={t("auth.signup.title")} />
      <AuthPage
        title={t("auth.signup.title")}
        footer={
          <>
            {t("auth.signup.haveAccount")}{" "}
            <Link
              to={localizePath(locale, "/h5/signin")}
              className="font-semibold text-primary-800 underline dark:text-primary-300"
            >
              {t("auth.signup.signInLink")}
            </Link>
          </>
        }
      >
        <form method="post" onSubmit={(e) => void submit(e)} noValidate>
          <DefaultSubmit />
          <FormNotice notice={posted?.notice} />
          <AccountField value={values.account} onChange={set("account")} error={errors.account} />
          <CodeField
            purpose="signup"
            account={values.account}
            value={values.code}
            onChange={set("code")}
            error={errors.code}
            onAccountError={(account) => setErrors((e) => ({ ...e, account }))}
          />
          <PasswordField
            name="password"
            label={t("auth.fields.password")}
            hint={t("auth.fields.passwordHint")}
            value={values.password}
            onChange={set("password")}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordField
            name="confirmPassword"
            label={t("auth.fields.confirmPassword")}
            value={values.confirmPassword}
            onChange={set("confirmPassword")}
            error={errors.confirmPassword}
            autoComplete="new-password"
          />
          <Field
            label={t("auth.fields.inviteCode")}
            error={errors.inviteCode}
            input={{
              name: "inviteCode",
              type: "text",
              autoCapitalize: "characters",
              autoComplete: "off",
              maxLength: 16,
              value: values.inviteCode,
              onChange: (e) => set("inviteCode")(e.target.value),
            }}
          />
          <SubmitButton busy={signUp.pending}>{t("auth.signup.submit")}</SubmitButton>
        </form>
      </AuthPage>
    </>
  );
}
