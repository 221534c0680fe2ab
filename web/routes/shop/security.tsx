import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Laptop, Smartphone, Tablet } from "lucide-react";
import type { Route } from "./+types/security";
import type { DeviceSessionView } from "#common/contracts/auth.ts";
import { FreezeSection } from "../../features/account/freeze-section.tsx";
import { ContactSection } from "../../features/account/contact-section.tsx";
import { PasskeySection } from "../../features/account/passkey-section.tsx";
import { PinSection } from "../../features/account/pin-section.tsx";
import { SecurityHistory } from "../../features/account/security-history.tsx";
import { PasswordField } from "../../features/auth/form.tsx";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useDialogAction } from "../../lib/dialog-action.ts";
import { modal } from "../../lib/modal.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { ConfirmDialog, DialogActions } from "../../ui/confirm-dialog.tsx";

// Account security (issue 43): where the account is signed in, ending those sessions, the payment PIN, freezing,
// and the security history.

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    Promise.all([
      queryClient.fetchQuery(trpc.account.sessions.list.queryOptions()),
      queryClient.fetchQuery(trpc.account.pin.status.queryOptions()),
      queryClient.fetchQuery(trpc.account.freeze.status.queryOptions()),
      queryClient.fetchQuery(trpc.account.securityHistory.queryOptions()),
      queryClient.fetchQuery(trpc.account.passkeys.list.queryOptions()),
      queryClient.fetchQuery(trpc.account.me.queryOptions()),
    ]).catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("account.security.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** "Chrome 131 · Android 14" (and the model on a line of its own), or "Unknown device". */
function useDeviceName() {
  const { t } = useI18n();
  return (s: DeviceSessionView) =>
    [s.browser, s.os].filter(Boolean).join(" · ") || t("account.security.unknownDevice");
}

const icons = { mobile: Smartphone, tablet: Tablet, desktop: Laptop, unknown: Smartphone } as const;

/** Asks for the password, then signs every other session out; stays open while the password is wrong. */
function EndOthersDialog(props: { onConfirm: (password: string) => Promise<unknown> }) {
  const { t } = useI18n();
  const titleId = useId();
  const [password, setPassword] = useState("");
  const { busy, error, setError, run } = useDialogAction();
  return (
    <form
      aria-labelledby={titleId}
      noValidate
      className="p-5"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => props.onConfirm(password));
      }}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t("account.security.endOthers")}
      </h2>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("account.security.endOthersBody")}</p>
      <PasswordField
        name="password"
        label={t("auth.fields.password")}
        value={password}
        onChange={(v) => {
          setPassword(v);
          setError(undefined);
        }}
        error={error}
        autoComplete="current-password"
      />
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={t("account.security.endOthers")}
        danger
        disabled={busy || !password}
      />
    </form>
  );
}

function SessionRow(props: { session: DeviceSessionView }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deviceName = useDeviceName();
  const { session } = props;
  const name = deviceName(session);
  const Icon = icons[session.kind];
  const end = useMutation(
    trpc.account.sessions.end.mutationOptions({
      onSuccess: () => toast.notify(t("account.security.ended"), "success"),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.account.sessions.list.queryKey() }),
    }),
  );
  return (
    <li className="flex gap-3 py-3">
      <Icon className="mt-0.5 size-6 shrink-0 text-gray-600 dark:text-gray-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {name}
          {session.current && (
            <span className="ms-2 inline-block rounded-full bg-primary-50 px-2 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-200">
              {t("account.security.thisDevice")}
            </span>
          )}
        </p>
        {session.model && <p className="text-sm text-gray-700 dark:text-gray-300">{session.model}</p>}
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {t(`account.security.method.${session.method}`)} · {formatDateTime(session.createdAt, locale, zone)}
        </p>
        {!session.current && (
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {t("account.security.lastUsed", { time: formatDateTime(session.lastUsedAt, locale, zone) })}
          </p>
        )}
        {session.ip && (
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {t("account.security.address", { ip: session.ip })}
          </p>
        )}
      </div>
      {!session.current && (
        <button
          type="button"
          aria-label={t("account.security.endLabel", { device: name })}
          disabled={end.isPending}
          onClick={() =>
            modal.open(ConfirmDialog, {
              title: t("account.security.endConfirm"),
              body: t("account.security.endBody", { device: name }),
              cancelLabel: t("catalog.search.cancel"),
              confirmLabel: t("account.security.end"),
              onConfirm: () => end.mutate({ id: session.id }),
            })
          }
          className="h-9 shrink-0 self-center rounded-full border border-red-700 px-3 text-sm font-semibold text-red-700 dark:border-red-400 dark:text-red-400"
        >
          {t("account.security.end")}
        </button>
      )}
    </li>
  );
}

function SecurityContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.account.sessions.list.queryOptions()).data ?? [];
  const endOthers = useMutation(
    trpc.account.sessions.endOthers.mutationOptions({
      onSuccess: ({ ended }) => toast.notify(t("account.security.endedOthers", { count: ended }), "success"),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.account.sessions.list.queryKey() }),
    }),
  );
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <AppHeader back title={t("account.security.title")} />
      <main id="main" className="pb-8">
        <h1 className="sr-only">{t("account.security.title")}</h1>
        <Card labelledBy="sessions-title">
          <h2 id="sessions-title" className="font-semibold">
            {t("account.security.sessionsTitle")}
          </h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {t("account.security.sessionsHint")}
          </p>
          <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-700">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
          {others > 0 ? (
            <button
              type="button"
              onClick={() =>
                modal.open(EndOthersDialog, {
                  onConfirm: (password: string) => endOthers.mutateAsync({ password }),
                })
              }
              className="mt-3 h-11 w-full rounded-full border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400"
            >
              {t("account.security.endOthers")}
            </button>
          ) : (
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("account.security.onlyThis")}</p>
          )}
        </Card>
        <PinSection />
        <PasskeySection />
        <ContactSection />
        <FreezeSection />
        <SecurityHistory />
      </main>
    </>
  );
}

export default function Security({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <SecurityContent />
    </QueryBoundary>
  );
}
