import type { ServerError } from "~core/result";

/** The red alert for an error the server reported. */
export function ServerErrorAlert({ error }: { error: ServerError | null | undefined }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="font-semibold">
        {error.message ? `Error: ${error.message}` : "There was an error"}
      </p>
      {error.code ? <p className="mt-1">Error code: {error.code}</p> : null}
    </div>
  );
}
