import {
  AddPasskeyInputSchema,
  ChangeContactInputSchema,
  NewAddressInputSchema,
  ChangePinInputSchema,
  PasskeyAnswerSchema,
  PasskeyOptionsViewSchema,
  PasskeyViewSchema,
  RemovePasskeyInputSchema,
  ConfirmPasswordInputSchema,
  PinStatusViewSchema,
  SetPinInputSchema,
  UnfreezeInputSchema,
  DeviceSessionViewSchema,
  MeViewSchema,
  SessionIdInputSchema,
  ResetPasswordInputSchema,
  SecurityEventViewSchema,
  SendCodeInputSchema,
  SendCodeViewSchema,
  SessionViewSchema,
  SignInInputSchema,
  SignUpInputSchema,
  type SessionView,
} from "#common/contracts/auth.ts";
import { z } from "zod";
import { sendActionCode, sendCode } from "../../flows/send-code.ts";
import { rememberLanguage } from "../../modules/notifications/delivery.service.ts";
import * as auth from "../../modules/auth/auth.service.ts";
import { endOtherSessions, endSession, listSessions } from "../../modules/auth/sessions.service.ts";
import { changePin, pinStatus, setPin } from "../../modules/auth/pin.service.ts";
import { frozenSince } from "../../modules/auth/freeze.service.ts";
import * as passkeys from "../../modules/auth/passkeys.service.ts";
import { freeze, unfreeze } from "../../flows/account-freeze.ts";
import { changeContact, sendNewAddressCode } from "../../flows/change-contact.ts";
import { addPasskey, removePasskey } from "../../flows/passkeys.ts";
import { securityNotice } from "../../flows/security-notice.ts";
import { securityHistory } from "../../read/security-history.ts";
import type { Context } from "../../trpc/context.ts";
import { publicProcedure, router, signedInProcedure } from "../../trpc/init.ts";

/**
 * Signing in also keeps the token in an httpOnly cookie, so server rendering knows the user, and the language it
 * was done in: the person's notifications on other channels are written in it (issue 44).
 */
async function withCookie(ctx: Context, session: SessionView): Promise<SessionView> {
  ctx.cookies.set(session.token, ctx.sessionTtlDays * 86_400);
  await rememberLanguage(ctx.db, session.user.id, ctx.lang);
  return session;
}

export const authRouter = router({
  sendCode: publicProcedure
    .input(SendCodeInputSchema)
    .output(SendCodeViewSchema)
    .mutation(({ ctx, input }) => sendCode(ctx, input)),
  signUp: publicProcedure
    .input(SignUpInputSchema)
    .output(SessionViewSchema)
    .mutation(async ({ ctx, input }) => withCookie(ctx, await auth.signUp(ctx, input))),
  signIn: publicProcedure
    .input(SignInInputSchema)
    .output(SessionViewSchema)
    .mutation(async ({ ctx, input }) =>
      withCookie(ctx, await auth.signIn({ ...ctx, securityNotice }, input)),
    ),
  resetPassword: publicProcedure
    .input(ResetPasswordInputSchema)
    .output(SessionViewSchema)
    .mutation(async ({ ctx, input }) =>
      withCookie(ctx, await auth.resetPassword({ ...ctx, securityNotice }, input)),
    ),
  /** Signing in with a passkey (issue 43): the challenge first, then the browser's answer to it. */
  passkeyOptions: publicProcedure
    .output(PasskeyOptionsViewSchema)
    .mutation(({ ctx }) => passkeys.signInOptions(ctx)),
  signInWithPasskey: publicProcedure
    .input(PasskeyAnswerSchema)
    .output(SessionViewSchema)
    .mutation(async ({ ctx, input }) =>
      withCookie(ctx, await passkeys.signInWithPasskey({ ...ctx, securityNotice }, input)),
    ),
  signOut: signedInProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await auth.signOut(ctx.db, ctx.token);
    ctx.cookies.clear();
    return { ok: true as const };
  }),
});

/** A multipart form with the image in its `avatar` field. */
const AvatarInputSchema = z
  .instanceof(FormData)
  .transform((form) => form.get("avatar"))
  .pipe(z.instanceof(File, { error: "auth.errors.avatarInvalid" }));

