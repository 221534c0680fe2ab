// The operator's flash-sale forms (issue 42): a new event with its name in every language and its slots, and a
// slot added to an event. Times are typed in the reader's zone; the server checks the rest (a start to come, at
// most 24 hours, no overlap) and its translated refusals show under their fields or above the buttons.
import { useEffect, useRef, useState } from "react";
import type { ManagedFlashSale } from "#common/contracts/flash.ts";
import { localeTags, locales, type Localized } from "#common/locales.ts";
import { maxFlashSlots } from "#common/promotions.ts";
import { Field, type FieldErrors } from "../auth/form.tsx";
import { fromZoneInput, toZoneInput } from "../merchant/voucher-form-values.ts";
import { refusalErrors } from "./ops-ui.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { useTimeZone } from "../../lib/time-zone.ts";
import { DialogActions } from "../../ui/confirm-dialog.tsx";

type SlotPeriod = { startsAt: Date; endsAt: Date };
/** A slot as its inputs hold it: `datetime-local` values in the reader's zone. */
interface SlotValues {
  key: number;
  startsAt: string;
  endsAt: string;
}
/** How long a new slot runs unless changed (hours). */
const defaultSlotHours = 2;
const hour = 3_600_000;

/** The next whole hour after `at`, an hour on: the first slot's start by default. */
function nextStart(at: Date): Date {
  return new Date((Math.floor(at.getTime() / hour) + 2) * hour);
}

/** The form's errors for one server refusal, the slots' fields named `slots.0.startsAt` (or `slot.endsAt`). */
const formErrors = (error: unknown) => refusalErrors(error, 3);

/** A slot's start and end, in a group named after it; errors under each, from the form's `errors` at `path`. */
function SlotFields(props: {
  legend: string;
  path: string;
  values: SlotValues;
  errors: FieldErrors;
  onChange: (field: "startsAt" | "endsAt", value: string) => void;
  action?: React.ReactNode;
}) {
  const { t } = useI18n();
  const zone = useTimeZone();
  return (
    <fieldset className="mt-3 min-w-0 rounded-lg border border-gray-300 px-3 pb-3 dark:border-gray-600">
      <legend className="px-1 text-sm font-semibold">{props.legend}</legend>
      <div className="-mt-3 grid grid-cols-[repeat(auto-fit,minmax(13rem,1fr))] gap-x-3">
        {(["startsAt", "endsAt"] as const).map((field) => (
          <Field
            key={field}
            label={t(`ops.flash.${field}`, { zone })}
            error={props.errors[`${props.path}.${field}`]}
            input={{
              name: `${props.path}.${field}`,
              type: "datetime-local",
              value: props.values[field],
              onChange: (e) => props.onChange(field, e.target.value),
            }}
          />
        ))}
      </div>
      {props.action}
    </fieldset>
  );
}

/** The form's own refusal (a DomainError: a start passed, slots overlapping), above its buttons. */
function FormError(props: { text?: string | undefined }) {
  if (!props.text) return null;
  return (
    <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
      {props.text}
    </p>
  );
}

/** Reads slots typed in the reader's zone; an unreadable time is an error at its field. */
function readSlots(
  slots: readonly SlotValues[],
  zone: ReturnType<typeof useTimeZone>,
  path: (i: number) => string,
  required: string,
): { periods: SlotPeriod[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const periods = slots.map((s, i) => {
    const startsAt = fromZoneInput(s.startsAt, zone);
    const endsAt = fromZoneInput(s.endsAt, zone);
    if (!startsAt) errors[`${path(i)}.startsAt`] = required;
    if (!endsAt) errors[`${path(i)}.endsAt`] = required;
    return { startsAt: startsAt!, endsAt: endsAt! };
  });
  return { periods, errors };
}

/** Moves the focus to the first field marked invalid (the form's own error is an alert, read out as it shows). */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
}

/**
 * A new event: its name in Indonesian, English and Chinese, and one or more slots (the first starting at the next
 * whole hour but one, each next one where the last ends), up to the most an event may have.
 */
