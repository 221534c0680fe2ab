import { useQuery } from "@tanstack/react-query";
import type { AreaLevel } from "#common/order-states.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { SelectList } from "../../ui/select-list.tsx";

/**
 * One level of Indonesia's areas (province, regency or city, district, village) as a searchable list, read
 * through the public `addresses.areas` procedure and kept for the page's life; a level waits for the one above.
 */
export function AreaPicker(props: {
  level: AreaLevel;
  parent: string | undefined;
  value: string;
  label: string;
  error?: string;
  onChange: (code: string) => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const needsParent = props.level !== "province";
  const areas = useQuery({
    ...trpc.addresses.areas.queryOptions({ level: props.level, parent: props.parent }),
    enabled: !needsParent || Boolean(props.parent),
    staleTime: Infinity,
  });
  return (
    <SelectList
      label={props.label}
      placeholder={t("orders.delivery.choose")}
      options={(areas.data ?? []).map((a) => ({ value: a.code, label: a.name }))}
      value={props.value}
      disabled={needsParent && !props.parent}
      error={props.error}
      onChange={props.onChange}
    />
  );
}

export interface AreaCodes {
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  villageCode: string;
}

/**
 * Province → regency or city → district → village, as the shopper's address form picks them: choosing a level
 * clears the levels under it. `provinceError` shows under the province, `areaError` under the village.
 */
export function AreaFields(props: {
  value: AreaCodes;
  onChange: (codes: AreaCodes) => void;
  provinceError?: string;
  areaError?: string;
}) {
  const { t } = useI18n();
  const v = props.value;
  return (
    <>
      <AreaPicker
        level="province"
        parent={undefined}
        label={t("orders.delivery.province")}
        value={v.provinceCode}
        error={props.provinceError}
        onChange={(code) =>
          props.onChange({ provinceCode: code, regencyCode: "", districtCode: "", villageCode: "" })
        }
      />
      <AreaPicker
        level="regency"
        parent={v.provinceCode || undefined}
        label={t("orders.delivery.regency")}
        value={v.regencyCode}
        onChange={(code) => props.onChange({ ...v, regencyCode: code, districtCode: "", villageCode: "" })}
      />
      <AreaPicker
        level="district"
        parent={v.regencyCode || undefined}
        label={t("orders.delivery.district")}
        value={v.districtCode}
        onChange={(code) => props.onChange({ ...v, districtCode: code, villageCode: "" })}
      />
      <AreaPicker
        level="village"
        parent={v.districtCode || undefined}
        label={t("orders.delivery.village")}
        value={v.villageCode}
        error={props.areaError}
        onChange={(code) => props.onChange({ ...v, villageCode: code })}
      />
    </>
  );
}
