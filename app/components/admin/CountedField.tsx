import { useState } from "react";
import { fieldClass } from "./Field";

/**
 * A field whose length the page limits: it counts the characters as they are typed (the count
 * is right before scripts run too), and marks the field when there are too many.
 */
export function CountedField({
  form,
  name,
  label,
  limit,
  value,
  error,
  multiline,
}: {
  form: string;
  name: string;
  label: string;
  limit: number;
  value: string;
  error: string | undefined;
  multiline: boolean;
}) {
  const [length, setLength] = useState(value.length);
  const id = `${form}-${name}`;
  const common = {
    id,
    name,
    defaultValue: value,
    "aria-invalid": error || length > limit ? true : undefined,
    "aria-describedby": `${id}-count ${id}-error`,
    className: fieldClass,
    onInput: (event: { currentTarget: { value: string } }) =>
      setLength(event.currentTarget.value.length),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {multiline ? <textarea rows={5} {...common} /> : <input {...common} />}
      <span
        id={`${id}-count`}
        className={`text-sm ${length > limit ? "font-semibold text-red-800" : "text-ink/75"}`}
      >
        {length} of {limit} characters
      </span>
      <span id={`${id}-error`} className="text-sm font-medium text-red-800">
        {error}
      </span>
    </div>
  );
}
