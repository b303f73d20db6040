import { Link } from "react-router";

/** What a tab says when there is nothing in it yet, with the way to fill it. */
export function EmptyState({
  children,
  link,
}: {
  children: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="mt-6 flex flex-col items-start gap-4 rounded-xl border border-dashed border-olive-500/60 bg-parchment/50 p-6">
      <p className="max-w-prose leading-relaxed text-ink/90">{children}</p>
      <Link to={link.to} className="btn-primary">
        {link.label}
      </Link>
    </div>
  );
}
