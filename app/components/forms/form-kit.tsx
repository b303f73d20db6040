/**
 * The form kit: text fields with the spec's validity states and a submit button that waits
 * for them. It works inside React Router's <Form>, a fetcher's <fetcher.Form>, or a plain form,
 * because every field submits under its `name`, and before JavaScript loads as well.
 *
 *   const fetcher = useFetcher<{ fieldErrors?: { email?: string } }>();
 *   const form = useFormFields(
 *     { email: validators.email },                       // rules from ~core/field-rules
 *     { serverErrors: fetcher.data?.fieldErrors },       // optional: errors the action returned
 *   );
 *   <fetcher.Form method="post">
 *     <TextField {...form.field("email")} label="Email" type="email" autoComplete="email" />
 *     <SubmitButton ready={form.isValid} busy={fetcher.state !== "idle"}>Send</SubmitButton>
 *   </fetcher.Form>
 *
 * - A field's error shows only once it has had content and lost focus; it then follows every
 *   change (see ./field-state).
 * - `form.isValid` is true when every field passes. SubmitButton is disabled until then, once
 *   JavaScript runs; before that the browser's own checks (required, type, minimum length) and
 *   the server's validation answer, so the form still works.
 * - A server error shows on its field at once and stays until the shopper edits that field. Pass
 *   the object the action returned as it is (a new object means a new answer).
 * - `form.values` holds what is typed, text typed before the page became interactive included.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { Validator } from "~core/field-rules";
import {
  answerField,
  blurField,
  changeField,
  type FieldState,
  initialField,
  visibleError,
} from "./field-state";
import { useHydrated } from "./use-hydrated";

/** What `useFormFields` hands each field. */
export interface FieldProps {
  name: string;
  /** The value the field starts with. */
  defaultValue: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  /** The message to show now, if any. */
  error: string | null;
}

function fieldsOf<Name extends string, Value>(
  names: readonly Name[],
  value: (name: Name) => Value,
): Record<Name, Value> {
  return Object.fromEntries(names.map((name) => [name, value(name)])) as Record<Name, Value>;
}

export function useFormFields<Name extends string>(
  rules: Record<Name, Validator>,
  options: {
    initialValues?: Partial<Record<NoInfer<Name>, string>>;
    serverErrors?: Partial<Record<NoInfer<Name>, string>> | null;
  } = {},
) {
  const names = Object.keys(rules) as Name[];
  const [initial] = useState(() => fieldsOf(names, (name) => options.initialValues?.[name] ?? ""));
  const [fields, setFields] = useState(() =>
    fieldsOf(names, (name) => initialField(initial[name])),
  );
  const serverErrors = options.serverErrors ?? null;
  // A new answer from the server: its messages show again until their fields are edited.
  const [answer, setAnswer] = useState(serverErrors);
  if (answer !== serverErrors) {
    setAnswer(serverErrors);
    setFields((current) => fieldsOf(names, (name) => answerField(current[name])));
  }

  const update = useCallback((name: Name, change: (state: FieldState) => FieldState) => {
    setFields((current) => ({ ...current, [name]: change(current[name]) }));
  }, []);

  const field = (name: Name): FieldProps => ({
    name,
    defaultValue: initial[name],
    onValueChange: (value) => update(name, (current) => changeField(current, value)),
    onBlur: () => update(name, blurField),
    error: visibleError(fields[name], rules[name], serverErrors?.[name] ?? null),
  });

  return {
    field,
    values: fieldsOf(names, (name) => fields[name].value),
    isValid: names.every((name) => rules[name](fields[name].value) === null),
  };
}

/** A field that shows a value the shopper cannot change (the value is still submitted). */
export function fixedField(name: string, value: string): FieldProps {
  return { name, defaultValue: value, onValueChange: () => {}, onBlur: () => {}, error: null };
}

export type TextFieldProps = FieldProps &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    keyof FieldProps | "children" | "disabled" | "value" | "onChange" | "id"
  > & {
    label: ReactNode;
    hint?: ReactNode;
    /** Shown but not editable; the value is still submitted. */
    fixed?: boolean;
  };

/** A labelled input with its hint and its error. Required unless `required={false}`. */
export function TextField({
  name,
  defaultValue,
  onValueChange,
  onBlur,
  error,
  label,
  hint,
  fixed = false,
  required = true,
  className = "",
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const element = useRef<HTMLInputElement>(null);

  // Text typed before the page became interactive counts as the field's value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when hydrated
  useEffect(() => {
    const typed = element.current?.value ?? "";
    if (typed !== defaultValue) onValueChange(typed);
  }, []);

  return (
    <div className={className}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-olive-950">
          {label}
        </label>
        <input
          {...input}
          ref={element}
          id={id}
          name={fixed ? undefined : name}
          defaultValue={defaultValue}
          disabled={fixed}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined
          }
          onChange={(event) => onValueChange(event.target.value)}
          onBlur={onBlur}
          className="min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-olive-800 focus:ring-2 focus:ring-gold-500/40 disabled:border-olive-200 disabled:bg-parchment disabled:text-ink/75 aria-invalid:border-red-700"
        />
        {fixed ? <input type="hidden" name={name} value={defaultValue} /> : null}
        {hint ? (
          <p id={hintId} className="text-sm text-ink/75">
            {hint}
          </p>
        ) : null}
      </div>
      {/* Always present, so that a message appearing as the shopper moves on is announced. */}
      <p
        id={errorId}
        aria-live="polite"
        className="mt-1.5 text-sm font-medium text-red-800 empty:mt-0"
      >
        {error}
      </p>
    </div>
  );
}

/**
 * The form's submit button: disabled until `ready` (once the page is interactive) and while
 * the form is on its way, when it may say so with `busyLabel`.
 */
export function SubmitButton({
  ready,
  busy,
  busyLabel,
  className = "btn-primary w-full",
  children,
}: {
  ready: boolean;
  busy: boolean;
  busyLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={busy || (hydrated && !ready)}
      aria-busy={busy || undefined}
      className={className}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
