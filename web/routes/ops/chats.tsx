import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/chats";
import { formatIndonesianNumber } from "#common/account-display.ts";
import { chatReportStatuses, chatStatsDays, type ChatReportStatus } from "#common/chat.ts";
import type { OpsConversationView, OpsReportSchema } from "#common/contracts/chat.ts";
import { LoadMore } from "../../features/catalog/infinite-products.tsx";
import { DecisionDialog } from "../../features/ops/decision-dialog.tsx";
import { statusParam, StatusTabs } from "../../features/ops/ops-ui.tsx";
import { operatorOnly, serverT, withServerApi } from "../../lib/api.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { buttonLink, buttonRow, rowButton } from "../../ui/card.tsx";
import { Picture } from "../../ui/picture.tsx";
import { QueryBoundary } from "../../lib/queries.tsx";

type Trpc = ReturnType<typeof useTRPC>;
type OpsReport = z.infer<typeof OpsReportSchema>;
type OpsMessage = OpsConversationView["messages"][number];

const listQuery = (trpc: Trpc, status: ChatReportStatus) =>
  trpc.ops.chats.reports.infiniteQueryOptions(
    { status },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const { dehydrated } = await withServerApi({ request, context }, locale, ({ trpc, queryClient }) =>
    queryClient
      .fetchInfiniteQuery(listQuery(trpc, statusParam(url.searchParams, chatReportStatuses)))
      .catch(operatorOnly(url, locale)),
  );
  return { dehydrated, title: serverT(context, locale)("ops.nav.chats") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.title);

const muted = "text-gray-600 dark:text-gray-400";

/** A label and its value on one line of a report's details. */
function Detail(props: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className={muted}>{props.label}:</dt>
      <dd className="min-w-0 break-words">{props.children}</dd>
    </div>
  );
}

/** One message as the operator reads it: who and when, as typed and (when it differs) as the other side saw it. */
function Message(props: { m: OpsMessage }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const { m } = props;
  const who = m.auto ? t("ops.chats.auto") : t(`ops.chats.side.${m.side}`);
  return (
    <li
      className={`rounded-lg border p-2 text-sm ${
        m.side === "store"
          ? "border-primary-200 bg-primary-50 dark:border-primary-800 dark:bg-primary-950"
          : "border-gray-200 dark:border-gray-700"
      }`}
      data-testid="ops-chat-message"
    >
      <p className="flex flex-wrap gap-x-2 text-xs">
        <span className="font-semibold">{who}</span>
        {m.sender && <span className="break-all">{formatIndonesianNumber(m.sender)}</span>}
        <time dateTime={m.createdAt.toISOString()} className={muted}>
          {formatDateTime(m.createdAt, locale, zone)}
        </time>
      </p>
      {m.kind === "image" && m.image && (
        <a
          href={`${m.image.url}.${m.image.formats.at(-1)}`}
          target="_blank"
          rel="noreferrer"
          className="mt-1 inline-block"
        >
          <Picture
            image={m.image}
            alt={t("ops.chats.picture")}
            sizes="64px"
            width={64}
            height={64}
            className="size-16 rounded-lg object-cover"
          />
        </a>
      )}
      {m.kind === "product" && m.product && (
        <p className="mt-1">
          {t("ops.chats.product", { name: m.product.name, price: formatRupiah(m.product.price) })}
        </p>
      )}
      {m.kind === "order" && m.order && (
        <p className="mt-1">
          {t("ops.chats.order", {
            code: m.order.code,
            status: t(`orders.status.${m.order.status as "completed"}`),
            total: formatRupiah(m.order.total),
          })}
        </p>
      )}
      {m.written && (
        <div className="mt-1">
          <p className={`text-xs ${muted}`}>{t("ops.chats.written")}</p>
          <p className="break-words whitespace-pre-wrap" data-testid="ops-chat-written">
            {m.written}
          </p>
        </div>
      )}
      {m.text !== m.written && (
        <div className="mt-1">
          <p className={`text-xs ${muted}`}>{t("ops.chats.shown")}</p>
          <p className="break-words whitespace-pre-wrap" data-testid="ops-chat-shown">
            {m.text}
          </p>
        </div>
      )}
      {m.masked.length > 0 && (
        <p className="mt-1 text-xs font-medium text-amber-900 dark:text-amber-200">
          {t("ops.chats.maskedKinds", {
            kinds: m.masked.map((k) => t(`ops.chats.masked.${k}`)).join(", "),
          })}
        </p>
      )}
    </li>
  );
}

