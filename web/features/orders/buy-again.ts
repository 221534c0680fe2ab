import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC, useTRPCClient } from "../../lib/trpc.ts";

/**
 * "Beli lagi": the products of finished or cancelled orders go back into the cart (`orders.buyAgain`, one order at
 * a time), then the shopper is taken there, told how many went in and how many are no longer sold. From an
 * order's page and from the payment screen of a checkout whose orders were cancelled.
 */
export function useBuyAgain() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      let added = 0;
      let unavailable = 0;
      for (const id of ids) {
        const answer = await client.orders.buyAgain.mutate({ id });
        added += answer.added;
        unavailable += answer.unavailable;
      }
      return { added, unavailable };
    },
    onSuccess: ({ added, unavailable }) => {
      toast.notify(
        unavailable > 0
          ? `${t("orders.detail.buyAgainAdded", { count: added })} ${t("orders.detail.buyAgainUnavailable", { count: unavailable })}`
          : t("orders.detail.buyAgainAdded", { count: added }),
        "success",
      );
      void queryClient.invalidateQueries({ queryKey: trpc.cart.pathKey() });
      void navigate(localizePath(locale, "/h5/cart"));
    },
  });
}
