import { z } from "zod";
import { parseAccount } from "../account.ts";
import { ImageViewSchema } from "./image.ts";
import { prefixedId } from "./input.ts";

// Messages are translation keys (seed section 5); the server's error formatter and the forms translate them.

export const AccountInputSchema = z
  .string({ error: "auth.validation.enterAccount" })
  .trim()
  .min(1, "auth.validation.enterAccount")
  .max(254, "auth.validation.invalidAccount")
  .refine((v) => parseAccount(v) !== undefined, "auth.validation.invalidAccount");

const CodeInputSchema = z
  .string({ error: "auth.validation.enterCode" })
  .trim()
  .min(1, "auth.validation.enterCode")
  .regex(/^\d{6}$/, "auth.validation.invalidCode");

/** 8 to 64 characters with at least one letter and one digit. */
export const PasswordInputSchema = z
  .string({ error: "auth.validation.enterPassword" })
  .min(1, "auth.validation.enterPassword")
  .min(8, "auth.validation.invalidPassword")
  .max(64, "auth.validation.invalidPassword")
  .regex(/[A-Za-z]/, "auth.validation.invalidPassword")
  .regex(/\d/, "auth.validation.invalidPassword");

const ConfirmSchema = z
  .string({ error: "auth.validation.confirmPassword" })
  .min(1, "auth.validation.confirmPassword");

const CodePurposeSchema = z.enum(["signup", "login", "reset"]);
export type CodePurpose = z.infer<typeof CodePurposeSchema>;

export const SendCodeInputSchema = z.object({ account: AccountInputSchema, purpose: CodePurposeSchema });
export type SendCodeInput = z.infer<typeof SendCodeInputSchema>;

export const SendCodeViewSchema = z.object({
  channel: z.enum(["email", "sms"]),
  resendInSeconds: z.number().int(),
});

function passwordsMatch(v: { password: string; confirmPassword: string }) {
  return v.password === v.confirmPassword;
}
const mismatch = { message: "auth.validation.passwordMismatch", path: ["confirmPassword"] };

export const SignUpInputSchema = z
  .object({
    account: AccountInputSchema,
    code: CodeInputSchema,
    password: PasswordInputSchema,
    confirmPassword: ConfirmSchema,
    inviteCode: z
      .string()
      .trim()
      .max(16, "auth.validation.invalidInviteCode")
      .regex(/^[A-Za-z0-9]*$/, "auth.validation.invalidInviteCode")
      .optional(),
  })
  .refine(passwordsMatch, mismatch);
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

export const SignInInputSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("password"),
    account: AccountInputSchema,
    password: z.string().min(1, "auth.validation.enterPassword").max(64, "auth.validation.invalidPassword"),
  }),
  z.object({ method: z.literal("code"), account: AccountInputSchema, code: CodeInputSchema }),
]);
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const ResetPasswordInputSchema = z
  .object({
    account: AccountInputSchema,
    code: CodeInputSchema,
    password: PasswordInputSchema,
    confirmPassword: ConfirmSchema,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const RoleSchema = z.enum(["shopper", "merchant", "operator"]);
export type Role = z.infer<typeof RoleSchema>;

/** The signed-in user as their own pages show them. */
export const MeViewSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: RoleSchema,
  inviteCode: z.string(),
  avatar: ImageViewSchema.nullable(),
});
export type MeView = z.infer<typeof MeViewSchema>;

export const SessionViewSchema = z.object({ token: z.string(), user: MeViewSchema });
export type SessionView = z.infer<typeof SessionViewSchema>;

/** How a session signed in (issue 43). */
export const SessionMethodSchema = z.enum(["password", "code", "signup", "reset", "passkey"]);

/**
 * One of the user's signed-in sessions as their security page lists it: the device read from its User-Agent (each
 * part null when the browser did not say), the address it started from, when it signed in and was last used
 * (to the minute), and whether it is the one asking.
 */
export const DeviceSessionViewSchema = z.object({
  id: z.string(),
  method: SessionMethodSchema,
  browser: z.string().nullable(),
  os: z.string().nullable(),
  model: z.string().nullable(),
  kind: z.enum(["mobile", "tablet", "desktop", "unknown"]),
  ip: z.string().nullable(),
  createdAt: z.date(),
  lastUsedAt: z.date(),
  current: z.boolean(),
});
export type DeviceSessionView = z.infer<typeof DeviceSessionViewSchema>;