/** A report: who reported the conversation and why, the store and its record; read the whole conversation, close it. */
function Report(props: { report: OpsReport; onClose: () => void }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const trpc = useTRPC();
  const id = useId();
  const { report: r } = props;
  const [expanded, setExpanded] = useState(false);
  // A mutation: every reading is written to the audit log. Read once, then shown and hidden without reading again.
  const read = useMutation(trpc.ops.chats.open.mutationOptions({ onError: () => setExpanded(false) }));
  const toggle = () => {
    if (!expanded && !read.data && !read.isPending) read.mutate({ conversationId: r.conversationId });
    setExpanded(!expanded);
  };
  const storeStatus = r.store.status === "suspended" ? "suspended" : "approved";
  return (
    <li className="rounded-xl bg-white p-4 dark:bg-gray-900" data-testid="ops-chat-report">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="font-semibold">{t(`ops.chats.reasons.${r.reason}`)}</h2>
        <time dateTime={r.createdAt.toISOString()} className={`text-sm ${muted}`}>
          {formatDateTime(r.createdAt, locale, zone)}
        </time>
      </div>
      <dl className="mt-2 grid gap-1 text-sm">
        <Detail label={t("ops.chats.fields.reporter")}>
          {t(`ops.chats.side.${r.side}`)} ·{" "}
          <span className="break-all">{formatIndonesianNumber(r.reporter)}</span>
        </Detail>
        <Detail label={t("ops.chats.fields.store")}>
          {r.store.name} · {t(`ops.chats.storeStatus.${storeStatus}`)}
        </Detail>
        <Detail label={t("ops.chats.fields.shopper")}>
          <span className="break-all">{formatIndonesianNumber(r.shopper)}</span>
        </Detail>
        <Detail label={t("ops.chats.fields.attempts", { days: chatStatsDays })}>
          <span data-testid="ops-chat-attempts">
            {t("ops.chats.attempts", { count: r.storeMaskedAttempts })}
          </span>
        </Detail>
        {r.note && (
          <Detail label={t("ops.chats.fields.note")}>
            <span className="whitespace-pre-line">{r.note}</span>
          </Detail>
        )}
      </dl>
      <div className={`mt-3 ${buttonRow}`}>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-conversation`}
          onClick={toggle}
          className={`${rowButton} min-h-10 border border-primary-700 font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300`}
        >
          {t("ops.chats.read")}
        </button>
        {r.status === "open" && (
          <button
            type="button"
            className={`${rowButton} min-h-10 bg-primary-700 font-semibold text-white`}
            onClick={() =>
              modal.open(DecisionDialog, {
                title: t("ops.chats.closeTitle"),
                body: t("ops.chats.closeBody"),
                confirmLabel: t("ops.chats.close"),
                onConfirm: props.onClose,
              })
            }
          >
            {t("ops.chats.close")}
          </button>
        )}
      </div>
      <Link
        to={localizePath(locale, `/ops/merchants?status=${storeStatus}`)}
        className={`mt-3 ${buttonLink("secondary")} text-sm`}
      >
        {t("ops.chats.storeLink", { name: r.store.name })}
      </Link>
      <section
        id={`${id}-conversation`}
        hidden={!expanded}
        aria-labelledby={`${id}-title`}
        aria-busy={read.isPending}
        className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-700"
      >
        <h3 id={`${id}-title`} className="font-semibold">
          {t("ops.chats.conversation", { store: r.store.name })}
        </h3>
        <p className={`text-xs ${muted}`}>{t("ops.chats.audited")}</p>
        {read.isPending && (
          <p role="status" className={`mt-2 text-sm ${muted}`}>
            {t("ops.chats.loading")}
          </p>
        )}
        {read.data && (
          <ol className="mt-2 grid gap-2">
            {read.data.messages.map((m) => (
              <Message key={m.id} m={m} />
            ))}
          </ol>
        )}
      </section>
    </li>
  );
}

/** Reported conversations: the open reports to deal with (read the conversation, suspend the store), the closed. */
function OpsChatsContent() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const status = statusParam(search, chatReportStatuses);
  const list = useInfiniteQuery(listQuery(trpc, status));
  const close = useMutation(
    trpc.ops.chats.close.mutationOptions({
      onSuccess: () => {
        toast.notify(t("ops.chats.closed"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.ops.chats.pathKey() });
      },
    }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main id="main" className="pb-8">
      <h1 className="px-4 pt-4 text-xl font-bold">{t("ops.nav.chats")}</h1>
      <StatusTabs
        label={t("ops.filter")}
        statuses={chatReportStatuses}
        names={(s) => t(`ops.chats.tabs.${s}`)}
      />
      {list.data && items.length === 0 && (
        <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{t("ops.empty")}</p>
      )}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
        {items.map((r) => (
          <Report key={r.id} report={r} onClose={() => close.mutate({ id: r.id })} />
        ))}
      </ul>
      {items.length > 0 && <LoadMore query={list} endText={t("shell.listEnd")} />}
    </main>
  );
}

export default function OpsChats({ loaderData }: Route.ComponentProps) {
  return (
    <QueryBoundary state={loaderData.dehydrated}>
      <OpsChatsContent />
    </QueryBoundary>
  );
}
