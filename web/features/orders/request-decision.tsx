import type { AfterSalesView } from "#common/contracts/returns.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { DecisionDialog } from "../ops/decision-dialog.tsx";
import { buttonRow, rowButton } from "../../ui/card.tsx";

/**
 * What approving a return refunds, in figures the server computes with the function the refund uses (issue 27):
 * the total when the item reaches the warehouse, its parts, and who pays the return postage the courier quotes.
 */
function ReturnQuote(props: { request: AfterSalesView; audience: "merchant" | "operator" }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const id = { id: props.request.id };
  const merchant = useQuery({
    ...trpc.merchantOrders.returnQuote.queryOptions(id),
    enabled: props.audience === "merchant",
  });
  const operator = useQuery({
    ...trpc.ops.afterSales.quote.queryOptions(id),
    enabled: props.audience === "operator",
  });
  const query = props.audience === "merchant" ? merchant : operator;
  if (query.error) return <p role="alert">{query.error.message}</p>;
  const quote = query.data;
  if (!quote) return <p>{t("aftersales.quote.loading")}</p>;
  const rp = formatRupiah;
  return (
    <>
      <p className="font-semibold text-gray-900 dark:text-gray-100" data-testid="refund-quote">
        {t("aftersales.quote.total", { total: rp(quote.total) })}
      </p>
      <p>
        {t("aftersales.quote.parts", { items: rp(quote.items), vat: rp(quote.vat) })}
        {quote.fees > 0 && ` ${t("aftersales.quote.fees", { fees: rp(quote.fees) })}`}
      </p>
      <p data-testid="postage-quote">
        {t(`aftersales.quote.${quote.payer}`, { postage: rp(quote.postage) })}
      </p>
      <p>{t("aftersales.quote.parcel", { service: quote.serviceName })}</p>
    </>
  );
}

/** What approving does: for a return, the refund in figures and what it takes from the store. */
function ApprovalBody(props: { request: AfterSalesView; audience: "merchant" | "operator" }) {
  const { t } = useI18n();
  if (props.request.kind !== "return") return <p>{t("aftersales.approveReplacement")}</p>;
  return (
    <div className="grid gap-2">
      <ReturnQuote request={props.request} audience={props.audience} />
      <p>{t("aftersales.approveReturn")}</p>
    </div>
  );
}

/**
 * Refuse or approve a request (the store, or the operator once escalated): each opens the decision dialog. A
 * refusal asks for its reason; an approval says what it will do, and asks for a reason when `approveReason`
 * names its field (operators give one).
 */
export function RequestDecision(props: {
  request: AfterSalesView;
  refuse: { title: string; label: string; reasonLabel: string };
  approveReason?: string;
  audience: "merchant" | "operator";
  onDecide: (decision: { approve: boolean; reason: string; idempotencyKey: string }) => void;
}) {
  const { t } = useI18n();
  const r = props.request;
  return (
    <div className={`mt-2 ${buttonRow}`}>
      <button
        type="button"
        className={`${rowButton} min-h-10 border border-red-700 font-semibold text-red-700 dark:border-red-400 dark:text-red-400`}
        onClick={() =>
          modal.open(DecisionDialog, {
            title: props.refuse.title,
            reasonLabel: props.refuse.reasonLabel,
            confirmLabel: props.refuse.label,
            danger: true,
            onConfirm: (d) => props.onDecide({ approve: false, ...d }),
          })
        }
      >
        {props.refuse.label}
      </button>
      <button
        type="button"
        className={`${rowButton} min-h-10 bg-primary-700 font-semibold text-white`}
        onClick={() =>
          modal.open(DecisionDialog, {
            title: t("aftersales.approveTitle"),
            body: <ApprovalBody request={r} audience={props.audience} />,
            reasonLabel: props.approveReason,
            confirmLabel: t("aftersales.approve"),
            onConfirm: (d) => props.onDecide({ approve: true, ...d }),
          })
        }
      >
        {t("aftersales.approve")}
      </button>
    </div>
  );
}

/**
 * An approved return whose parcel the courier could not book: the store or the operator books it again (the
 * shipment's id makes a retry book once).
 */
export function BookReturnAgain(props: { request: AfterSalesView; audience: "merchant" | "operator" }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    onSuccess: () => toast.notify(t("aftersales.parcel.booked"), "success"),
    onSettled: () => queryClient.invalidateQueries(),
  };
  const merchant = useMutation(trpc.merchantOrders.bookReturn.mutationOptions(options));
  const operator = useMutation(trpc.ops.afterSales.bookReturn.mutationOptions(options));
  const book = props.audience === "merchant" ? merchant : operator;
  const s = props.request.shipment;
  if (!s || s.booked || s.kind !== "return") return null;
  return (
    <button
      type="button"
      disabled={book.isPending}
      className={`mt-2 ${rowButton} min-h-10 w-full bg-primary-700 font-semibold text-white`}
      onClick={() => book.mutate({ id: props.request.id })}
    >
      {t("aftersales.parcel.bookAgain")}
    </button>
  );
}