export const SessionIdInputSchema = z.object({ id: prefixedId("ses") });

/** What the security history names (issue 43): the account's own record of what changed and who signed in. */
export const securityEventKinds = [
  "signup",
  "newDevice",
  "signinFailed",
  "passwordReset",
  "pinSet",
  "pinReset",
  "pinChange",
  "pinLock",
  "pinDisable",
  "bankAdd",
  "bankRemove",
  "passkeyAdd",
  "passkeyRemove",
  "emailChange",
  "phoneChange",
  "freeze",
  "unfreeze",
  "signedOutByOperator",
  "holdReleased",
] as const;

export const SecurityEventViewSchema = z.object({
  id: z.string(),
  kind: z.enum(securityEventKinds),
  at: z.date(),
  /** The device it came from, as its browser said ("Chrome 130 · Android 14"), when it was a sign-in. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  /** What it was about: a bank account as "BCA •••• 7890". */
  detail: z.string().nullable(),
});
export type SecurityEventView = z.infer<typeof SecurityEventViewSchema>;

/** Signing out every other session asks for the password again. */
export const ConfirmPasswordInputSchema = z.object({
  password: z.string().min(1, "auth.validation.enterPassword").max(64, "auth.validation.invalidPassword"),
});

/** Six digits, nothing else. */
export const PinSchema = z.string({ error: "errors.pin.format" }).regex(/^\d{6}$/, "errors.pin.format");

/** Whether the user has a payment PIN, and whether it is locked (until when) or disabled (issue 43). */
export const PinStatusViewSchema = z.object({
  set: z.boolean(),
  lockedUntil: z.date().nullable(),
  disabled: z.boolean(),
});
export type PinStatusView = z.infer<typeof PinStatusViewSchema>;

/** A WebAuthn credential's answer, as the browser gives it (the server's library checks every field of it). */
const CredentialResponseSchema = z.object({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** A passkey ceremony's answer: the challenge it answers (made for it by the server) and the browser's response. */
export const PasskeyAnswerSchema = z.object({
  challengeId: prefixedId("wch"),
  response: CredentialResponseSchema,
});
export type PasskeyAnswer = z.infer<typeof PasskeyAnswerSchema>;

/**
 * What proves the account's owner is at the phone before money leaves it or a payout detail changes (issue 43):
 * the payment PIN, asked again each time, or one of their passkeys with user verification instead.
 */
export const ProofSchema = z.union(
  [z.object({ pin: PinSchema }), z.object({ passkey: PasskeyAnswerSchema })],
  { error: "errors.pin.required" },
);
export type Proof = z.infer<typeof ProofSchema>;

/** Only a proof: removing the bank account, showing its full number. */
export const ProofInputSchema = z.object({ proof: ProofSchema });

/** A WebAuthn ceremony the browser is to run: the challenge's id (sent back with the answer) and its options. */
export const PasskeyOptionsViewSchema = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});

/** Adding a passkey: the browser's answer, and the PIN (a stolen session must not add its own key). */
export const AddPasskeyInputSchema = PasskeyAnswerSchema.extend({ proof: ProofSchema });

/** One of the user's passkeys as their security page lists it. */
export const PasskeyViewSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});
export type PasskeyView = z.infer<typeof PasskeyViewSchema>;

/** A new email or phone number for the account, to send its code to. */
export const NewAddressInputSchema = z.object({
  account: z
    .string()
    .trim()
    .min(1, "auth.validation.enterAccount")
    .max(254, "auth.validation.invalidAccount"),
});
/** Changing the email or phone: the new address, its code, and the PIN (or a passkey). */
export const ChangeContactInputSchema = NewAddressInputSchema.extend({
  code: CodeInputSchema,
  proof: ProofSchema,
});

export const RemovePasskeyInputSchema = z.object({ id: z.string().min(1).max(1400), proof: ProofSchema });

export const SetPinInputSchema = z.object({ code: CodeInputSchema, pin: PinSchema });
export const ChangePinInputSchema = z.object({ currentPin: PinSchema, pin: PinSchema });

/** Unfreezing asks for a code sent for it and the PIN (when the account has one). */
export const UnfreezeInputSchema = z.object({ code: CodeInputSchema, pin: PinSchema.optional() });
