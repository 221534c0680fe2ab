import { useState } from "react";
import { useI18n } from "./i18n.tsx";
import { modal } from "./modal.ts";

/**
 * A dialog's action (a password, the PIN): run once at a time; done, the dialog closes; refused, the server's answer
 * is shown in the dialog, which stays open (a toast would sit under it, unseen).
 */
export function useDialogAction() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = (action: () => Promise<unknown>, onRefused?: () => void) => {
    if (busy) return;
    setBusy(true);
    action().then(
      () => modal.close(),
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : t("errors.api.unknown"));
        onRefused?.();
        setBusy(false);
      },
    );
  };
  return { busy, error, setError, run };
}
