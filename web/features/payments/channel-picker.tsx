import { useId, type Dispatch, type ReactNode, type SetStateAction } from "react";
import type { ChannelOffer } from "#common/contracts/payments.ts";
import { channelNames, type PaymentChannel } from "#common/payment-channels.ts";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatWindow, groupOffers } from "./channels.ts";

/** One choice of the picker, drawn as a big row: the radio, the brand, its fee; more below it when chosen. */
export function ChoiceRow(props: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: ReactNode;
  aside?: ReactNode;
  note?: ReactNode;
  describedBy?: string;
  /** Shown but not choosable; the note says why. */
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-gray-300 bg-white has-disabled:bg-gray-50 has-checked:border-primary-700 has-checked:bg-primary-50 dark:border-gray-600 dark:bg-gray-900 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950">
      <label className="flex min-h-14 cursor-pointer items-center gap-3 px-3 py-2 has-disabled:cursor-not-allowed">
        <input
          type="radio"
          name={props.name}
          value={props.value}
          checked={props.checked}
          disabled={props.disabled}
          onChange={props.onChange}
          aria-describedby={props.describedBy}
          className="size-5 shrink-0 accent-primary-700"
        />
        <span className="min-w-0 flex-1">
          <span className="block font-medium break-words">{props.label}</span>
          {props.note && <span className="block text-sm text-gray-600 dark:text-gray-400">{props.note}</span>}
        </span>
        {props.aside}
      </label>
      {props.children}
    </div>
  );
}

/**
 * The provider's channels as radios, grouped (QRIS, virtual account, e-wallet, retail outlet), each group with
 * how long it gives to pay and each channel with its brand and its fee when there is one; OVO asks for the phone its app is on. The caller holds the choice and the
 * phone, and may put its own choices (the wallet) in the same radio group with `ChoiceRow` and the same `name`.
 */
export function ChannelPicker(props: {
  name: string;
  offers: readonly ChannelOffer[];
  value: string | null;
  onChange: (channel: PaymentChannel) => void;
  phone: string;
  onPhoneChange: Dispatch<SetStateAction<string>>;
  phoneError?: string;
  /** Where the number to suggest for OVO comes from (the account's mobile); asked when OVO is chosen. */
  suggestPhone?: () => Promise<string>;
  /** The channel the attempt uses now, when switching: marked as such. */
  current?: PaymentChannel;
  /** The id of the message saying no method is chosen, when it shows. */
  errorId?: string;
}) {
  const { t } = useI18n();
  const choose = (channel: PaymentChannel) => {
    props.onChange(channel);
    if (channel === "ovo" && props.phone.trim() === "" && props.suggestPhone) {
      void props.suggestPhone().then(
        (suggested) => suggested && props.onPhoneChange((typed) => (typed.trim() === "" ? suggested : typed)),
        () => {},
      );
    }
  };
  return (
    <>
      {groupOffers(props.offers).map((group) => {
        const legendId = `${props.name}-${group.kind}`;
        return (
          <fieldset key={group.kind} className="mt-4" aria-describedby={`${legendId}-hint`}>
            <legend className="text-sm font-semibold text-gray-800 dark:text-gray-200">
              {t(`payments.kinds.${group.kind}`)}
            </legend>
            <p id={`${legendId}-hint`} className="mt-0.5 text-xs text-gray-600 dark:text-gray-400">
              {t(`payments.kindHints.${group.kind}`)}
              {/* Every channel of a group has the group's window (the operator's setting). */}
              {group.offers[0] &&
                ` · ${t("payments.screen.payWithin", { time: formatWindow(t, group.offers[0].windowMinutes) })}`}
            </p>
            <div className="mt-2 grid gap-2">
              {group.offers.map((offer) => {
                const checked = props.value === offer.channel;
                return (
                  <ChoiceRow
                    key={offer.channel}
                    name={props.name}
                    value={offer.channel}
                    checked={checked}
                    onChange={() => choose(offer.channel)}
                    describedBy={props.errorId}
                    label={channelNames[offer.channel]}
                    note={props.current === offer.channel ? t("payments.picker.current") : undefined}
                    aside={
                      offer.fee > 0 && (
                        <span className="shrink-0 text-sm text-gray-700 tabular-nums dark:text-gray-300">
                          {t("payments.picker.fee", { fee: formatRupiah(offer.fee) })}
                        </span>
                      )
                    }
                  >
                    {checked && offer.channel === "ovo" && (
                      <PhoneField
                        name={`${props.name}-phone`}
                        value={props.phone}
                        onChange={(value) => props.onPhoneChange(value)}
                        error={props.phoneError}
                      />
                    )}
                  </ChoiceRow>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

/** OVO's phone, under its row: labelled, with its hint or its error, wired for screen readers. */
function PhoneField(props: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="px-3 pb-3">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {t("payments.picker.phone")}
      </label>
      <input
        id={id}
        name={props.name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0812 3456 7890"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={noteId}
        className={`mt-1 h-11 w-full rounded-lg border bg-white px-3 text-base outline-none placeholder:text-gray-500 focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 dark:bg-gray-800 ${
          props.error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-600"
        }`}
      />
      <p
        id={noteId}
        className={`mt-1 ${props.error ? "text-sm text-red-700 dark:text-red-400" : "text-xs text-gray-600 dark:text-gray-400"}`}
      >
        {props.error ?? t("payments.picker.phoneHint")}
      </p>
    </div>
  );
}
