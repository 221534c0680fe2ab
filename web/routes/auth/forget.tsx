import { useState } from "react";
import { useActionData, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/forget";
import { ResetPasswordInputSchema } from "#common/contracts/auth.ts";
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
import { serverT } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { toast } from "../../lib/toast.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { callApi, storeToken, type ApiInput } from "../../lib/client.ts";

export function loader({ params, context }: Route.LoaderArgs) {
  return { title: serverT(context, localeFromParam(params.lang) ?? "ind")("auth.forget.title") };
}

/** The form posted without JavaScript: the same procedure, then the session cookie and a redirect. */
export function action(args: Route.ActionArgs) {
  return authFormAction(args, {
    purpose: "reset",
    schema: ResetPasswordInputSchema,
    input: (form) => ({
      account: form.get("account"),
      code: form.get("code"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    }),
    submit: (api, input) => api.auth.resetPassword(input),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** Forgot password: a code sent to the account, then a new password. */
export default function Forget() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const posted = useActionData<typeof action>();
  const [values, setValues] = useState({
    account: posted?.account ?? "",
    code: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<FieldErrors>(posted?.errors ?? {});
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const reset = useApiAction(
    (input: ApiInput<"auth.resetPassword">) => callApi("auth.resetPassword", input, { mutation: true }),
    {
      onSuccess: (session) => {
        storeToken(session.token);
        toast.notify(t("auth.forget.success"), "success");
        void navigate(afterSignIn(search, locale), { replace: true });
      },
    },
  );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const result = validate((await loadSchemas()).ResetPasswordInputSchema, values, t);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) reset.run(result.data);
  };
  return (
    <>
      <AppHeader back title={t("auth.forget.title")} />
      <AuthPage title={t("auth.forget.title")}>
        <form method="post" onSubmit={(e) => void submit(e)} noValidate>
          <DefaultSubmit />
          <FormNotice notice={posted?.notice} />
          <AccountField value={values.account} onChange={set("account")} error={errors.account} />
          <CodeField
            purpose="reset"
            account={values.account}
            value={values.code}
            onChange={set("code")}
            error={errors.code}
            onAccountError={(account) => setErrors((e) => ({ ...e, account }))}
          />
          <PasswordField
            name="password"
            label={t("auth.fields.newPassword")}
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
          <SubmitButton busy={reset.pending}>{t("auth.forget.submit")}</SubmitButton>
        </form>
      </AuthPage>
    </>
  );
}
