import type { ReactNode } from "react";

/** A back-office page's title with the line that says what the page is for. */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h1 className="text-3xl sm:text-4xl">{title}</h1>
      <p className="text-ink/80">{children}</p>
    </div>
  );
}

/** Why a form was refused, as a whole: nothing when it was not. */
export function Refusal({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
      {message}
    </p>
  );
}
