import { useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { CheckoutQuoteView } from "#common/contracts/orders.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { ChoiceRow } from "../payments/channel-picker.tsx";
import { VoucherTicket } from "./voucher-ticket.tsx";

type Offer = CheckoutQuoteView["vouchers"][number];

/** Where a voucher goes in the stacking: the platform's, free shipping, or one store's. */
const slotOf = (v: Pick<Offer, "kind" | "storeId">) => (v.kind === "store" ? `store:${v.storeId}` : v.kind);

/**
 * Choosing a checkout's vouchers (issue 42): at most one of the platform's, one free shipping and one per store,
 * each group with "none"; a voucher that cannot be used says why and cannot be chosen. A code typed is claimed
 * and used at once. Loaded on first use.
 */
export default function VoucherDialog(props: {
  offers: readonly Offer[];
  stores: readonly { storeId: string; storeName: string }[];
  onApply: (ids: string[]) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const trpc = useTRPC();
  const [chosen, setChosen] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(props.offers.filter((v) => v.chosen).map((v) => [slotOf(v), v.id])),
  );
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const ids = (picked: Record<string, string | null>) =>
    Object.values(picked).filter((v): v is string => v !== null);
  const claim = useMutation(
    trpc.vouchers.claimCode.mutationOptions({
      // The code's voucher is used at once, in its kind's place; the checkout says if it cannot take anything off.
      onSuccess: (claimed) => {
        const slots = Object.entries(chosen).filter(([, v]) => v !== claimed.id);
        props.onApply([...ids(Object.fromEntries(slots)), claimed.id]);
        modal.close();
      },
      onError: (e) => setCodeError(e.message),
    }),
  );
  const groups = [
    { slot: "platform", title: t("vouchers.checkout.groups.platform") },
    { slot: "shipping", title: t("vouchers.checkout.groups.shipping") },
    ...props.stores.map((s) => ({
      slot: `store:${s.storeId}`,
      title: t("vouchers.checkout.groups.store", { store: s.storeName }),
    })),
  ]
    .map((g) => ({ ...g, offers: props.offers.filter((v) => slotOf(v) === g.slot) }))
    .filter((g) => g.offers.length > 0);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    props.onApply(ids(chosen));
    modal.close();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-h-[85dvh] flex-col p-5"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("vouchers.checkout.dialogTitle")}
      </h2>
      <div className="-mx-5 mt-2 min-h-0 flex-1 overflow-y-auto px-5 pb-1">
        <div className="flex items-end gap-2">
          <label className="min-w-0 flex-1 text-sm font-medium">
            {t("vouchers.checkout.codeLabel")}
            <input
              name="voucher-code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(undefined);
              }}
              placeholder={t("vouchers.checkout.codePlaceholder")}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={20}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${id}-code-error` : undefined}
              className="mt-1 block h-11 w-full rounded-lg border border-gray-300 px-3 uppercase placeholder:normal-case dark:border-gray-600 dark:bg-gray-900"
            />
          </label>
          <button
            type="button"
            disabled={code.trim() === "" || claim.isPending}
            onClick={() => claim.mutate({ code })}
            className="h-11 shrink-0 rounded-full bg-primary-700 px-4 font-semibold text-white disabled:opacity-60"
          >
            {t("vouchers.checkout.apply")}
          </button>
        </div>
        {codeError && (
          <p id={`${id}-code-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {codeError}
          </p>
        )}
        {groups.length === 0 && (
          <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{t("vouchers.checkout.empty")}</p>
        )}
        {groups.map((g) => (
          <fieldset key={g.slot} className="mt-4">
            <legend className="font-semibold">{g.title}</legend>
            <div className="mt-2 space-y-2">
              {g.offers.map((v) => (
                <ChoiceRow
                  key={v.id}
                  name={`${id}-${g.slot}`}
                  value={v.id}
                  checked={chosen[g.slot] === v.id}
                  disabled={v.refusal !== null}
                  onChange={() => setChosen((c) => ({ ...c, [g.slot]: v.id }))}
                  label={
                    <VoucherTicket
                      voucher={v}
                      compact
                      muted={v.refusal !== null}
                      note={
                        v.refusal !== null ? (
                          <span className="text-red-700 dark:text-red-400">
                            {t(`errors.vouchers.${v.refusal}`)}
                          </span>
                        ) : (
                          <span className="font-semibold text-primary-800 dark:text-primary-300">
                            {t("vouchers.checkout.off", {
                              amount: formatRupiah(v.discount).replace(" ", "\u00a0"),
                            })}
                          </span>
                        )
                      }
                    />
                  }
                />
              ))}
              <ChoiceRow
                name={`${id}-${g.slot}`}
                value=""
                checked={!chosen[g.slot]}
                onChange={() => setChosen((c) => ({ ...c, [g.slot]: null }))}
                label={t("vouchers.checkout.noneOfKind")}
              />
            </div>
          </fieldset>
        ))}
      </div>
      <DialogActions cancelLabel={t("payments.dialog.cancel")} confirmLabel={t("vouchers.checkout.done")} />
    </form>
  );
}
