import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it (https, or localhost), else the old
 * way through a selected, hidden text area (plain http on a phone in the shop's network). Answers whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the page not focused): the old way may still work.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  area.setSelectionRange(0, text.length);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * What a screen's copy buttons share: the one that was last pressed (it says "Copied" for a moment) and the
 * sentence a polite live region reads out ("Virtual account number copied", or that copying failed).
 */
export function useCopy() {
  const { t } = useI18n();
  const [copied, setCopied] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    copied,
    announcement,
    async copy(key: string, text: string, label: string) {
      const ok = await copyText(text);
      clearTimeout(timer.current);
      setCopied(ok ? key : null);
      // A new sentence each time, so pressing twice is announced twice.
      const sentence = ok ? t("payments.screen.copied", { label }) : t("payments.screen.copyFailed");
      setAnnouncement((before) => (before === sentence ? `${sentence}\u00a0` : sentence));
      timer.current = setTimeout(() => setCopied(null), 2500);
    },
  };
}

export type CopyState = ReturnType<typeof useCopy>;

/**
 * A "Copy" button beside a number; its accessible name says what it copies, and, for the moment it says
 * "Copied", that it was copied (the name holds the visible word, as voice control and WCAG 2.5.3 expect).
 */
export function CopyButton(props: { state: CopyState; id: string; text: string; label: string }) {
  const { t } = useI18n();
  const done = props.state.copied === props.id;
  const Icon = done ? Check : Copy;
  return (
    <button
      type="button"
      onClick={() => void props.state.copy(props.id, props.text, props.label)}
      aria-label={
        done
          ? t("payments.screen.copied", { label: props.label })
          : t("payments.screen.copyLabel", { label: props.label })
      }
      className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border border-primary-700 px-4 text-sm font-semibold text-primary-800 hover:bg-primary-50 dark:border-primary-400 dark:text-primary-300 dark:hover:bg-primary-950"
    >
      <Icon className="size-4" aria-hidden="true" />
      <span aria-hidden="true">{done ? t("payments.screen.copiedShort") : t("payments.screen.copy")}</span>
    </button>
  );
}

/** The polite live region that reads out what was copied. */
export function CopyAnnouncer(props: { state: CopyState }) {
  return (
    <p aria-live="polite" className="sr-only">
      {props.state.announcement}
    </p>
  );
}
