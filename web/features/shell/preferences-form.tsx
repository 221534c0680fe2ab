import { useState } from "react";
import { localeNames, locales, type Locale } from "#common/locales.ts";
import { timeZoneNames, type TimeZoneName } from "#common/time-zones.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { themes, useTheme } from "../../lib/theme.ts";
import { useSetTimeZone, useTimeZone } from "../../lib/time-zone.ts";
import { useSwitchLanguage } from "./switch-language.ts";

function Choice<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">{props.legend}</legend>
      <div className="grid gap-2">
        {props.options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2.5 has-checked:border-primary-600 has-checked:bg-primary-50 dark:border-gray-700 dark:has-checked:bg-primary-950"
          >
            <input
              type="radio"
              name={props.name}
              value={o.value}
              checked={o.value === props.value}
              onChange={() => props.onChange(o.value)}
              className="accent-primary-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Theme and language choices; switching language keeps the current page. The account page also offers the
 * time zone times are shown in (`timeZone`).
 */
export function PreferencesForm(props: { onLanguageChange?: () => void; timeZone?: boolean }) {
  const { t, locale } = useI18n();
  const { theme, setTheme } = useTheme();
  const switchTo = useSwitchLanguage();
  // Shown at once; the page's times follow when the root loader has read the new cookie.
  const [chosenZone, setChosenZone] = useState<TimeZoneName>();
  const loadedZone = useTimeZone();
  const timeZone = chosenZone ?? loadedZone;
  const setTimeZone = useSetTimeZone();
  const switchLanguage = (next: Locale) => {
    props.onLanguageChange?.();
    switchTo(next);
  };
  return (
    <>
      <Choice
        legend={t("shell.theme.label")}
        name="theme"
        value={theme}
        options={themes.map((v) => ({ value: v, label: t(`shell.theme.${v}`) }))}
        onChange={setTheme}
      />
      <Choice
        legend={t("shell.language.label")}
        name="language"
        value={locale}
        options={locales.map((v) => ({ value: v, label: localeNames[v] }))}
        onChange={switchLanguage}
      />
      {props.timeZone && (
        <Choice
          legend={t("shell.timeZone.label")}
          name="timeZone"
          value={timeZone}
          options={timeZoneNames.map((v) => ({ value: v, label: t(`shell.timeZone.${v}`) }))}
          onChange={(zone) => {
            setChosenZone(zone);
            setTimeZone(zone);
          }}
        />
      )}
    </>
  );
}
