import { useEffect, useId, useMemo } from "react";
import { ImagePlus, Star, X } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";

/** Choosing 1 to 5 stars: a group of radio buttons drawn as stars (arrow keys move between them). */
export function StarInput(props: { value: number; onChange: (rating: number) => void; error?: string }) {
  const { t } = useI18n();
  const name = useId();
  return (
    <fieldset className="mt-2" aria-describedby={props.error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">{t("reviews.write.rating")}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded focus-within:ring-2 focus-within:ring-primary-600">
            <input
              type="radio"
              name={name}
              value={n}
              checked={props.value === n}
              onChange={() => props.onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{t("reviews.starsOf", { rating: n })}</span>
            <Star
              aria-hidden="true"
              className={`size-9 p-0.5 ${
                n <= props.value ? "fill-amber-400 text-amber-500" : "fill-transparent text-gray-400"
              }`}
            />
          </label>
        ))}
      </div>
      {props.error && (
        <p id={`${name}-error`} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Choosing up to `max` photos: the chosen ones show at once as thumbnails, each removable, before they are
 * uploaded with the form.
 */
export function PhotoPicker(props: { files: File[]; onChange: (files: File[]) => void; max: number }) {
  const { t } = useI18n();
  const id = useId();
  const previews = useMemo(() => props.files.map((f) => URL.createObjectURL(f)), [props.files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p)), [previews]);
  return (
    <div className="mt-4">
      <p className="text-sm font-medium" id={`${id}-label`}>
        {t("reviews.write.photos", { max: props.max })}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        {previews.map((src, i) => (
          <div key={src} className="relative">
            <img src={src} alt="" width={72} height={72} className="size-18 rounded-lg object-cover" />
            <button
              type="button"
              aria-label={t("reviews.write.removePhoto", { n: i + 1 })}
              onClick={() => props.onChange(props.files.filter((_, j) => j !== i))}
              className="absolute -end-2 -top-2 grid size-7 place-items-center rounded-full bg-gray-900 text-white"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ))}
        {props.files.length < props.max && (
          <label
            htmlFor={id}
            className="grid size-18 cursor-pointer place-items-center rounded-lg border border-dashed border-gray-400 text-gray-700 focus-within:ring-2 focus-within:ring-primary-600 dark:text-gray-300"
          >
            <ImagePlus className="size-6" aria-hidden="true" />
            <span className="sr-only">{t("reviews.write.addPhoto")}</span>
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              aria-describedby={`${id}-label`}
              className="sr-only"
              onChange={(e) => {
                const chosen = [...(e.target.files ?? [])];
                e.target.value = "";
                props.onChange([...props.files, ...chosen].slice(0, props.max));
              }}
            />
          </label>
        )}
      </div>
    </div>
  );
}
