import { useId, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { Link } from "react-router";
import type { Proof } from "#common/contracts/auth.ts";
import { PinField } from "./pin-field.tsx";
import { passkeyAnswer, supportsPasskeys } from "../auth/passkey.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { useDialogAction } from "../../lib/dialog-action.ts";
import { modal } from "../../lib/modal.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { buttonLink } from "../../ui/card.tsx";
import { DialogActions } from "../../ui/confirm-dialog.tsx";

export interface AskPin {
  /** What the PIN is for: "Bayar Rp 120.000", "Tarik saldo"… */
  title: string;
  confirmLabel: string;
  /** Sends the action with the PIN; a failure's message is shown in the dialog, which stays open. */
  onProof: (proof: Proof) => Promise<unknown>;
}

/**
 * The PIN dialog itself (loaded when first asked for, so the pages that pay carry only `askPin`): the PIN, the
 * server's answer in the reader's language, and the way to the security page when there is no PIN yet, it is
 * blocked, or forgotten.
 */
export default function PinDialog(props: AskPin) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const titleId = useId();
  const status = useQuery(trpc.account.pin.status.queryOptions()).data;
  const [pin, setPin] = useState("");
  const { busy, error, setError, run } = useDialogAction();
  const security = localizePath(locale, "/h5/account/security");
  // A passkey with user verification does instead of the PIN, where the browser can use one (issue 43).
  const [passkeysHere] = useState(supportsPasskeys);
  const hasPasskey =
    useQuery({ ...trpc.account.passkeys.list.queryOptions(), enabled: passkeysHere }).data?.length ?? 0;
  const proofOptions = useMutation(trpc.account.passkeys.proofOptions.mutationOptions());
  const send = (proof: () => Promise<Proof>) =>
    run(
      () => proof().then(props.onProof),
      () => setPin(""),
    );
  const withPasskey = () =>
    send(async () => ({
      passkey: await passkeyAnswer(
        "get",
        await proofOptions.mutateAsync(),
        () => new Error(t("auth.errors.passkeyCancelled")),
      ),
    }));
  if (!status) return <div className="h-40 animate-pulse" />;
  if (!status.set || status.disabled) {
    return (
      <div className="p-5">
        <h2 className="text-lg font-semibold">{props.title}</h2>
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" role="status">
          {t(status.set ? "errors.pin.disabled" : "errors.pin.notSet")}
        </p>
        <Link to={security} onClick={() => modal.close()} className={`${buttonLink("primary")} mt-5`}>
          {t(status.set ? "account.pin.reset" : "account.pin.create")}
        </Link>
      </div>
    );
  }
  return (
    <form
      aria-labelledby={titleId}
      noValidate
      className="p-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^\d{6}$/.test(pin)) return setError(t("errors.pin.format"));
        send(async () => ({ pin }));
      }}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {props.title}
      </h2>
      <PinField
        name="pin"
        label={t("account.pin.enter")}
        value={pin}
        onChange={(v) => {
          setPin(v);
          setError(undefined);
        }}
        error={error}
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4">
        <Link
          to={security}
          onClick={() => modal.close()}
          className="inline-block py-2 text-sm font-medium text-primary-800 dark:text-primary-300"
        >
          {t("account.pin.forgot")}
        </Link>
        {hasPasskey > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={withPasskey}
            className="inline-flex min-h-11 items-center gap-1.5 py-2 text-sm font-semibold text-primary-800 dark:text-primary-300"
          >
            <KeyRound className="size-4" aria-hidden="true" />
            {t("account.passkeys.use")}
          </button>
        )}
      </div>
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={props.confirmLabel}
        disabled={busy}
      />
    </form>
  );
}
