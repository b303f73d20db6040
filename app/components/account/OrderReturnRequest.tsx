import { useId } from "react";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { accountIntents, intentField } from "~core/form-intent";
import { returnStatusLabels, returnWindowDays } from "~core/returns";
import { type AccountActionResult, useAccountAction } from "./action-result";
import type { LoadedValue, TabContent } from "./TabData";

/** What became of the customer's latest request to return an order. */
type OrderReturnView = NonNullable<
  LoadedValue<TabContent<"orders">["orders"]>[number]["latestReturn"]
>;

/** Where the customer's return stands: the label to print, or why it was declined. */
function ReturnState({ latestReturn }: { latestReturn: OrderReturnView }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="font-semibold text-olive-950">{returnStatusLabels[latestReturn.status]}</p>
      {latestReturn.status === "requested" ? (
        <p className="text-ink/85">We will answer by e-mail.</p>
      ) : null}
      {latestReturn.status === "approved" && latestReturn.labelUrl ? (
        <a
          href={latestReturn.labelUrl}
          className="font-semibold text-olive-900 underline underline-offset-4"
        >
          Print your prepaid return label
        </a>
      ) : null}
      {latestReturn.status === "declined" && latestReturn.message ? (
        <p className="text-ink/85">{latestReturn.message}</p>
      ) : null}
    </div>
  );
}

/** 'Request a return' with its reason; it works before the page's scripts have loaded. */
function ReturnRequestForm({
  orderId,
  pageResult,
}: {
  orderId: string;
  pageResult: AccountActionResult | undefined;
}) {
  const { fetcher, refusal } = useAccountAction(pageResult, "return_request_error");
  const reasonId = useId();
  const busy = fetcher.state !== "idle";
  return (
    <details className="rounded-lg border border-olive-200 p-3 text-sm" open={Boolean(refusal)}>
      <summary className="cursor-pointer font-semibold text-olive-900">Request a return</summary>
      <fetcher.Form method="post" action="/account?tab=orders" className="mt-3 space-y-3">
        <input type="hidden" name={intentField} value={accountIntents.requestReturn} />
        <input type="hidden" name="orderId" value={orderId} />
        <p className="text-ink/85">
          Returns are free within {returnWindowDays} days of delivery: we e-mail you a prepaid
          label, and refund you once the parcel is back.
        </p>
        {refusal?.target === orderId ? <ServerErrorAlert error={refusal.error} /> : null}
        <label htmlFor={reasonId} className="block font-semibold">
          Reason for the return
        </label>
        <textarea
          id={reasonId}
          name="reason"
          rows={3}
          required
          maxLength={1000}
          className="w-full rounded-lg border border-olive-500 bg-white px-3 py-2 text-base"
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send return request"}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** An order's return: the request form while it may be returned, then where the return stands. */
export function OrderReturnRequest({
  orderId,
  latestReturn,
  returnable,
  pageResult,
}: {
  orderId: string;
  latestReturn: OrderReturnView | null;
  returnable: boolean;
  pageResult: AccountActionResult | undefined;
}) {
  if (!latestReturn && !returnable) return null;
  return (
    <div className="mt-5 space-y-3 border-t border-olive-200 pt-4">
      {latestReturn ? <ReturnState latestReturn={latestReturn} /> : null}
      {returnable ? <ReturnRequestForm orderId={orderId} pageResult={pageResult} /> : null}
    </div>
  );
}
