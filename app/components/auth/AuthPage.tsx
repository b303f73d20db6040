import type { ReactNode } from "react";

/** The frame of the sign-in, registration and password pages. */
export function AuthPage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className="bg-parchment/70 py-10 sm:py-20">
      <div className="container-page">
        <div className="mx-auto max-w-lg rounded-2xl border border-olive-200 bg-cream p-6 shadow-xl sm:p-10">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-2 text-4xl sm:text-5xl">{title}</h1>
          {intro ? <p className="mt-3 text-base leading-relaxed text-ink/80">{intro}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </section>
  );
}
