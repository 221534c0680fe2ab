import { useId, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import type { OpsSettingsView } from "#common/contracts/settings.ts";
import type { MessageKey } from "#common/i18n/messages.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

// The operator's settings forms share these: a titled card, the submit button, and what follows a save.

export const submitButton =
  "mt-5 h-11 w-full rounded-full bg-primary-700 font-semibold text-white disabled:opacity-60";

/**
 * After a change: the page's own title, description and icon come from the root loader and the web config
 * kept in the browser, so both are read again at once (other pages read them on their next load).
 */
export function useSaved() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return (settings: OpsSettingsView, message: MessageKey) => {
    queryClient.setQueryData(trpc.ops.settings.get.queryKey(), settings);
    void revalidator.revalidate();
    toast.notify(t(message), "success");
  };
}

export function Section(props: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card labelledBy={id}>
      <h2 id={id} className="font-semibold">
        {props.title}
      </h2>
      {props.note && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{props.note}</p>}
      {props.children}
    </Card>
  );
}
