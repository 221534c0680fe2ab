import { useEffect, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Route } from "./+types/notification-settings";
import type { ChannelChoices, NotificationCategory, NotificationChannel } from "#common/notifications.ts";
import { timeZoneNames, type TimeZoneName } from "#common/time-zones.ts";
import {
  pushState,
  subscribePush,
  unsubscribePush,
  type PushState,
} from "../../features/notifications/push.ts";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { serverT, signInOnUnauthorized, withServerApi } from "../../lib/api.server.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { QueryBoundary } from "../../lib/queries.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Card } from "../../ui/card.tsx";

// Issue 44: how each kind of notification reaches the person (phone, WhatsApp, e-mail), quiet hours' time zone,
// and this device's web push.

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchQuery(trpc.notifications.settings.queryOptions())
      .catch(signInOnUnauthorized(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("notifications.settings.title") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

/** This device's web push: on, off, blocked, or not possible here. */
function DeviceSection(props: { pushKey: string | null }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const titleId = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const subscribe = useMutation(trpc.notifications.subscribePush.mutationOptions());
  const unsubscribe = useMutation(trpc.notifications.unsubscribePush.mutationOptions());
  useEffect(() => {
    void pushState().then(setState);
  }, []);

  const turnOn = async () => {
    if (!props.pushKey) return;
    setBusy(true);
    try {
      const subscription = await subscribePush(props.pushKey);
      if (subscription) {
        try {
          await subscribe.mutateAsync(subscription as Parameters<typeof subscribe.mutateAsync>[0]);
        } catch {
          // The shop did not keep it (its error was shown): the browser does not stay subscribed either.
          await unsubscribePush().catch(() => null);
        }
      }
    } catch {
      toast.notify(t("notifications.settings.pushFailed"), "error");
    } finally {
      setState(await pushState().catch(() => "unsupported" as const));
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribePush();
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
      setState(await pushState());
    } finally {
      setBusy(false);
    }
  };

  const note = !props.pushKey
    ? t("notifications.settings.pushUnavailable")
    : state === "unsupported"
      ? t("notifications.settings.unsupported")
      : state === "denied"
        ? t("notifications.settings.denied")
        : state === "on"
          ? t("notifications.settings.deviceOn")
          : t("notifications.settings.deviceOff");
  const can = props.pushKey && (state === "on" || state === "off");
  return (
    <Card labelledBy={titleId}>
      <h2 id={titleId} className="font-semibold">
        {t("notifications.settings.device")}
      </h2>
      <div className="mt-2 flex items-center justify-between gap-3">
        <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="push-state">
          {note}
        </p>
        {can && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void (state === "on" ? turnOff() : turnOn())}
            className="shrink-0 rounded-full border border-primary-700 px-4 py-2 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
          >
            {state === "on" ? t("notifications.settings.turnOff") : t("notifications.settings.turnOn")}
          </button>
        )}
      </div>
    </Card>
  );
}

function SettingsContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.notifications.settings.queryOptions());
  const [choices, setChoices] = useState<ChannelChoices>({});
  const [zone, setZone] = useState<TimeZoneName | null>(null);
  const matrixId = useId();
  const zoneId = useId();
  const save = useMutation(
    trpc.notifications.saveSettings.mutationOptions({
      onSuccess: (view) => {
        queryClient.setQueryData(trpc.notifications.settings.queryKey(), view);
        setChoices({});
        toast.notify(t("notifications.settings.saved"), "success");
      },
    }),
  );
  const view = saved.data;
  if (!view) return null;
  const isOn = (category: NotificationCategory, channel: NotificationChannel, on: boolean) =>
    choices[category]?.[channel] ?? on;
  const toggle = (category: NotificationCategory, channel: NotificationChannel, on: boolean) =>
    setChoices((c) => ({ ...c, [category]: { ...c[category], [channel]: on } }));
  const channels = view.available;
  return (
    <>
      <AppHeader back bell={false} title={t("notifications.settings.title")} />
      <main id="main" className="pb-8">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // Everything shown is sent: what was not touched keeps its value.
            const all: ChannelChoices = {};
            for (const row of view.matrix) {
              if (row.locked) continue;
              for (const c of row.channels) {
                (all[row.category] ??= {})[c.channel] = isOn(row.category, c.channel, c.on);
              }
            }
            save.mutate({ choices: all, zone: zone ?? view.zone });
          }}
        >
          <Card labelledBy={matrixId}>
            <h2 id={matrixId} className="sr-only">
              {t("notifications.settings.title")}
            </h2>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("notifications.settings.intro")}</p>
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr>
                  <td />
                  {channels.map((c) => (
                    <th key={c} scope="col" className="px-1 pb-2 text-center font-semibold">
                      {t(`notifications.settings.channels.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.matrix.map((row) => (
                  <tr key={row.category} className="border-t border-gray-100 dark:border-gray-800">
                    <th scope="row" className="py-3 pe-2 text-start font-medium">
                      {t(`notifications.tabs.${row.category}`)}
                      {row.locked && (
                        <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">
                          {t("notifications.settings.locked")}
                        </span>
                      )}
                    </th>
                    {channels.map((channel) => {
                      const cell = row.channels.find((c) => c.channel === channel);
                      return (
                        <td key={channel} className="px-1 text-center">
                          {cell ? (
                            <input
                              type="checkbox"
                              className="size-6 accent-primary-700"
                              checked={isOn(row.category, channel, cell.on)}
                              disabled={row.locked}
                              onChange={(e) => toggle(row.category, channel, e.target.checked)}
                              aria-label={t("notifications.settings.channelFor", {
                                channel: t(`notifications.settings.channels.${channel}`),
                                category: t(`notifications.tabs.${row.category}`),
                              })}
                            />
                          ) : (
                            <span aria-hidden="true" className="text-gray-400">
                              –
                            </span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-xs text-gray-600 dark:text-gray-400">
              {t("notifications.settings.promoNote")}
            </p>
            <label htmlFor={zoneId} className="mt-4 block text-sm font-medium">
              {t("notifications.settings.zone")}
            </label>
            <select
              id={zoneId}
              value={zone ?? view.zone}
              onChange={(e) => setZone(e.target.value as TimeZoneName)}
              className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 dark:border-gray-600 dark:bg-gray-900"
            >
              {timeZoneNames.map((z) => (
                <option key={z} value={z}>
                  {t(`shell.timeZone.${z}`)}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={save.isPending}
              className="mt-4 w-full rounded-full bg-primary-700 py-3 font-semibold text-white disabled:opacity-60"
            >
              {t("notifications.settings.save")}
            </button>
          </Card>
        </form>
        <DeviceSection pushKey={view.pushKey} />
      </main>
    </>
  );
}

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <SettingsContent />
    </QueryBoundary>
  );
}
