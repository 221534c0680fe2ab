import { lazy } from "react";
import { Settings2 } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";

// Loaded on first use: most visits never open it.
const PreferencesDialog = lazy(() => import("./preferences-dialog.tsx"));

export function PreferencesButton() {
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={() => modal.open(PreferencesDialog, {})}
      aria-label={`${t("shell.theme.label")} · ${t("shell.language.label")}`}
      className="rounded-full p-2 hover:bg-gray-100 dark:hover:bg-gray-800"
    >
      <Settings2 className="size-6" aria-hidden="true" />
    </button>
  );
}
