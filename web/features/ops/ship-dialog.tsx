import { useId, useState } from "react";
import { couriers, type CourierCode } from "#common/order-states.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { newIntentKey } from "../wallet/intent-key.ts";

/**
 * Ship an order, or a replacement: the courier and its tracking number (one idempotency key while the dialog
 * is open). `title` says what is shipped.
 */
export function ShipDialog(props: {
  title: string;
  onShip: (input: { courier: CourierCode; trackingNumber: string; idempotencyKey: string }) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [courier, setCourier] = useState<CourierCode | "">("");
  const [tracking, setTracking] = useState("");
  const [error, setError] = useState<string>();
  const [key] = useState(newIntentKey);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!courier) return setError(t("errors.ship.courier"));
    if (!/^[A-Za-z0-9-]{6,40}$/.test(tracking.trim())) return setError(t("errors.ship.tracking"));
    props.onShip({ courier, trackingNumber: tracking.trim(), idempotencyKey: key });
    modal.close();
  };
  const field =
    "mt-1 h-11 w-full rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-600 dark:bg-gray-800";
  return (
    <form onSubmit={submit} noValidate className="p-5">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      <label htmlFor={`${id}-courier`} className="mt-4 block text-sm font-medium">
        {t("orders.ops.courier")}
      </label>
      <select
        id={`${id}-courier`}
        value={courier}
        onChange={(e) => setCourier(e.target.value as CourierCode)}
        className={field}
      >
        <option value="">{t("orders.delivery.choose")}</option>
        {couriers.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-tracking`} className="mt-3 block text-sm font-medium">
        {t("orders.ops.tracking")}
      </label>
      <input
        id={`${id}-tracking`}
        value={tracking}
        onChange={(e) => setTracking(e.target.value)}
        autoComplete="off"
        className={`${field} font-mono uppercase`}
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <DialogActions cancelLabel={t("catalog.search.cancel")} confirmLabel={t("orders.ops.ship")} />
    </form>
  );
}
