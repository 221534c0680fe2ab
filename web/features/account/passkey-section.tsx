import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import type { PasskeyView, Proof } from "#common/contracts/auth.ts";
import { askPin } from "./pin-dialog.tsx";
import { passkeyAnswer, usePasskeysSupported } from "../auth/passkey.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

// Passkeys on the security page (issue 43): the fingerprint or face lock of the phone, to sign in and to approve
// payments instead of the PIN. Adding one asks for the PIN (a stolen session must not add its own); removing too.

function PasskeyRow(props: { passkey: PasskeyView; onRemove: () => void }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const p = props.passkey;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="passkey">
      <KeyRound className="mt-0.5 size-6 shrink-0 text-gray-600 dark:text-gray-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{p.device ?? t("account.security.unknownDevice")}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t("account.passkeys.added", { time: formatDateTime(p.createdAt, locale, zone) })}
        </p>
        {p.lastUsedAt && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t("account.passkeys.lastUsed", { time: formatDateTime(p.lastUsedAt, locale, zone) })}
          </p>
        )}
      </div>
      <button
        type="button"
        aria-label={t("account.passkeys.removeLabel", {
          device: p.device ?? t("account.security.unknownDevice"),
        })}
        onClick={props.onRemove}
        className="h-9 shrink-0 self-center rounded-full border border-red-700 px-3 text-sm font-semibold text-red-700 dark:border-red-400 dark:text-red-400"
      >
        {t("account.passkeys.remove")}
      </button>
    </li>
  );
}

export function PasskeySection() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const supported = usePasskeysSupported();
  const list = useQuery(trpc.account.passkeys.list.queryOptions()).data;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.account.passkeys.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.account.securityHistory.queryKey() });
  };
  const options = useMutation(trpc.account.passkeys.registrationOptions.mutationOptions());
  const add = useMutation(
    trpc.account.passkeys.add.mutationOptions({
      onSuccess: () => toast.notify(t("account.passkeys.saved"), "success"),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.account.passkeys.remove.mutationOptions({
      onSuccess: () => toast.notify(t("account.passkeys.removed"), "success"),
      onSettled: refresh,
    }),
  );
  if (!list) return null;
  const create = async (proof: Proof) => {
    const answer = await passkeyAnswer(
      "create",
      await options.mutateAsync(),
      () => new Error(t("auth.errors.passkeyCancelled")),
    );
    await add.mutateAsync({ ...answer, proof });
  };
  return (
    <Card labelledBy="passkeys-title">
      <h2 id="passkeys-title" className="font-semibold">
        {t("account.passkeys.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("account.passkeys.intro")}</p>
      {list.length > 0 && (
        <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-700">
          {list.map((p) => (
            <PasskeyRow
              key={p.id}
              passkey={p}
              onRemove={() =>
                askPin({
                  title: t("account.passkeys.removeTitle"),
                  confirmLabel: t("account.passkeys.remove"),
                  onProof: (proof) => remove.mutateAsync({ id: p.id, proof }),
                })
              }
            />
          ))}
        </ul>
      )}
      {supported ? (
        <button
          type="button"
          onClick={() =>
            askPin({
              title: t("account.passkeys.add"),
              confirmLabel: t("account.passkeys.add"),
              onProof: create,
            })
          }
          className="mt-3 flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-primary-700 px-3 py-2 leading-tight font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
        >
          <KeyRound className="size-5" aria-hidden="true" />
          {t("account.passkeys.add")}
        </button>
      ) : (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("account.passkeys.unsupported")}</p>
      )}
    </Card>
  );
}
