import { Field } from "../auth/form.tsx";
import { onlyDigits } from "./action-code-field.tsx";

/** A 6-digit PIN, typed hidden on the phone's number pad (issue 43). */
export function PinField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Field
      label={props.label}
      error={props.error}
      input={{
        name: props.name,
        type: "password",
        inputMode: "numeric",
        autoComplete: "off",
        maxLength: 6,
        value: props.value,
        onChange: (e) => props.onChange(onlyDigits(e.target.value)),
      }}
    />
  );
}
