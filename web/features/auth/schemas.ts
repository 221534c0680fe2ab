// What the sign-in, sign-up and reset forms validate with: the server's own zod schemas and account parser
// (zod and Indonesia's numbering rules, about 30 KB of gzipped JavaScript). Loaded when the visitor first
// touches a form (`loadSchemas` in form.tsx), not with the page.
export { parseAccount } from "#common/account.ts";
export {
  AccountInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
} from "#common/contracts/auth.ts";
