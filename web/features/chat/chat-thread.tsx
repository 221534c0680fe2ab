import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { Check, CheckCheck, ImagePlus, SendHorizontal, ShieldAlert } from "lucide-react";
import { chatLimits, chatReportReasons, type ChatSide } from "#common/chat.ts";
import type { ChatMessageView, OrderCard, ProductCard, ThreadView } from "#common/contracts/chat.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { modal } from "../../lib/modal.ts";
import { formatDateTime, useTimeZone } from "../../lib/time-zone.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { callApi } from "../../lib/client.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Thumbnail } from "../../ui/thumbnail.tsx";
import { useChatLive } from "./use-chat-live.ts";
import { useFollowNewest } from "./use-follow-newest.ts";

/** A product or order card, as a message or at the top of a conversation opened about it. */
export function ChatCard(props: { product?: ProductCard | null; order?: OrderCard | null }) {
  const { t, locale } = useI18n();
  if (props.product) {
    const p = props.product;
    return (
      <Link
        to={localizePath(locale, `/h5/products/${p.id}`)}
        className="flex items-center gap-3 rounded-lg bg-white p-2 text-gray-900 dark:bg-gray-800 dark:text-gray-100"
      >
        <Thumbnail image={p.image} />
        <span className="min-w-0">
          <span className="line-clamp-2 text-sm">{p.name}</span>
          <span className="text-sm font-semibold text-primary-800 dark:text-primary-300">
            {formatRupiah(p.price)}
            {p.maxPrice > p.price && ` – ${formatRupiah(p.maxPrice)}`}
          </span>
        </span>
      </Link>
    );
  }
  if (props.order) {
    const o = props.order;
    return (
      <div className="flex items-center gap-3 rounded-lg bg-white p-2 text-gray-900 dark:bg-gray-800 dark:text-gray-100">
        <Thumbnail image={o.image} />
        <span className="min-w-0 text-sm">
          <span className="block font-medium">{t("chat.orderCard", { code: o.code })}</span>
          <span className="line-clamp-1">{o.name}</span>
          <span className="block">
            {t("chat.orderItems", { count: o.items })} · {formatRupiah(o.total)} ·{" "}
            {t(`orders.status.${o.status as "completed"}`)}
          </span>
        </span>
      </div>
    );
  }
  return null;
}

/** The warning under a message whose contact details were hidden: pay only through Pasar. */
function MaskedWarning() {
  const { t } = useI18n();
  return (
    <p className="mt-1 flex gap-1 text-xs text-amber-900 dark:text-amber-200">
      <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
      {t("chat.masked")}
    </p>
  );
}

function Bubble(props: { m: ChatMessageView; mine: boolean; delivered: boolean; read: boolean }) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const { m, mine } = props;
  const card = m.kind === "product" || m.kind === "order";
  return (
    <li className={`flex flex-col ${mine ? "items-end" : "items-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 ${
          card
            ? "bg-gray-100 p-1 dark:bg-gray-800"
            : mine
              ? "bg-primary-700 text-white"
              : "bg-white text-gray-900 dark:bg-gray-800 dark:text-gray-100"
        }`}
      >
        {m.auto && <p className="text-xs font-semibold opacity-80">{t("chat.auto")}</p>}
        {m.kind === "text" && <p className="break-words whitespace-pre-wrap">{m.text}</p>}
        {m.kind === "image" && m.image && (
          <Picture
            image={m.image}
            alt={t("chat.picture")}
            sizes="240px"
            width={240}
            height={Math.round((240 * m.image.height) / m.image.width)}
            className="h-auto w-60 rounded-lg"
          />
        )}
        {card && <ChatCard product={m.product} order={m.order} />}
      </div>
      {m.masked.length > 0 && <MaskedWarning />}
      <p className="mt-0.5 flex items-center gap-1 text-xs text-gray-600 dark:text-gray-400">
        <time dateTime={m.createdAt.toISOString()}>{formatDateTime(m.createdAt, locale, zone)}</time>
        {mine &&
          (props.read ? (
            <CheckCheck
              className="size-4 text-primary-700 dark:text-primary-400"
              aria-label={t("chat.read")}
            />
          ) : props.delivered ? (
            <CheckCheck className="size-4" aria-label={t("chat.delivered")} />
          ) : (
            <Check className="size-4" aria-label={t("chat.sent")} />
          ))}
      </p>
    </li>
  );
}

