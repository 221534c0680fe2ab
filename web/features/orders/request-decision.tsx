import type { AfterSalesView } from "#common/contracts/returns.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DecisionDialog } from "../ops/ops-ui.tsx";
import { buttonRow, rowButton } from "../../ui/card.tsx";

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
            body: t(r.kind === "return" ? "aftersales.approveReturn" : "aftersales.approveReplacement"),
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