export function FlashSaleForm(props: {
  openedAt: Date;
  pending: boolean;
  onSave: (
    input: { name: Localized; slots: SlotPeriod[] },
    handlers: { onError: (error: unknown) => void },
  ) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const zone = useTimeZone();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the focus goes to the form's title, where reading it starts.
  useEffect(() => heading.current?.focus(), []);
  const [name, setName] = useState<Localized>({ ind: "", en: "", zh: "" });
  const [slots, setSlots] = useState<SlotValues[]>(() => {
    const start = nextStart(props.openedAt);
    return [
      {
        key: 0,
        startsAt: toZoneInput(start, zone),
        endsAt: toZoneInput(new Date(start.getTime() + defaultSlotHours * hour), zone),
      },
    ];
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = (field: string) => setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  const addSlot = () =>
    setSlots((all) => {
      const last = all[all.length - 1]!;
      const start = fromZoneInput(last.endsAt, zone) ?? nextStart(new Date());
      return [
        ...all,
        {
          key: last.key + 1,
          startsAt: toZoneInput(start, zone),
          endsAt: toZoneInput(new Date(start.getTime() + defaultSlotHours * hour), zone),
        },
      ];
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const read = readSlots(slots, zone, (i) => `slots.${i}`, t("ops.flash.dateRequired"));
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return focusFirstError(form.current);
    props.onSave(
      { name: { ind: name.ind.trim(), en: name.en.trim(), zh: name.zh.trim() }, slots: read.periods },
      {
        onError: (error) => {
          setErrors(formErrors(error));
          focusFirstError(form.current);
        },
      },
    );
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="flash-sale-form-title">
      <h2
        ref={heading}
        id="flash-sale-form-title"
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {t("ops.flash.createTitle")}
      </h2>
      <fieldset className="mt-4 min-w-0">
        <legend className="font-semibold">{t("ops.flash.name")}</legend>
        {locales.map((lang) => (
          <Field
            key={lang}
            label={t(`ops.flash.names.${lang}`)}
            error={errors[`name.${lang}`]}
            input={{
              name: `name.${lang}`,
              type: "text",
              autoComplete: "off",
              maxLength: 60,
              lang: localeTags[lang],
              value: name[lang],
              onChange: (e) => {
                const value = e.target.value;
                setName((n) => ({ ...n, [lang]: value }));
                clear(`name.${lang}`);
              },
            }}
          />
        ))}
      </fieldset>
      <fieldset className="mt-5 min-w-0">
        <legend className="font-semibold">{t("ops.flash.slots")}</legend>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("ops.flash.slotsHint")}</p>
        {errors.slots && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.slots}</p>}
        {slots.map((slot, i) => (
          <SlotFields
            key={slot.key}
            legend={t("ops.flash.slotNumber", { number: i + 1 })}
            path={`slots.${i}`}
            values={slot}
            errors={errors}
            onChange={(field, value) => {
              setSlots((all) => all.map((s) => (s.key === slot.key ? { ...s, [field]: value } : s)));
              clear(`slots.${i}.${field}`);
            }}
            action={
              slots.length > 1 && (
                <button
                  type="button"
                  onClick={() => {
                    setSlots((all) => all.filter((s) => s.key !== slot.key));
                    setErrors({});
                  }}
                  className="mt-3 min-h-11 rounded-full border border-gray-400 px-4 text-sm font-semibold dark:border-gray-500"
                >
                  {t("ops.flash.removeSlot", { number: i + 1 })}
                </button>
              )
            }
          />
        ))}
        {slots.length < maxFlashSlots && (
          <button
            type="button"
            onClick={addSlot}
            className="mt-3 min-h-11 rounded-full border border-primary-700 px-4 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:text-primary-300"
          >
            {t("ops.flash.addSlot")}
          </button>
        )}
      </fieldset>
      <FormError text={errors.form} />
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={t("ops.flash.save")}
        disabled={props.pending}
        onCancel={props.onCancel}
      />
    </form>
  );
}

/** A slot added to an event: by default where its last slot ends (or from the next whole hour but one). */
export function FlashSlotForm(props: {
  sale: ManagedFlashSale;
  pending: boolean;
  onSave: (slot: SlotPeriod, handlers: { onError: (error: unknown) => void }) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const zone = useTimeZone();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [slot, setSlot] = useState<SlotValues>(() => {
    const lastEnd = props.sale.slots.at(-1)?.endsAt;
    const soonest = nextStart(new Date());
    const start = lastEnd && lastEnd > soonest ? lastEnd : soonest;
    return {
      key: 0,
      startsAt: toZoneInput(start, zone),
      endsAt: toZoneInput(new Date(start.getTime() + defaultSlotHours * hour), zone),
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const read = readSlots([slot], zone, () => "slot", t("ops.flash.dateRequired"));
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return focusFirstError(form.current);
    props.onSave(read.periods[0]!, {
      onError: (error) => {
        setErrors(formErrors(error));
        focusFirstError(form.current);
      },
    });
  };
  const titleId = `flash-slot-form-${props.sale.id}`;
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-700"
    >
      <h3 ref={heading} id={titleId} tabIndex={-1} className="font-semibold outline-none">
        {t("ops.flash.newSlotTitle", { name: props.sale.name })}
      </h3>
      <SlotFields
        legend={t("ops.flash.slotNumber", { number: props.sale.slots.length + 1 })}
        path="slot"
        values={slot}
        errors={errors}
        onChange={(field, value) => {
          setSlot((s) => ({ ...s, [field]: value }));
          setErrors((e) => ({ ...e, [`slot.${field}`]: undefined, form: undefined }));
        }}
      />
      <FormError text={errors.form} />
      <DialogActions
        cancelLabel={t("catalog.search.cancel")}
        confirmLabel={t("ops.flash.saveSlot")}
        disabled={props.pending}
        onCancel={props.onCancel}
      />
    </form>
  );
}
