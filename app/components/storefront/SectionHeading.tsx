import type { ReactNode } from "react";

/** An eyebrow, a serif heading and an optional introduction. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "left",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "left" | "center";
}) {
  return (
    <div className={`max-w-2xl space-y-3 ${align === "center" ? "mx-auto text-center" : ""}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="text-3xl sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="text-lg text-olive-900">{children}</div> : null}
    </div>
  );
}