function ReportDialog(props: {
  onReport: (reason: (typeof chatReportReasons)[number], note: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [reason, setReason] = useState<(typeof chatReportReasons)[number]>("offPlatform");
  const [note, setNote] = useState("");
  return (
    <form
      className="p-5"
      onSubmit={(e) => {
        e.preventDefault();
        props.onReport(reason, note.trim());
        modal.close();
      }}
    >
      <h2 className="text-lg font-semibold">{t("chat.report.title")}</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("chat.report.body")}</p>
      <fieldset className="mt-3 grid gap-2">
        <legend className="text-sm font-medium">{t("chat.report.reason")}</legend>
        {chatReportReasons.map((r) => (
          <label key={r} className="flex items-center gap-2">
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {t(`chat.report.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={id} className="mt-3 block text-sm font-medium">
        {t("chat.report.note")}
      </label>
      <textarea
        id={id}
        value={note}
        maxLength={chatLimits.reportNote}
        onChange={(e) => setNote(e.target.value)}
        rows={3}
        className="mt-1 w-full rounded-lg border border-gray-300 bg-white p-2 dark:border-gray-600 dark:bg-gray-800"
      />
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={t("chat.report.send")} />
    </form>
  );
}

/**
 * A conversation: its messages oldest to newest (older pages on scroll), opened at the newest and following new
 * ones while the reader is at the bottom, live while the page is open, the read and
 * delivered marks of the reader's own messages, a composer for text and pictures (and the store's quick replies),
 * and the report button.
 */
export function ChatThread(props: {
  thread: ThreadView;
  /** Every message loaded so far, pages newest first. */
  loaded: ChatMessageView[];
  hasOlder: boolean;
  loadOlder: () => void;
  sendText: (text: string) => Promise<ChatMessageView | null>;
  /** Where pictures go: the store (a shopper's first message) or the conversation. */
  pictureTo: string;
  top?: ReactNode;
  onConversation?: (id: string) => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const inputId = useId();
  const side: ChatSide = props.thread.mySide;
  // A shopper's first message starts the conversation: its id comes with that message.
  const [started, setStarted] = useState<string | null>(null);
  const conversationId = props.thread.conversationId ?? started;
  const [live, setLive] = useState<ChatMessageView[]>([]);
  const [marks, setMarks] = useState({
    delivered: props.thread.otherDelivered,
    read: props.thread.otherRead,
  });
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [reported, setReported] = useState(props.thread.reported);
  const list = useRef<HTMLElement>(null);
  const top = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => {
    const byId = new Map<number, ChatMessageView>();
    for (const m of [...props.loaded, ...live]) byId.set(m.id, m);
    return [...byId.values()].filter((m) => m.conversationId === conversationId).sort((a, b) => a.id - b.id);
  }, [props.loaded, live, conversationId]);
  const newest = messages.at(-1)?.id ?? 0;
  const newestIsMine = messages.at(-1)?.side === side;

  const report = useMutation(
    trpc.chat.report.mutationOptions({
      onSuccess: () => {
        setReported(true);
        toast.notify(t("chat.report.sent"), "success");
      },
      onError: (e) => toast.notify(e.message, "error"),
    }),
  );
  const picture = useMutation(
    trpc.chat.sendPicture.mutationOptions({
      onSuccess: (m) => {
        setLive((l) => [...l, m]);
        begun(m.conversationId);
      },
      onError: (e) => toast.notify(e.message, "error"),
    }),
  );

  // What the reader sees is read: the other side's marks follow.
  const lastOther = [...messages].reverse().find((m) => m.side !== side)?.id ?? 0;
  useEffect(() => {
    if (!conversationId || lastOther === 0 || document.visibilityState !== "visible") return;
    // Without the API client: a conversation only read loads none.
    callApi(
      "chat.mark",
      { conversationId, upTo: lastOther, read: true },
      { mutation: true, keepalive: true },
    ).catch(() => {
      // Not marked this time (offline): the next message or visit marks it.
    });
  }, [conversationId, lastOther]);

  useChatLive(
    {
      onMessage: (m) => setLive((l) => (l.some((x) => x.id === m.id) ? l : [...l, m])),
      onMarks: (k) => {
        if (k.conversationId === conversationId) setMarks({ delivered: k.otherDelivered, read: k.otherRead });
      },
    },
    newest,
  );

  // It opens at the newest message and follows new ones while the reader is there.
  useFollowNewest(list, newest, newestIsMine);

  // Older pages load when the top of the list comes into view.
  const { hasOlder, loadOlder } = props;
  useEffect(() => {
    const el = top.current;
    if (!el || !hasOlder) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadOlder();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasOlder, loadOlder]);

  const begun = (id: string) => {
    if (conversationId) return;
    setStarted(id);
    props.onConversation?.(id);
  };

  const send = async (value: string) => {
    const body = value.trim();
    if (!body) return setError(t("errors.chat.empty"));
    setError(undefined);
    try {
      const m = await props.sendText(body);
      if (m) {
        setLive((l) => [...l, m]);
        begun(m.conversationId);
      }
      setText("");
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-3 pt-2">
        <p className="flex items-center gap-1 text-xs text-gray-700 dark:text-gray-300">
          <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
          {t("chat.safety")}
        </p>
        {conversationId && (
          <button
            type="button"
            disabled={reported}
            onClick={() =>
              modal.open(ReportDialog, {
                onReport: (reason: (typeof chatReportReasons)[number], note: string) =>
                  report.mutate({ conversationId, reason, note }),
              })
            }
            className="shrink-0 rounded-full px-2 py-1 text-sm font-medium text-red-800 underline disabled:no-underline disabled:opacity-70 dark:text-red-300"
          >
            {reported ? t("chat.report.done") : t("chat.report.open")}
          </button>
        )}
      </div>
      {props.top}
      <section ref={list} aria-label={t("chat.messages")} className="px-3 pb-40">
        <div ref={top} />
        {props.hasOlder && (
          <button type="button" onClick={props.loadOlder} className="mx-auto my-2 block text-sm underline">
            {t("chat.older")}
          </button>
        )}
        {messages.length === 0 && (
          <p className="py-10 text-center text-gray-600 dark:text-gray-400">{t("chat.empty")}</p>
        )}
        <ol className="grid gap-3 py-2" aria-live="polite" aria-relevant="additions">
          {messages.map((m) => (
            <Bubble
              key={m.id}
              m={m}
              mine={m.side === side}
              delivered={m.id <= marks.delivered}
              read={m.id <= marks.read}
            />
          ))}
        </ol>
      </section>
      <form
        className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md border-t border-gray-200 bg-white p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] dark:border-gray-800 dark:bg-gray-900"
        onSubmit={(e) => {
          e.preventDefault();
          void send(text);
        }}
      >
        {props.thread.quickReplies.length > 0 && (
          <ul aria-label={t("chat.quickReplies")} className="mb-2 flex gap-2 overflow-x-auto">
            {props.thread.quickReplies.map((q) => (
              <li key={q.id}>
                <button
                  type="button"
                  disabled={!props.thread.open}
                  onClick={() => void send(q.text)}
                  className="max-w-60 truncate rounded-full border border-primary-700 px-3 py-1 text-sm text-primary-800 dark:border-primary-400 dark:text-primary-300"
                >
                  {q.text}
                </button>
              </li>
            ))}
          </ul>
        )}
        {!props.thread.open && (
          <p className="mb-2 text-sm text-red-800 dark:text-red-300">
            {side === "store" ? t("errors.chat.storeSuspended") : t("errors.chat.storeClosed")}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} role="alert" className="mb-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex items-end gap-2">
          <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-gray-100 dark:hover:bg-gray-800">
            <ImagePlus className="size-6" aria-hidden="true" />
            <span className="sr-only">{t("chat.sendPicture")}</span>
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={!props.thread.open || picture.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (!file) return;
                const form = new FormData();
                form.set("to", conversationId ?? props.pictureTo);
                form.set("picture", file);
                picture.mutate(form);
              }}
            />
          </label>
          <label htmlFor={inputId} className="sr-only">
            {t("chat.write")}
          </label>
          <textarea
            id={inputId}
            value={text}
            rows={1}
            maxLength={chatLimits.text}
            disabled={!props.thread.open}
            placeholder={t("chat.write")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                void send(text);
              }
            }}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-gray-300 bg-white px-3 py-2 dark:border-gray-600 dark:bg-gray-800"
          />
          <button
            type="submit"
            disabled={!props.thread.open}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-700 text-white disabled:opacity-60"
          >
            <SendHorizontal className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("chat.send")}</span>
          </button>
        </div>
      </form>
    </>
  );
}
