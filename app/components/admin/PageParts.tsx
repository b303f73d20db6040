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

/** A titled part of a back-office page in its box; `className` adds its spacing and place. */
export function Panel({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-olive-200 bg-cream p-4 ${className}`}
    >
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
