import type { ReactNode } from "react";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import type { ServerError } from "~core/result";

/** A saved card or a membership: what it is, its action beside it, and why the action failed. */
export function ItemCard({
  refused,
  children,
  below,
}: {
  refused: ServerError | undefined;
  children: ReactNode;
  /** More under the item and its action: a membership's controls. */
  below?: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-olive-200 bg-white/70 p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        {children}
      </div>
      {refused ? (
        <div className="mt-4">
          <ServerErrorAlert error={refused} />
        </div>
      ) : null}
      {below ? <div className="mt-5 space-y-4">{below}</div> : null}
    </li>
  );
}
