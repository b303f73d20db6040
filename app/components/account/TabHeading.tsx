import type { ReactNode } from "react";

export function TabHeading({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-olive-200 pb-4">
      <h2 id={id} className="text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-2 text-ink/80">{children}</p> : null}
    </header>
  );
}
