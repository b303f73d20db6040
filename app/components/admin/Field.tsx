import type { ReactNode } from "react";
import { type DayField as DayFieldName, filterDayBounds, type RefusedDay } from "~core/admin/days";
import { fieldClass as listFieldClass } from "./ListParts";

/** A field that may be marked wrong. */
export const fieldClass = `${listFieldClass} aria-invalid:border-red-700`;

/**
 * A labelled field with its error below it. `name` names the form field and, with `form`, the
 * ids that tie the error to the field; `multiline` makes it a text area.
 */
export function Field({
  label,
  name,
  form,
  error,
  hint,
  multiline = false,
  ...input
}: {
  label: ReactNode;
  name: string;
  form: string;
  error: string | undefined;
  /** A line under the field that says what it takes. */
  hint?: string;
  multiline?: boolean;
  type?: string;
  required?: boolean;
  inputMode?: "decimal" | "url";
  placeholder?: string;
  accept?: string;
  disabled?: boolean;
  defaultValue?: string;
}) {
  const id = `${form}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": hint ? `${hintId} ${errorId}` : errorId,
    className: `${fieldClass} disabled:bg-parchment`,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} {...input} /> : <input {...common} {...input} />}
      {hint ? (
        <span id={hintId} className="text-sm text-ink/75">
          {hint}
        </span>
      ) : null}
      <span id={errorId} className="text-sm font-medium text-red-800">
        {error}
      </span>
    </div>
  );
}

/**
 * A day of a list's filters (`from` or `to`) in the list's form sent in the address. A day the
 * list refused keeps what was typed, with the form's message below it.
 */
export function DayField({
  label,
  name,
  value,
  refused,
}: {
  label: string;
  name: DayFieldName;
  value: string | null;
  refused: RefusedDay | undefined;
}) {
  const errorId = `filter-${name}-error`;
  return (
    <div className="flex flex-col gap-1 text-sm font-semibold">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        id={`filter-${name}`}
        type="date"
        name={name}
        defaultValue={refused?.typed ?? value ?? ""}
        min={filterDayBounds.first}
        max={filterDayBounds.last}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? errorId : undefined}
        className={fieldClass}
      />
      {refused ? (
        <span id={errorId} className="font-medium text-red-800">
          {refused.message}
        </span>
      ) : null}
    </div>
  );
}
