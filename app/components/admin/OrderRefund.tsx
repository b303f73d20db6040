import { Form, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { type OrderWorkResult, orderPageIntents } from "~/core/admin/order-page";
import { formatMoney } from "~/core/money";
import { canCancel, canRefund } from "~/core/refunds";
import { Card } from "./Card";
import { Field } from "./Field";
import type { StaffOrder } from "./OrderWork";

interface RefundFormProps {
  refundKey: string;
  leftCents: number;
  result: OrderWorkResult | undefined;
  busy: boolean;
}

function RefundForm({ refundKey, leftCents, result, busy }: RefundFormProps) {
  const errors = result?.intent === orderPageIntents.refund ? (result.fieldErrors ?? {}) : {};
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-olive-200 p-3">
      <input type="hidden" name="intent" value={orderPageIntents.refund} />
      <input type="hidden" name="key" value={refundKey} />
      <Field
        form="refund"
        name="amount"
        label={`Amount (at most ${formatMoney(leftCents)})`}
        inputMode="decimal"
        placeholder={(leftCents / 100).toFixed(2)}
        required
        error={errors.amount ?? errors.key}
      />
      <Field form="refund" name="reason" label="Reason" required error={errors.reason} />
      <button type="submit" disabled={busy} className="btn-primary w-full">
        Refund
      </button>
    </Form>
  );
}

function CancelForm({ refundKey, leftCents, result, busy }: RefundFormProps) {
  const errors = result?.intent === orderPageIntents.cancel ? (result.fieldErrors ?? {}) : {};
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-red-200 p-3">
      <input type="hidden" name="intent" value={orderPageIntents.cancel} />
      <input type="hidden" name="key" value={`${refundKey}-cancel`} />
      <p>Cancelling refunds the {formatMoney(leftCents)} left in full.</p>
      <Field
        form="cancel"
        name="reason"
        label="Reason for cancelling"
        required
        error={errors.reason ?? errors.key}
      />
      <button
        type="submit"
        disabled={busy}
        className="btn w-full bg-red-800 text-white hover:bg-red-700"
      >
        Cancel order
      </button>
    </Form>
  );
}

/** What was refunded, and the forms that refund more or cancel the order. */
export function OrderRefund({
  order,
  refundableCents,
  refundKey,
  result,
}: {
  order: StaffOrder;
  refundableCents: number;
  refundKey: string;
  result: OrderWorkResult | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const mine =
    result?.intent === orderPageIntents.refund || result?.intent === orderPageIntents.cancel;
  return (
    <Card title="Payment and refunds">
      <ServerErrorAlert error={mine ? result?.error : undefined} />
      <p>
        Paid {formatMoney(order.totalCents)} · Refunded {formatMoney(order.refundedCents)}
      </p>
      {canRefund(order, refundableCents) ? (
        <RefundForm refundKey={refundKey} leftCents={refundableCents} result={result} busy={busy} />
      ) : (
        <p>Nothing is left to refund.</p>
      )}
      {canCancel(order) ? (
        <CancelForm refundKey={refundKey} leftCents={refundableCents} result={result} busy={busy} />
      ) : null}
    </Card>
  );
}
