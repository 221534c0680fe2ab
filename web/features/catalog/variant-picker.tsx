import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { Picture } from "../../ui/picture.tsx";
import {
  choiceSearch,
  isDisabled,
  valuePicture,
  type Choice,
  type ProductOption,
  type ProductVariant,
} from "./variant-choice.ts";

/**
 * The option pickers of a product page (decision 25, section 5): one fieldset per axis, each value a link to
 * the address with that value chosen, so choosing works before hydration and without JavaScript; a value that
 * cannot be chosen is plain text, struck through. No state: the address is the choice. Each fieldset has the
 * id `option-{n}` (n = 1, 2) and can take focus; with `prompt`, the first unchosen axis says "Pilih Ukuran".
 * The chips' look is `.variant-chip` in app.css, by their aria state: CSS, not the page's JavaScript budget.
 */
export function VariantPicker(props: {
  options: ProductOption[];
  variants: ProductVariant[];
  choice: Choice;
  /** The axis to ask for ("Pilih Ukuran"), after a tap on a buy button with it unchosen. */
  prompt?: ProductOption | null;
}) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { variants, choice } = props;
  const missing = props.prompt;
  return props.options.map((option, axis) => {
    const chosen = option.values.find((v) => v.id === choice[axis]);
    return (
      <fieldset key={option.position} id={`option-${axis + 1}`} tabIndex={-1} className="mt-4 min-w-0">
        <legend className="text-sm font-medium">
          {chosen
            ? t("catalog.product.optionChosen", { name: option.name, value: chosen.name })
            : option.name}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {option.values.map((value) => {
            const current = value === chosen ? "true" : undefined;
            const picture = option.kind === "colour" ? valuePicture(variants, axis, value) : null;
            const content = (
              <>
                {picture ? (
                  <Picture
                    image={picture}
                    alt=""
                    sizes="40px"
                    width={40}
                    height={40}
                    className="-ms-2.5 size-10 rounded-md object-cover"
                  />
                ) : (
                  value.swatch && (
                    <span
                      className="size-5 rounded-full ring-1 ring-gray-400"
                      style={{ backgroundColor: value.swatch }}
                    />
                  )
                )}
                {value.name}
              </>
            );
            return isDisabled(variants, choice, axis, value.id) ? (
              <span key={value.id} aria-disabled="true" className="variant-chip">
                {content} <span className="sr-only">{t("catalog.product.optionSoldOut")}</span>
              </span>
            ) : (
              <Link
                key={value.id}
                to={{ search: choiceSearch(params, axis, value.id) }}
                replace
                preventScrollReset
                aria-current={current}
                className="variant-chip"
              >
                {content}
              </Link>
            );
          })}
        </div>
        {missing === option && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {t("catalog.product.choose", { name: option.name })}
          </p>
        )}
      </fieldset>
    );
  });
}
