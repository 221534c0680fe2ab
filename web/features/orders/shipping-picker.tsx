import { useRef } from "react";
import type { ShippingOption } from "#common/contracts/shipping.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { serviceKey } from "#common/shipping-names.ts";
import { ChoiceRow } from "../payments/channel-picker.tsx";
import { serviceLabel, useEta } from "./shipping-text.ts";

/**
 * A store's courier services to the address, as a disclosure: closed, the chosen one (courier, service, price,
 * arrival estimate); open, every option as a radio, cheapest first. Without an address nothing is quoted yet.
 */
export function ShippingPicker(props: {
  storeId: string;
  options: readonly ShippingOption[];
  selected: ShippingOption | null;
  /** The service the shopper just picked, shown as chosen while its totals are on their way. */
  picked?: { courier: string; service: string } | undefined;
  hasAddress: boolean;
  /** Paying on delivery: only services that collect cash can be chosen. */
  codOnly?: boolean;
  onChange: (option: ShippingOption) => void;
}) {
  const { t } = useI18n();
  const eta = useEta();
  const disclosure = useRef<HTMLDetailsElement>(null);
  const name = `shipping-${props.storeId}`;
  if (!props.selected) {
    return (
      <p className="mt-2 flex gap-2 text-sm text-gray-700 dark:text-gray-300">
        {t(props.hasAddress ? "errors.shipping.noService" : "orders.shipping.needAddress")}
      </p>
    );
  }
  const selected = props.selected;
  const pickedKey = props.picked && serviceKey(props.picked.courier, props.picked.service);
  const chosenKey = props.options.some((o) => serviceKey(o.courier, o.service) === pickedKey)
    ? pickedKey
    : serviceKey(selected.courier, selected.service);
  return (
    <details ref={disclosure} className="group mt-2 rounded-lg border border-gray-200 dark:border-gray-700">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm">
        <span className="min-w-0 flex-1">
          <span className="block font-medium">
            {serviceLabel(selected)} · {formatRupiah(selected.price)}
          </span>
          <span className="block text-gray-600 dark:text-gray-400">
            {t(`orders.shipping.kinds.${selected.kind}`)} · {eta(selected)}
            {selected.cod && ` · ${t("orders.shipping.cod")}`}
          </span>
        </span>
        <span className="shrink-0 font-medium text-primary-800 dark:text-primary-300">
          <span className="group-open:hidden">{t("orders.shipping.change")}</span>
          <span className="hidden group-open:inline">{t("orders.shipping.close")}</span>
        </span>
      </summary>
      <fieldset className="flex flex-col gap-2 px-2 pb-2">
        <legend className="sr-only">{t("orders.shipping.choose")}</legend>
        {props.codOnly && (
          <p className="px-1 pt-1 text-sm text-gray-700 dark:text-gray-300">{t("orders.shipping.codOnly")}</p>
        )}
        {props.options.map((o) => {
          const key = serviceKey(o.courier, o.service);
          return (
            <ChoiceRow
              key={key}
              name={name}
              value={key}
              checked={key === chosenKey}
              disabled={props.codOnly === true && !o.cod}
              onChange={() => {
                props.onChange(o);
                // Chosen: the list closes to the choice, as a select would (focus goes back to its summary).
                const details = disclosure.current;
                if (details) {
                  details.open = false;
                  details.querySelector("summary")?.focus();
                }
              }}
              label={serviceLabel(o)}
              note={`${t(`orders.shipping.kinds.${o.kind}`)} · ${eta(o)}${o.cod ? ` · ${t("orders.shipping.cod")}` : ""}`}
              aside={<span className="shrink-0 font-semibold tabular-nums">{formatRupiah(o.price)}</span>}
            />
          );
        })}
      </fieldset>
    </details>
  );
}
