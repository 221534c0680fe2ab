import { useId, useState } from "react";
import type { ChannelOffer } from "#common/contracts/payments.ts";
import type { PaymentChannel } from "#common/payment-channels.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { modal } from "../../lib/modal.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";
import { newIntentKey } from "../wallet/intent-key.ts";
import { ChannelPicker } from "./channel-picker.tsx";
import { walletPhoneProblem } from "./channels.ts";
import { useSuggestPhone } from "./suggest-phone.ts";

export interface ChannelChoice {
  channel: PaymentChannel;
  /** OVO's number, as typed (the server normalises it). */
  phone?: string;
  /** One key for as long as the dialog is open: choosing again after a failure is the same intent. */
  idempotencyKey: string;
}

/**
 * Choosing a provider's channel in the modal host (a native <dialog>: focus stays inside, Escape closes):
 * paying an order later, or changing the method of an attempt. Loaded on first use.
 */
export default function ChannelDialog(props: {
  title: string;
  offers: readonly ChannelOffer[];
  current?: PaymentChannel;
  confirmLabel: string;
  onConfirm: (choice: ChannelChoice) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<{ channel?: string; phone?: string }>({});
  const [key] = useState(newIntentKey);
  const suggestPhone = useSuggestPhone();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!channel) return setErrors({ channel: t("errors.checkout.selectMethod") });
    const phoneProblem = channel === "ovo" ? walletPhoneProblem(phone) : undefined;
    if (phoneProblem) return setErrors({ phone: t(phoneProblem) });
    props.onConfirm({
      channel,
      ...(channel === "ovo" ? { phone: phone.trim() } : {}),
      idempotencyKey: key,
    });
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
        {props.title}
      </h2>
      <div className="-mx-5 mt-1 min-h-0 flex-1 overflow-y-auto px-5 pb-1">
        <ChannelPicker
          name={`${id}-channel`}
          offers={props.offers}
          value={channel}
          onChange={(next) => {
            setChannel(next);
            setErrors({});
          }}
          phone={phone}
          onPhoneChange={(next) => {
            setPhone(next);
            setErrors((v) => ({ ...v, phone: undefined }));
          }}
          phoneError={errors.phone}
          suggestPhone={suggestPhone}
          current={props.current}
          errorId={errors.channel ? `${id}-error` : undefined}
        />
      </div>
      {errors.channel && (
        <p id={`${id}-error`} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {errors.channel}
        </p>
      )}
      <DialogActions cancelLabel={t("payments.dialog.cancel")} confirmLabel={props.confirmLabel} />
    </form>
  );
}
