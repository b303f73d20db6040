import type { ReactNode } from "react";

export const fieldClass =
  "min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3 py-2 text-base text-ink focus:border-olive-800 focus:ring-2 focus:ring-gold-500/40 focus:outline-none aria-invalid:border-red-700";

/** One titled part of a back-office page: the order's items, its refund, its timeline. */
export function WorkCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
    >
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <div className="mt-3 space-y-2 text-sm">{children}</div>
    </section>
  );
}

/**
 * A labelled field with its error below it. `name` names the form field and, with `form`, the
 * ids that tie the error to the field; `multiline` makes it a text area.
 */
export function Field({
  label,
  name,
  form,
  error,
  multiline = false,
  ...input
}: {
  label: ReactNode;
  name: string;
  form: string;
  error: string | undefined;
  multiline?: boolean;
  type?: string;
  required?: boolean;
  inputMode?: "decimal" | "url";
  placeholder?: string;
  accept?: string;
  disabled?: boolean;
}) {
  const id = `${form}-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": errorId,
    className: `${fieldClass} disabled:bg-parchment`,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} {...input} /> : <input {...common} {...input} />}
      <span id={errorId} className="text-sm font-medium text-red-800">
        {error}
      </span>
    </div>
  );
}
