import type { ReactNode } from "react";

/** A titled part of a back-office page, a region named by its title. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
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

/** One labelled fact, inside a `<dl>`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink/70 uppercase">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
