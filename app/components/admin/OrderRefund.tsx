import { useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { ModalDialog } from "~/components/overlays/ModalDialog";
import type { Route } from "~/routes/+types/admin.order";
import type { MoneyConfirmation, OrderWorkResult } from "~core/admin/order-page";
import { intentField, orderPageIntents } from "~core/form-intent";
import { formatMoney, formatMoneyWithCents } from "~core/money";
import { canCancel, canRefund } from "~core/refunds";
import { Card } from "./Card";
import { Field } from "./Field";
import { FoldedForm } from "./FoldedForm";

/** The button of a step that cancels the order. */
const cancelButtonClass = "btn bg-red-800 text-white hover:bg-red-700";

interface MoneyFormProps {
  leftCents: number;
  /** The page's answer to this form, if it is the one answered. */
  result: OrderWorkResult | undefined;
  busy: boolean;
}

function RefundForm({ leftCents, result, busy }: MoneyFormProps) {
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-olive-200 p-3">
      <input type="hidden" name={intentField} value={orderPageIntents.refund} />
      <Field
        form="refund"
        name="amount"
        label={`Amount (at most ${formatMoney(leftCents)})`}
        inputMode="decimal"
        placeholder={(leftCents / 100).toFixed(2)}
        required
        defaultValue={result?.values?.amount}
        error={errors.amount ?? errors.key}
      />
      <Field
        form="refund"
        name="reason"
        label="Reason"
        required
        defaultValue={result?.values?.reason}
        error={errors.reason}
      />
      <button type="submit" disabled={busy} className="btn-primary w-full">
        Refund
      </button>
    </Form>
  );
}

function CancelForm({ leftCents, result, busy }: MoneyFormProps) {
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-red-200 p-3">
      <input type="hidden" name={intentField} value={orderPageIntents.cancel} />
      <p>Cancelling refunds the {formatMoney(leftCents)} left in full.</p>
      <Field
        form="cancel"
        name="reason"
        label="Reason for cancelling"
        required
        defaultValue={result?.values?.reason}
        error={errors.reason ?? errors.key}
      />
      <button type="submit" disabled={busy} className={`${cancelButtonClass} w-full`}>
        Cancel order
      </button>
    </Form>
  );
}

/** How each form that moves money asks for its confirmation, and how it is answered. */
const confirmations = {
  refund: {
    confirm: orderPageIntents.confirmRefund,
    revise: orderPageIntents.reviseRefund,
    label: "Confirm refund",
    buttonClass: "btn-primary",
    question: (_orderId: string, amount: string, customer: string) =>
      `Refund ${amount} to ${customer}?`,
  },
  cancel: {
    confirm: orderPageIntents.confirmCancel,
    revise: orderPageIntents.reviseCancel,
    label: "Confirm cancellation",
    buttonClass: cancelButtonClass,
    question: (orderId: string, amount: string, customer: string) =>
      `Cancel order ${orderId} and refund ${amount} to ${customer}?`,
  },
} as const;

/**
 * The question asked before money moves, with the amount in full and who receives it. Its form
 * carries the key made for it, so that it refunds once however often it is sent; with scripts it
 * is sent once, however often it is pressed. 'Back' gives the form back as it was typed.
 */
function ConfirmationDialog({
  form,
  orderId,
  confirmation,
  typed,
}: {
  form: keyof typeof confirmations;
  orderId: string;
  confirmation: MoneyConfirmation;
  typed: OrderWorkResult["values"];
}) {
  const { confirm, revise, label, buttonClass, question } = confirmations[form];
  const { pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const sent = useRef(false);
  const amount = formatMoneyWithCents(confirmation.amountCents);
  return (
    <ModalDialog
      title={question(orderId, amount, confirmation.customerName)}
      close={{ href: pathname }}
    >
      <div className="space-y-3 text-sm">
        <p>Reason: {confirmation.reason}</p>
        <p>
          {form === "cancel" ? "The order will not be shipped. " : ""}The money goes back to the
          card that paid, and {confirmation.customerName} is e-mailed.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Form method="post">
            <input type="hidden" name={intentField} value={revise} />
            <input type="hidden" name="amount" value={typed?.amount ?? ""} />
            <input type="hidden" name="reason" value={typed?.reason ?? ""} />
            <button type="submit" disabled={busy} className="btn-outline w-full">
              Back
            </button>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => {
              if (sent.current) event.preventDefault();
              sent.current = true;
            }}
          >
            <input type="hidden" name={intentField} value={confirm} />
            <input type="hidden" name="key" value={confirmation.key} />
            <input
              type="hidden"
              name="amount"
              value={(confirmation.amountCents / 100).toFixed(2)}
            />
            <input type="hidden" name="reason" value={confirmation.reason} />
            <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
              {label}
            </button>
          </Form>
        </div>
      </div>
    </ModalDialog>
  );
}

/**
 * What was refunded, and the forms that refund more or cancel the order, each folded behind its
 * button until it is opened or has something to show. A refund that went through changes the
 * refunded amount, which folds the forms again, empty.
 */
export function OrderRefund({
  order,
  refundableCents,
  result,
}: {
  order: Route.ComponentProps["loaderData"]["order"];
  refundableCents: number;
  result: OrderWorkResult | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const refunding = result?.intent === orderPageIntents.refund ? result : undefined;
  const cancelling = result?.intent === orderPageIntents.cancel ? result : undefined;
  const answered = refunding ?? cancelling;
  return (
    <Card title="Payment and refunds">
      <ServerErrorAlert error={answered?.error} />
      <p>
        Paid {formatMoney(order.totalCents)} · Refunded {formatMoney(order.refundedCents)}
      </p>
      <div key={order.refundedCents} className="space-y-3">
        {canRefund(order, refundableCents) ? (
          <FoldedForm label="Make a refund" open={Boolean(refunding)}>
            <RefundForm leftCents={refundableCents} result={refunding} busy={busy} />
          </FoldedForm>
        ) : (
          <p>Nothing is left to refund.</p>
        )}
        {canCancel(order) ? (
          <FoldedForm label="Cancel the order" open={Boolean(cancelling)} danger>
            <CancelForm leftCents={refundableCents} result={cancelling} busy={busy} />
          </FoldedForm>
        ) : null}
      </div>
      {answered?.confirmation ? (
        <ConfirmationDialog
          key={answered.confirmation.key}
          form={answered === refunding ? "refund" : "cancel"}
          orderId={order.id}
          confirmation={answered.confirmation}
          typed={answered.values}
        />
      ) : null}
    </Card>
  );
}
