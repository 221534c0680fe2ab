// The voucher form's conditions under "Syarat lainnya" (issue 42): who may use it, how they pay, which products
// and (the operator's) which stores; each "any" or some chosen.
import { useId, type ReactNode } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { channelKinds, channelNames, paymentChannels, type PlaceMethod } from "#common/payment-channels.ts";
import { usePlaceMethodName } from "./managed-vouchers.tsx";
import { Choice } from "../../ui/choice.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * Some of many, as tappable chips that fill their rows (the whole chip is the checkbox's label; a name breaks
 * between words, never inside one, unless a single word is wider than the form); `legend` names the group.
 */
function Checks<T extends string | number>(props: {
  legend: string;
  /** The group is one of several under a heading that says it all: its legend is for screen readers only. */
  hideLegend?: boolean;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  /** The id of the error that describes every box (each marked invalid, so the first can take the focus). */
  errorId?: string;
}) {
  return (
    <fieldset className="mt-2 min-w-0">
      <legend
        className={props.hideLegend ? "sr-only" : "text-xs font-medium text-gray-700 dark:text-gray-300"}
      >
        {props.legend}
      </legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {props.options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 max-w-full min-w-0 flex-auto cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm leading-tight break-words has-checked:border-primary-700 has-checked:bg-primary-50 has-checked:font-semibold dark:border-gray-600 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
          >
            <input
              type="checkbox"
              value={o.value}
              checked={props.chosen.includes(o.value)}
              aria-invalid={props.errorId ? true : undefined}
              aria-describedby={props.errorId}
              onChange={(e) =>
                props.onChange(
                  e.target.checked ? [...props.chosen, o.value] : props.chosen.filter((v) => v !== o.value),
                )
              }
              className="size-5 shrink-0 accent-primary-700"
            />
            <span className="min-w-0">{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** An error under a group of chips, named by the boxes it describes. */
function GroupError(props: { id: string; text?: string }) {
  if (!props.text) return null;
  return (
    <p id={props.id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {props.text}
    </p>
  );
}

/** What could not load in the conditions (its toast said why), with a button to ask again. */
function LoadState(props: { loading: boolean; onRetry: () => void }) {
  const { t } = useI18n();
  if (props.loading)
    return <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t("shell.loading")}…</p>;
  return (
    <button
      type="button"
      onClick={props.onRetry}
      className="mt-2 min-h-11 rounded-full border border-gray-400 px-4 text-sm font-semibold dark:border-gray-500"
    >
      {t("vouchers.manage.conditions.retry")}
    </button>
  );
}

/**
 * The ways of paying to choose from, as the checkout groups them: the wallet, cash on delivery and QRIS first,
 * then the banks' virtual accounts, the e-wallets and the retail outlets, each group under its name.
 */
export function MethodChecks(props: {
  chosen: readonly PlaceMethod[];
  onChange: (chosen: PlaceMethod[]) => void;
  errorId?: string;
}) {
  const { t } = useI18n();
  const methodName = usePlaceMethodName();
  const kinds = ["va", "ewallet", "retail"] as const;
  return (
    <>
      <Checks
        legend={t("vouchers.manage.conditions.methods")}
        hideLegend
        options={(["wallet", "cod", "qris"] as const).map((m) => ({ value: m, label: methodName(m) }))}
        chosen={props.chosen}
        onChange={props.onChange}
        errorId={props.errorId}
      />
      {kinds.map((kind) => (
        <Checks
          key={kind}
          legend={t(`payments.kinds.${kind}`)}
          // Under "Virtual Account" a bank's name says it: "BCA", not "BCA Virtual Account".
          options={paymentChannels
            .filter((c) => channelKinds[c] === kind)
            .map((c) => ({ value: c, label: channelNames[c].replace(/ Virtual Account$/, "") }))}
          chosen={props.chosen}
          onChange={props.onChange}
          errorId={props.errorId}
        />
      ))}
    </>
  );
}

/** The top-level categories (as the shop's category page lists them), loaded once the choice is opened. */
export function CategoryChecks(props: {
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
  errorId?: string;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const tree = useQuery(trpc.catalog.categories.queryOptions());
  if (!tree.data) return <LoadState loading={tree.isPending} onRetry={() => void tree.refetch()} />;
  return (
    <Checks
      legend={t("vouchers.manage.conditions.categories")}
      hideLegend
      options={tree.data.map((c) => ({ value: c.id, label: c.name }))}
      chosen={props.chosen}
      onChange={props.onChange}
      errorId={props.errorId}
    />
  );
}

/** The approved stores (the operator's list of them, 50 at a time), loaded once the choice is opened. */
export function StoreChecks(props: {
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  errorId?: string;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const stores = useInfiniteQuery(
    trpc.ops.merchants.list.infiniteQueryOptions(
      { view: "approved", limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  if (!stores.data) return <LoadState loading={stores.isPending} onRetry={() => void stores.refetch()} />;
  return (
    <>
      <Checks
        legend={t("vouchers.manage.conditions.stores")}
        hideLegend
        options={stores.data.pages.flatMap((p) => p.items.map((s) => ({ value: s.id, label: s.storeName })))}
        chosen={props.chosen}
        onChange={props.onChange}
        errorId={props.errorId}
      />
      {stores.hasNextPage && (
        <button
          type="button"
          onClick={() => void stores.fetchNextPage()}
          disabled={stores.isFetchingNextPage}
          className="mt-2 min-h-11 rounded-full border border-gray-400 px-4 text-sm font-semibold disabled:opacity-60 dark:border-gray-500"
        >
          {stores.isFetchingNextPage ? t("shell.loading") : t("catalog.list.loadMore")}
        </button>
      )}
    </>
  );
}

/**
 * One condition under "Syarat lainnya": "any" (null) or some chosen, as two radio rows; the chips to choose
 * from show (and load) only once "some" is picked. Picking "any" again forgets the choice.
 */
export function Condition<T>(props: {
  legend: string;
  anyLabel: string;
  someLabel: string;
  hint: string;
  value: T[] | null;
  onChange: (value: T[] | null) => void;
  error?: string;
  children: (chosen: T[], errorId?: string) => ReactNode;
}) {
  const errorId = useId();
  const some = props.value !== null;
  return (
    <div className="mt-4">
      <Choice
        legend={props.legend}
        value={some ? "some" : "any"}
        options={[
          { value: "any", label: props.anyLabel },
          { value: "some", label: props.someLabel },
        ]}
        onChange={(mode) => props.onChange(mode === "some" ? [] : null)}
        compact
      />
      {props.value !== null && (
        <>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{props.hint}</p>
          {props.children(props.value, props.error ? errorId : undefined)}
          <GroupError id={errorId} text={props.error} />
        </>
      )}
    </div>
  );
}
