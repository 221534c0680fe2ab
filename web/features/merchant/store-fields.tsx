import { useEffect, useId, useMemo } from "react";
import { ImagePlus } from "lucide-react";
import type { ImageView } from "#common/images.ts";
import type { MessageKey } from "#common/i18n/messages.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { Avatar } from "../../ui/avatar.tsx";
import type { FieldErrors } from "../auth/form.tsx";

/** The most characters of a store's name and introduction (the server's limits, common/contracts). */
export const storeNameMax = 40;
export const storeIntroMax = 500;

/** An Indonesian mobile number as people type it: 08…, 8…, +62 8… or 62 8…, with spaces or dashes. */
function isMobileNumber(text: string): boolean {
  return /^(\+62|62|0)?8\d{7,12}$/.test(text.replace(/[\s().-]/g, ""));
}

/** The checks of a store's name, phone and introduction the server makes too, as message keys by field. */
export function checkStoreFields(
  v: { storeName: string; phone: string; intro: string },
  introRequired: boolean,
) {
  const errors: FieldErrors = {};
  const name = v.storeName.trim();
  if (name.length < 2) errors.storeName = "errors.merchant.storeName";
  else if (name.length > storeNameMax) errors.storeName = "errors.merchant.storeNameLong";
  if (!v.phone.trim()) errors.phone = "errors.merchant.phone";
  else if (!isMobileNumber(v.phone)) errors.phone = "errors.merchant.phoneFormat";
  if (introRequired && !v.intro.trim()) errors.intro = "errors.merchant.intro";
  else if (v.intro.trim().length > storeIntroMax) errors.intro = "errors.merchant.introLong";
  return errors;
}

/** Translates a field's message key, if any. */
export function useFieldMessage() {
  const { t } = useI18n();
  return (key: string | undefined) => (key ? t(key as MessageKey) : undefined);
}

/** A labelled multi-line text field with a character count and its error, wired for screen readers. */
export function TextAreaField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {props.label}
      </label>
      <textarea
        id={id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        rows={4}
        maxLength={props.max}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-count${props.error ? ` ${id}-error` : ""}`}
        className={`mt-1 w-full rounded-lg border bg-white p-3 text-base dark:bg-gray-800 ${
          props.error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-600"
        }`}
      />
      <p id={`${id}-count`} className="text-end text-xs text-gray-600 dark:text-gray-400">
        {props.value.length}/{props.max}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * A logo picker: the current logo (or the store's initials) and a button to choose a picture; the chosen
 * one shows at once, before it is uploaded.
 */
export function LogoPicker(props: {
  name: string;
  current: ImageView | null;
  file: File | null;
  onChange: (file: File) => void;
  label: string;
  error?: string;
  /** The form goes without a logo (an application): the hint says so and what shows instead. */
  optional?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  // A chosen file's address for the preview, given back when another is chosen or the picker goes.
  const preview = useMemo(() => (props.file ? URL.createObjectURL(props.file) : undefined), [props.file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div className="mt-4 flex items-center gap-4">
      {preview ? (
        <img src={preview} alt="" width={64} height={64} className="size-16 rounded-full object-cover" />
      ) : (
        <Avatar
          image={props.current}
          alt={t("merchant.home.logoAlt", { name: props.name })}
          name={props.name}
          size={64}
        />
      )}
      <div>
        <label
          htmlFor={id}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-primary-700 px-4 font-medium text-primary-800 focus-within:ring-2 focus-within:ring-primary-600 dark:border-primary-400 dark:text-primary-300"
        >
          <ImagePlus className="size-5" aria-hidden="true" />
          {props.label}
          <input
            id={id}
            type="file"
            name="logo"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-describedby={props.error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) props.onChange(file);
            }}
          />
        </label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {props.optional && `${t("merchant.apply.logoOptional")} `}
          {t("merchant.apply.logoHint")}
        </p>
        {props.error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {props.error}
          </p>
        )}
      </div>
    </div>
  );
}
