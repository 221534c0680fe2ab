import type { ShippingOption } from "#common/contracts/shipping.ts";
import { shippingCourierNames } from "#common/shipping-names.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** The service as couriers print it, with the courier's name in front when its own name lacks it. */
export function serviceLabel(o: Pick<ShippingOption, "courier" | "serviceName">): string {
  const brand = shippingCourierNames[o.courier].split(" ")[0]!;
  return o.serviceName.toLowerCase().startsWith(brand.toLowerCase())
    ? o.serviceName
    : `${shippingCourierNames[o.courier]} ${o.serviceName}`;
}

/** "Tiba 2-3 hari" / "Arrives in 2-3 days" / "2-3 天送达". */
export function useEta() {
  const { t } = useI18n();
  return (o: Pick<ShippingOption, "etaMinDays" | "etaMaxDays">) =>
    o.etaMinDays === o.etaMaxDays
      ? t("orders.shipping.etaDays", { count: o.etaMaxDays })
      : t("orders.shipping.etaRange", { min: o.etaMinDays, max: o.etaMaxDays });
}
