import { useId } from "react";

/**
 * One choice of a few, as large tappable rows (the whole row is the radio's label); with an error, each radio is
 * marked invalid and described by it, so a form can move the focus to the first.
 */
export function Choice<T extends string>(props: {
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
  /** Inside a group that spaces it already. */
  compact?: boolean;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={`${props.compact ? "" : "mt-4"} min-w-0`}>
      <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{props.legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {props.options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 flex-auto cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm leading-tight has-checked:border-primary-700 has-checked:bg-primary-50 has-checked:font-semibold dark:border-gray-600 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === props.value}
              onChange={() => props.onChange(o.value)}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? errorId : undefined}
              className="size-5 shrink-0 accent-primary-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
