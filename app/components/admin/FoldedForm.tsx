import { type ReactNode, useState } from "react";
import { LineIcon } from "~/components/storefront/media";

/**
 * A form folded behind a button, so that the order itself comes first on a phone: a `<details>`
 * whose summary looks like a button, which opens without scripts. `open` unfolds it when the form
 * has something to show (its errors, a confirmation waiting); staff may fold it again. On a wide
 * screen, where the forms stand beside the order, the form is always shown and its button hidden
 * (a browser that cannot style a details element's content keeps it folded there too).
 */
export function FoldedForm({
  label,
  open,
  danger = false,
  children,
}: {
  label: string;
  open: boolean;
  /** Drawn in red: the form cancels something. */
  danger?: boolean;
  children: ReactNode;
}) {
  const [unfolded, setUnfolded] = useState(open);
  const [asked, setAsked] = useState(open);
  if (open !== asked) {
    setAsked(open);
    if (open) setUnfolded(true);
  }
  return (
    <details
      open={unfolded}
      onToggle={(event) => setUnfolded(event.currentTarget.open)}
      className="group lg:[&::details-content]:[content-visibility:visible]"
    >
      <summary
        className={`btn-outline w-full cursor-pointer list-none lg:hidden [&::-webkit-details-marker]:hidden ${
          danger ? "text-red-800" : "text-olive-900"
        }`}
      >
        {label}
        <LineIcon
          path="M6 9l6 6 6-6"
          strokeWidth={2}
          className="size-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="mt-3 lg:mt-0">{children}</div>
    </details>
  );
}
