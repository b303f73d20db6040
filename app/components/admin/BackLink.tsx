import type { ReactNode } from "react";
import { Link } from "react-router";

/** The way back from a record to its list, at the top of the page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4"
    >
      {children}
    </Link>
  );
}
