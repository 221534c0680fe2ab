import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ChevronDown } from "lucide-react";
import { useI18n } from "../lib/i18n.tsx";

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A searchable select list (the ARIA 1.2 combobox pattern with a list box): type to filter, arrows to move,
 * Enter to choose, Escape to close. Says "No options." when there is nothing to choose and 'No results for
 * "{query}".' when the typed text matches nothing (seed section 2). At most 15rem tall (seed section 9).
 *
 * With nothing to show, there is no list box (a list box must hold options): the open popup holds that sentence
 * alone, in a status region, so a screen reader says it, and the combobox reads as collapsed.
 */
export function SelectList(props: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  name?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const selected = props.options.find((o) => o.value === props.value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? props.options.filter((o) => o.label.toLowerCase().includes(q)) : props.options;
  }, [props.options, query]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  const choose = (option: SelectOption) => {
    props.onChange(option.value);
    setOpen(false);
    setQuery("");
  };
  const openList = () => {
    if (props.disabled) return;
    setOpen(true);
    setActive(
      Math.max(
        0,
        shown.findIndex((o) => o.value === props.value),
      ),
    );
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(shown.length - 1, 0)));
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      const option = shown[active];
      if (option) choose(option);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setQuery("");
    }
  };

  const empty =
    props.options.length === 0
      ? t("shell.select.noOptions")
      : shown.length === 0
        ? t("shell.select.noResults", { query: query.trim() })
        : null;
  /** The list box is on screen: open, with at least one option. */
  const listed = open && shown.length > 0;

  return (
    <div className="relative mt-4">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {props.label}
      </label>
      <div className="relative mt-1">
        <input
          ref={inputRef}
          id={id}
          name={props.name}
          role="combobox"
          aria-expanded={listed}
          aria-controls={shown.length > 0 ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          autoComplete="off"
          disabled={props.disabled}
          placeholder={selected ? selected.label : props.placeholder}
          value={open ? query : (selected?.label ?? "")}
          onFocus={openList}
          onClick={openList}
          onBlur={() => {
            setOpen(false);
            setQuery("");
          }}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className={`h-12 w-full rounded-lg border bg-white pr-10 pl-3 text-base placeholder:text-gray-500 disabled:bg-gray-100 disabled:text-gray-500 dark:bg-gray-800 dark:placeholder:text-gray-400 dark:disabled:bg-gray-900 ${
            props.error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-600"
          }`}
        />
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-gray-500"
        />
      </div>
      <div
        data-part="popup"
        hidden={!open}
        className="absolute z-20 mt-1 w-full rounded-lg border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-800"
      >
        {shown.length > 0 && (
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={props.label}
            className="max-h-60 overflow-y-auto py-1"
          >
            {shown.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-opt-${index}`}
                data-index={index}
                role="option"
                aria-selected={option.value === props.value}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-2.5 text-base ${
                  index === active ? "bg-primary-50 dark:bg-primary-950" : ""
                } ${option.value === props.value ? "font-semibold text-primary-800 dark:text-primary-300" : ""}`}
              >
                {option.label}
              </li>
            ))}
          </ul>
        )}
        {/* Always there while the popup is, so the sentence is read out when it appears. */}
        <p
          role="status"
          className={empty ? "px-3 py-2.5 text-sm text-gray-600 dark:text-gray-300" : undefined}
        >
          {open ? empty : null}
        </p>
      </div>
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}
