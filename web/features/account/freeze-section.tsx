import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SubmitButton } from "../auth/form.tsx";
import { storeToken } from "../../lib/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath, signInPath } from "../../lib/locale.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { ActionCodeField } from "./action-code-field.tsx";
import { PinField } from "./pin-field.tsx";
import { useFormState } from "./pin-section.tsx";

// "Bekukan akun" on the account security page (issue 43): one tap signs every device out (this one too) and stops
// money leaving the wallet; signed in again, the owner unfreezes it with a code and their PIN.

/** Unfreezing: a code sent for it, and the PIN when the account has one. */
function UnfreezeForm(props: { pinSet: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useFormState({ code: "", pin: "" });
  const unfreeze = useMutation(
    trpc.account.freeze.unfreeze.mutationOptions({
      onSuccess: () => toast.notify(t("account.freeze.unfrozen"), "success"),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() }),
    }),
  );
  const { values } = form;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found: Record<string, string | undefined> = {};
        if (!/^\d{6}$/.test(values.code)) found.code = "auth.validation.invalidCode";
        if (props.pinSet && !/^\d{6}$/.test(values.pin)) found.pin = "errors.pin.format";
        if (form.accept(found)) {
          unfreeze.mutate({ code: values.code, ...(props.pinSet && { pin: values.pin }) });
        }
      }}
    >
      <ActionCodeField
        sendOptions={trpc.account.freeze.sendCode.mutationOptions()}
        value={values.code}
        onChange={form.set("code")}
        error={form.message("code")}
      />
      {props.pinSet && (
        <PinField
          name="pin"
          label={t("account.freeze.pin")}
          value={values.pin}
          onChange={form.set("pin")}
          error={form.message("pin")}
        />
      )}
      <SubmitButton busy={unfreeze.isPending}>{t("account.freeze.unfreeze")}</SubmitButton>
    </form>
  );
}

export function FreezeSection() {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const status = useQuery(trpc.account.freeze.status.queryOptions()).data;
  const pin = useQuery(trpc.account.pin.status.queryOptions()).data;
  const freeze = useMutation(
    trpc.account.freeze.freeze.mutationOptions({
      onSuccess: () => {
        // Every session ended, this one too: a full load to sign in again, back to this page.
        storeToken("");
        window.location.assign(signInPath(locale, localizePath(locale, "/h5/account/security")));
      },
    }),
  );
  if (!status || !pin) return null;
  return (
    <Card labelledBy="freeze-title">
      <h2 id="freeze-title" className="font-semibold">
        {t("account.freeze.title")}
      </h2>
      {status.frozenAt ? (
        <>
          <p
            role="status"
            className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {t("account.freeze.frozenSince", { time: formatDateTime(status.frozenAt, locale, zone) })}
          </p>
          <UnfreezeForm pinSet={pin.set} />
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("account.freeze.intro")}</p>
          <button
            type="button"
            disabled={freeze.isPending}
            onClick={() =>
              modal.open(ConfirmDialog, {
                title: t("account.freeze.confirmTitle"),
                body: t("account.freeze.confirmBody"),
                cancelLabel: t("catalog.search.cancel"),
                confirmLabel: t("account.freeze.button"),
                onConfirm: () => freeze.mutate(),
              })
            }
            className="mt-3 h-11 w-full rounded-full bg-red-700 font-semibold text-white"
          >
            {t("account.freeze.button")}
          </button>
        </>
      )}
    </Card>
  );
}