export const accountRouter = router({
  me: signedInProcedure.output(MeViewSchema).query(({ ctx }) => auth.getMe(ctx.db, ctx.storage, ctx.user.id)),
  updateAvatar: signedInProcedure
    .input(AvatarInputSchema)
    .output(MeViewSchema)
    .mutation(({ ctx, input }) => auth.updateAvatar(ctx, ctx.user.id, input)),
  /** Where the user is signed in (issue 43), and ending those sessions. */
  sessions: router({
    list: signedInProcedure
      .output(z.array(DeviceSessionViewSchema))
      .query(({ ctx }) => listSessions(ctx.db, ctx.user.id, ctx.user.sessionId)),
    end: signedInProcedure
      .input(SessionIdInputSchema)
      .output(z.object({ ok: z.literal(true) }))
      .mutation(async ({ ctx, input }) => {
        await endSession(ctx.db, ctx.user.id, input.id);
        return { ok: true as const };
      }),
    endOthers: signedInProcedure
      .input(ConfirmPasswordInputSchema)
      .output(z.object({ ended: z.number().int() }))
      .mutation(({ ctx, input }) => endOtherSessions(ctx, ctx.user, input.password)),
  }),
  /** Passkeys (issue 43): added with the PIN, listed, removed; and a challenge to prove it is the owner with one. */
  passkeys: router({
    list: signedInProcedure
      .output(z.array(PasskeyViewSchema))
      .query(({ ctx }) => passkeys.listPasskeys(ctx.db, ctx.user.id)),
    registrationOptions: signedInProcedure
      .output(PasskeyOptionsViewSchema)
      .mutation(({ ctx }) => passkeys.registrationOptions(ctx, ctx.user.id)),
    add: signedInProcedure
      .input(AddPasskeyInputSchema)
      .output(PasskeyViewSchema)
      .mutation(({ ctx, input }) => addPasskey(ctx, ctx.user.id, input)),
    remove: signedInProcedure
      .input(RemovePasskeyInputSchema)
      .output(z.object({ ok: z.literal(true) }))
      .mutation(async ({ ctx, input }) => {
        await removePasskey(ctx, ctx.user.id, input);
        return { ok: true as const };
      }),
    proofOptions: signedInProcedure
      .output(PasskeyOptionsViewSchema)
      .mutation(({ ctx }) => passkeys.proofOptions(ctx, ctx.user.id)),
  }),
  /** The account's email or phone number (issue 43): a code to the new address, then the change with the PIN. */
  contact: router({
    sendCode: signedInProcedure
      .input(NewAddressInputSchema)
      .output(SendCodeViewSchema)
      .mutation(({ ctx, input }) => sendNewAddressCode(ctx, ctx.user.id, input.account)),
    change: signedInProcedure
      .input(ChangeContactInputSchema)
      .output(z.object({ endedSessions: z.number().int() }))
      .mutation(({ ctx, input }) => changeContact(ctx, ctx.user, input)),
  }),
  /** The account's security history (issue 43): new devices, password, PIN and bank account changes. */
  securityHistory: signedInProcedure
    .output(z.array(SecurityEventViewSchema))
    .query(({ ctx }) => securityHistory(ctx.db, ctx.user.id)),
  /** The payment PIN (issue 43): set by a code sent to the account, changed with the current one. */
  pin: router({
    status: signedInProcedure.output(PinStatusViewSchema).query(({ ctx }) => pinStatus(ctx.db, ctx.user.id)),
    sendCode: signedInProcedure
      .output(SendCodeViewSchema)
      .mutation(({ ctx }) => sendActionCode(ctx, ctx.user.id, "pin")),
    set: signedInProcedure
      .input(SetPinInputSchema)
      .output(z.object({ reset: z.boolean() }))
      .mutation(({ ctx, input }) => setPin({ ...ctx, securityNotice }, ctx.user.id, input)),
    change: signedInProcedure
      .input(ChangePinInputSchema)
      .output(z.object({ ok: z.literal(true) }))
      .mutation(async ({ ctx, input }) => {
        await changePin(ctx.db, ctx.user.id, input, securityNotice);
        return { ok: true as const };
      }),
  }),
  /** "Bekukan akun" (issue 43): one tap ends every session and stops money leaving; a code and the PIN undo it. */
  freeze: router({
    status: signedInProcedure
      .output(z.object({ frozenAt: z.date().nullable() }))
      .query(async ({ ctx }) => ({ frozenAt: await frozenSince(ctx.db, ctx.user.id) })),
    freeze: signedInProcedure
      .output(z.object({ endedSessions: z.number().int() }))
      .mutation(async ({ ctx }) => {
        const ended = await freeze(ctx.db, ctx.user.id);
        ctx.cookies.clear();
        return ended;
      }),
    sendCode: signedInProcedure
      .output(SendCodeViewSchema)
      .mutation(({ ctx }) => sendActionCode(ctx, ctx.user.id, "unfreeze")),
    unfreeze: signedInProcedure
      .input(UnfreezeInputSchema)
      .output(z.object({ ok: z.literal(true) }))
      .mutation(async ({ ctx, input }) => {
        await unfreeze(ctx, ctx.user.id, input);
        return { ok: true as const };
      }),
  }),
});
