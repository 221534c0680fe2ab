import type { AfterSalesView } from "#common/contracts/returns.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DecisionDialog } from "../ops/decision-dialog.tsx";
import { buttonRow, rowButton } from "../../ui/card.tsx";

/**
 * What approving does, in figures: the refund part by part (the postage and service fee only when it returns
 * the order's last items), what it takes from the store, and that the item is not collected through Pasar.
 */
function ApprovalBody(props: { request: AfterSalesView }) {
  const { t } = useI18n();
  const quote = props.request.refundQuote;
  if (props.request.kind !== "return" || !quote) return <p>{t("aftersales.approveReplacement")}</p>;
  const amounts = {
    total: formatRupiah(quote.total),
    items: formatRupiah(quote.items),
    vat: formatRupiah(quote.vat),
    fees: formatRupiah(quote.fees),
  };
  return (
    <div className="grid gap-2">
      <p className="font-semibold text-gray-900 dark:text-gray-100" data-testid="refund-quote">
        {t(quote.fees > 0 ? "aftersales.refundAll" : "aftersales.refundItems", amounts)}
      </p>
      <p>{t("aftersales.approveReturn")}</p>
      <p>{t("aftersales.noReturnShipping")}</p>
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
            body: <ApprovalBody request={r} />,
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
