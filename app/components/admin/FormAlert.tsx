/** A form's refusal in words, said at once by screen readers; nothing when there is none. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
      {message}
    </p>
  );
}

/** The line above a form whose fields are marked wrong. */
export function FieldsAlert({ errors }: { errors: Readonly<Record<string, string | undefined>> }) {
  return (
    <FormAlert
      message={Object.keys(errors).length > 0 ? "Please correct the fields marked below." : null}
    />
  );
}
