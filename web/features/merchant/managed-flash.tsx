// Flash sales as those who run them see them (issue 42): the operator every store's items, a merchant their own.
// Events, their slots (when, in the reader's zone, and their state) and each slot's items.
import type { ReactNode } from "react";
import type { ManagedFlashItem, ManagedFlashSale } from "#common/contracts/flash.ts";
import type { FlashSlotState } from "#common/promotions.ts";
import { Price } from "../catalog/price.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatPeriod, useTimeZone } from "../../lib/time-zone.ts";
import { Figure } from "../../ui/card.tsx";

export type ManagedFlashSlot = ManagedFlashSale["slots"][number];

/** Whether a slot still takes and gives up items: scheduled, and its start not passed (its job may lag). */
export function slotOpen(slot: Pick<ManagedFlashSlot, "state" | "startsAt">, at = new Date()): boolean {
  return slot.state === "scheduled" && slot.startsAt > at;
}

const badgeColours: Record<FlashSlotState, string> = {
  scheduled: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  live: "bg-red-700 text-white",
  ended: "bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100",
};

/** A slot's state as a small badge: "Akan datang", "Berlangsung", "Selesai". */
export function SlotStateBadge(props: { state: FlashSlotState }) {
  const { t } = useI18n();
  return (
    <span
      className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${badgeColours[props.state]}`}
      data-testid="flash-slot-state"
    >
      {t(`merchant.flash.list.states.${props.state}`)}
    </span>
  );
}

/**
 * An item of a slot: the product and its variant (and, for the operator, its store), the flash price struck
 * against the listed one, what sold of the units it asked (before the slot starts) or set aside (since), the
 * limit per shopper, and a button that takes it out while the slot has not started.
 */
function FlashItemRow(props: {
  item: ManagedFlashItem;
  state: FlashSlotState;
  showStore: boolean;
  removable: boolean;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t, locale } = useI18n();
  const l = "merchant.flash.list";
  const i = props.item;
  const about = [i.variantLabel, props.showStore ? i.storeName : null].filter(Boolean).join(" · ");
  return (
    <li className="py-3" data-testid="flash-item">
      <p className="line-clamp-2 font-medium">{i.name}</p>
      {about && <p className="text-sm text-gray-700 dark:text-gray-300">{about}</p>}
      <div className="mt-1">
        <Price
          price={i.flashPrice}
          usual={i.listedPrice}
          discountLabel={(percent) => t("catalog.product.discount", { percent })}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-3 text-sm">
          <Figure label={t(props.state === "scheduled" ? `${l}.soldAsked` : `${l}.soldCarved`)}>
            <span data-testid="flash-item-sold">
              {formatNumber(i.sold, locale)} / {formatNumber(i.stock, locale)}
            </span>
          </Figure>
          <Figure label={t(`${l}.perShopper`)}>{t(`${l}.units`, { count: i.perShopperLimit })}</Figure>
        </dl>
        {props.removable && (
          <button
            type="button"
            disabled={props.busy}
            onClick={props.onRemove}
            aria-label={t(`${l}.removeLabel`, { name: i.name })}
            className="min-h-11 shrink-0 rounded-full border border-gray-400 px-4 py-1 text-sm leading-tight font-semibold text-gray-800 disabled:opacity-60 dark:border-gray-500 dark:text-gray-100"
          >
            {t(`${l}.remove`)}
          </button>
        )}
      </div>
    </li>
  );
}

/** A slot: when it runs, its state, its items (or what says there are none) and what the page adds below. */
function FlashSlotCard(props: {
  slot: ManagedFlashSlot;
  now: Date;
  showStore: boolean;
  emptyText: string;
  busy: boolean;
  onRemove: (item: ManagedFlashItem) => void;
  footer?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const zone = useTimeZone();
  const s = props.slot;
  const removable = slotOpen(s, props.now);
  return (
    <li
      className="rounded-lg border border-gray-200 p-3 dark:border-gray-700"
      data-testid="flash-slot"
      data-slot-id={s.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold tabular-nums">{formatPeriod(s.startsAt, s.endsAt, locale, zone)}</h3>
        <SlotStateBadge state={s.state} />
      </div>
      {s.items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{props.emptyText}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {t("merchant.flash.list.items", { count: s.items.length })}
          </p>
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {s.items.map((item) => (
              <FlashItemRow
                key={item.id}
                item={item}
                state={s.state}
                showStore={props.showStore}
                removable={removable}
                busy={props.busy}
                onRemove={() => props.onRemove(item)}
              />
            ))}
          </ul>
        </>
      )}
      {props.footer}
    </li>
  );
}

/**
 * Flash-sale events, each a card with its name and its slots in time order; the page adds what each event's card
 * (the operator's "Tambah slot") and each slot's (a merchant's "Ikut flash sale") end with.
 */
export function FlashSaleList(props: {
  sales: readonly ManagedFlashSale[];
  emptyText: string;
  /** What a slot without items says. */
  noItemsText: string;
  /** Whose items they are (the operator sees every store's). */
  showStore: boolean;
  busy: boolean;
  onRemove: (item: ManagedFlashItem) => void;
  saleFooter?: (sale: ManagedFlashSale) => ReactNode;
  slotFooter?: (slot: ManagedFlashSlot, sale: ManagedFlashSale) => ReactNode;
}) {
  if (props.sales.length === 0)
    return <p className="px-4 py-10 text-center text-gray-600 dark:text-gray-400">{props.emptyText}</p>;
  const now = new Date();
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3">
      {props.sales.map((sale) => (
        <li key={sale.id} className="rounded-xl bg-white p-3 dark:bg-gray-900" data-testid="flash-sale">
          <h2 className="text-lg font-semibold">{sale.name}</h2>
          <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-3">
            {sale.slots.map((slot) => (
              <FlashSlotCard
                key={slot.id}
                slot={slot}
                now={now}
                showStore={props.showStore}
                emptyText={props.noItemsText}
                busy={props.busy}
                onRemove={props.onRemove}
                footer={props.slotFooter?.(slot, sale)}
              />
            ))}
          </ul>
          {props.saleFooter?.(sale)}
        </li>
      ))}
    </ul>
  );
}
