import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ShippingCourier } from "#common/shipping.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { newIntentKey } from "../wallet/intent-key.ts";

type Service = { courier: ShippingCourier; service: string };

/**
 * Ship a replacement (issue 27): Pasar books the parcel with the courier, the cheapest regular service unless
 * the operator picks one of those quoted to the shopper's address (one idempotency key while the dialog is
 * open). `title` says what is shipped.
 */
export function ShipDialog(props: {
  title: string;
  requestId: string;
  onShip: (input: { service: Service | null; idempotencyKey: string }) => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const id = useId();
  const options = useQuery(trpc.ops.afterSales.services.queryOptions({ id: props.requestId }));
  const [choice, setChoice] = useState("");
  const [key] = useState(newIntentKey);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const picked = options.data?.find((o) => `${o.courier}:${o.service}` === choice);
    props.onShip({
      service: picked ? { courier: picked.courier, service: picked.service } : null,
      idempotencyKey: key,
    });
    modal.close();
  };
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("ops.aftersales.shipNote")}</p>
      <label htmlFor={`${id}-service`} className="mt-4 block text-sm font-medium">
        {t("ops.aftersales.service")}
      </label>
      <select
        id={`${id}-service`}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        className="mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800"
      >
        <option value="">{t("ops.aftersales.cheapest")}</option>
        {options.data?.map((o) => (
          <option key={`${o.courier}:${o.service}`} value={`${o.courier}:${o.service}`}>
            {o.serviceName} · {formatRupiah(o.price)}
          </option>
        ))}
      </select>
      {options.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {options.error.message}
        </p>
      )}
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={t("orders.ops.ship")} />
    </form>
  );
}
