import { Share2 } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";

/** Shares the page with the phone's share sheet, or copies its link where there is none. */
export function ShareButton(props: { title: string }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={async () => {
        const url = window.location.href;
        if (navigator.share) {
          await navigator.share({ title: props.title, url }).catch(() => {});
        } else {
          await navigator.clipboard?.writeText(url);
          toast.notify(t("catalog.product.linkCopied"), "success");
        }
      }}
      className="flex flex-col items-center gap-0.5 rounded-lg px-2 py-1 text-xs text-gray-700 dark:text-gray-300"
    >
      <Share2 className="size-6" aria-hidden="true" />
      {t("catalog.product.share")}
    </button>
  );
}
