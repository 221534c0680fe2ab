import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { newIntentKey } from "../wallet/intent-key.ts";

/**
 * The store pays the goods cost of one order or of every order waiting for it, after saying how much leaves its
 * balance: from the order centre's list and from an order's page. One intent key per confirmation.
 */
export function usePayGoods() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const payGoods = useMutation(
    trpc.merchantOrders.payGoods.mutationOptions({
      onSuccess: () => {
        toast.notify(t("orders.merchant.paidToast"), "success");
        void queryClient.invalidateQueries({ queryKey: trpc.merchantOrders.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
      },
    }),
  );
  const confirm = (amount: number, orderIds?: string[]) =>
    modal.open(ConfirmDialog, {
      title: t("orders.merchant.payGoodsTitle", { amount: formatRupiah(amount) }),
      body: t("orders.merchant.payGoodsBody", { amount: formatRupiah(amount) }),
      cancelLabel: t("orders.delivery.cancel"),
      confirmLabel: t("orders.merchant.payGoods"),
      danger: false,
      onConfirm: () => payGoods.mutate({ ...(orderIds ? { orderIds } : {}), idempotencyKey: newIntentKey() }),
    });
  return { confirm, pending: payGoods.isPending };
}
