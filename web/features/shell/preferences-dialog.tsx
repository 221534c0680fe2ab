import { PreferencesForm } from "./preferences-form.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
/** The settings dialog opened from the header. */
export default function PreferencesDialog() {
  const { t } = useI18n();
  return (
    <div className="p-5">
      <h2 className="text-lg font-semibold">
        {t("shell.theme.label")} · {t("shell.language.label")}
      </h2>
      <PreferencesForm onLanguageChange={() => modal.close()} />
      <button
        type="button"
        onClick={() => modal.close()}
        className="mt-5 w-full rounded-full bg-gray-100 py-2.5 font-medium hover:bg-gray-200 dark:bg-gray-800 dark:hover:bg-gray-700"
      >
        {t("shell.toast.close")}
      </button>
    </div>
  );
}
