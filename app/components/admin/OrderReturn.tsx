import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import type { Route } from "~/routes/+types/admin.order";
import type { OrderWorkResult } from "~core/admin/order-page";
import { intentField, orderPageIntents } from "~core/form-intent";
import { returnStatusLabels } from "~core/returns";
import { Card } from "./Card";
import { Field } from "./Field";
import { FoldedForm } from "./FoldedForm";
import { ShopTime } from "./shop-time";

/** The order's latest return, which the page shows while it is open. */
type StaffReturn = NonNullable<Route.ComponentProps["loaderData"]["latestReturn"]>;

const returnIntents: readonly string[] = [
  orderPageIntents.approveReturn,
  orderPageIntents.declineReturn,
  orderPageIntents.receiveReturn,
];

/** Approving (with the label) or declining (with a message), each folded behind its button. */
function Decision({ result, busy }: { result: OrderWorkResult | undefined; busy: boolean }) {
  const errors = result?.fieldErrors ?? {};
  const approving = result?.intent === orderPageIntents.approveReturn;
  const declining = result?.intent === orderPageIntents.declineReturn;
  return (
    <div className="space-y-3">
      <FoldedForm label="Approve the return" open={approving}>
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-3 rounded-lg border border-olive-200 p-3"
        >
          <input type="hidden" name={intentField} value={orderPageIntents.approveReturn} />
          <p>The shop pays the return: attach the carrier's prepaid label.</p>
          <Field
            form="approve"
            name="labelPdf"
            type="file"
            accept="application/pdf"
            label="Return label (PDF, at most 1 MB)"
            error={approving ? errors.label : undefined}
          />
          <Field
            form="approve"
            name="labelUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            label="Or the label's address"
            error={undefined}
          />
          <button type="submit" disabled={busy} className="btn-primary w-full">
            Approve return
          </button>
        </Form>
      </FoldedForm>
      <FoldedForm label="Decline the return" open={declining}>
        <Form method="post" className="space-y-3 rounded-lg border border-olive-200 p-3">
          <input type="hidden" name={intentField} value={orderPageIntents.declineReturn} />
          <Field
            form="decline"
            name="message"
            label="Message to the customer"
            multiline
            required
            error={declining ? errors.message : undefined}
          />
          <button type="submit" disabled={busy} className="btn-outline w-full">
            Decline return
          </button>
        </Form>
      </FoldedForm>
    </div>
  );
}

/** The customer's return request and the step it waits for. */
export function OrderReturn({
  latestReturn,
  result,
}: {
  latestReturn: StaffReturn;
  result: OrderWorkResult | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const mine = returnIntents.includes(result?.intent ?? "");
  return (
    <Card title="Return">
      <ServerErrorAlert error={mine ? result?.error : undefined} />
      <p>
        <span className="font-semibold">{returnStatusLabels[latestReturn.status]}</span> on{" "}
        <ShopTime at={latestReturn.requestedAt} />: “{latestReturn.reason}”
      </p>
      {latestReturn.message ? <p>Our answer: {latestReturn.message}</p> : null}
      {latestReturn.labelUrl ? (
        <p>
          <a href={latestReturn.labelUrl} className="underline underline-offset-4">
            The return label
          </a>
        </p>
      ) : null}
      {latestReturn.status === "requested" ? <Decision result={result} busy={busy} /> : null}
      {latestReturn.status === "approved" ? (
        <Form method="post">
          <input type="hidden" name={intentField} value={orderPageIntents.receiveReturn} />
          <button type="submit" disabled={busy} className="btn-primary w-full">
            Return received
          </button>
        </Form>
      ) : null}
      {latestReturn.status === "received" ? (
        <p>Refund the customer below: in full, or in part.</p>
      ) : null}
    </Card>
  );
}
