/**
 * The order page's action: each form's fields checked, then handed to the step it asks for.
 * The answer is an alert to show after a redirect, the next step to show (a refund's
 * confirmation, or its form again), or the form's errors.
 */
import { eq } from "drizzle-orm";
import { type OrderWorkResult, orderPageMessages, parseStaffText } from "~core/admin/order-page";
import { type IntentOf, intentOf, orderPageIntents } from "~core/form-intent";
import { fulfilmentSteps, isFulfilmentStep, parseShipment } from "~core/fulfilment";
import { formatMoney } from "~core/money";
import {
  isRefundKey,
  parseDollars,
  parseRefundReason,
  parseRefundRequest,
  type RequestedRefund,
  refundMessages,
  refundRefusal,
} from "~core/refunds";
import { parseReturnLabel, parseReturnReason, returnMessages } from "~core/returns";
import type { AuditActor } from "../audit/audit.server";
import { orders } from "../db/schema.server";
import { randomId } from "../ids.server";
import { orderCustomerName } from "../orders/order-mail.server";
import type { Order } from "../orders/queries.server";
import {
  type RefundAsk,
  type RefundOutcome,
  refundableCents,
  refundOrder,
} from "../orders/refunds.server";
import {
  approveReturn,
  declineReturn,
  type ReturnOutcome,
  receiveReturn,
} from "../orders/returns.server";
import type { PaymentServices } from "../payments/context.server";
import { addOrderNote, takeFulfilmentStep } from "./order-work.server";

export type OrderPageAnswer =
  | { ok: true; alert: string }
  | { ok: true; next: OrderWorkResult }
  | { ok: false; status: 400 | 404 | 409 | 502; result: OrderWorkResult };

type Services = Pick<PaymentServices, "db" | "payments" | "config" | "log">;

type OrderPageIntent = IntentOf<typeof orderPageIntents>;

/** How each form is answered, from the services, the member of staff, the order and the form. */
type FormAnswer = (
  services: Services,
  actor: AuditActor,
  orderId: string,
  form: FormData,
) => Promise<OrderPageAnswer>;

const invalid = (
  intent: OrderPageIntent | undefined,
  fieldErrors: OrderWorkResult["fieldErrors"],
  values?: OrderWorkResult["values"],
): OrderPageAnswer => ({ ok: false, status: 400, result: { intent, fieldErrors, values } });

const missing: OrderPageAnswer = { ok: false, status: 404, result: {} };

function refused(
  intent: OrderPageIntent,
  outcome: ReturnOutcome | RefundOutcome,
  values?: OrderWorkResult["values"],
): OrderPageAnswer {
  if (outcome.ok || outcome.reason === "not-found") return missing;
  const status = outcome.reason === "provider-failed" ? 502 : 409;
  return { ok: false, status, result: { intent, error: { message: outcome.message }, values } };
}

const fulfilmentAnswer: FormAnswer = async (services, actor, orderId, form) => {
  const intent = orderPageIntents.step;
  const step = form.get("step");
  if (!isFulfilmentStep(step)) return invalid(intent, {});
  const shipment =
    step === "shipped"
      ? parseShipment({
          carrier: form.get("carrier"),
          trackingNumber: form.get("trackingNumber"),
          trackingUrl: form.get("trackingUrl"),
        })
      : null;
  if (shipment && !shipment.ok) return invalid(intent, shipment.fieldErrors);
  const taken = await takeFulfilmentStep(
    services.db,
    services.config.publicUrl,
    actor,
    orderId,
    step,
    shipment?.ok ? shipment.shipment : undefined,
  );
  if (!taken.ok) return refused(intent, taken);
  const label = fulfilmentSteps[step].label.replace(/^Mark as /, "marked as ");
  return { ok: true, alert: `Order ${orderId}: ${label}` } as const;
};

/** What was typed into a refund or cancel form, as text. */
function typedValues(form: FormData): { amount: string; reason: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { amount: text("amount"), reason: text("reason") };
}

async function findOrder(services: Services, orderId: string): Promise<Order | undefined> {
  const [order] = await services.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** The confirmation of `refund` for `order`, under a key made for it. */
function confirmationStep(
  intent: OrderPageIntent,
  order: Order,
  refund: RequestedRefund,
  values: OrderWorkResult["values"],
): OrderPageAnswer {
  const confirmation = { key: randomId(), ...refund, customerName: orderCustomerName(order) };
  return { ok: true, next: { intent, values, confirmation } };
}

/** 'Refund': checks the amount against what is left, then asks for the confirmation. */
const askRefund: FormAnswer = async (services, _actor, orderId, form) => {
  const intent = orderPageIntents.refund;
  const values = typedValues(form);
  const order = await findOrder(services, orderId);
  if (!order) return missing;
  const parsed = parseRefundRequest(values);
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
  const left = await refundableCents(services.db, order);
  const ask = { kind: "refund", amountCents: parsed.refund.amountCents } as const;
  const refusal = refundRefusal(order, ask, left, formatMoney);
  if (refusal) return invalid(intent, { amount: refusal }, values);
  return confirmationStep(intent, order, parsed.refund, values);
};

/** 'Cancel order': asks for the confirmation of refunding everything that is left. */
const askCancel: FormAnswer = async (services, _actor, orderId, form) => {
  const intent = orderPageIntents.cancel;
  const values = typedValues(form);
  const reason = parseRefundReason(values.reason);
  if (!reason) return invalid(intent, { reason: orderPageMessages.cancelReason }, values);
  const order = await findOrder(services, orderId);
  if (!order) return missing;
  const left = await refundableCents(services.db, order);
  const refusal = refundRefusal(order, { kind: "cancel", amountCents: left }, left, formatMoney);
  if (refusal)
    return refused(intent, { ok: false, reason: "not-allowed", message: refusal }, values);
  return confirmationStep(intent, order, { amountCents: left, reason }, values);
};

function refusedRefund(
  services: Services,
  intent: OrderPageIntent,
  outcome: RefundOutcome,
  values: OrderWorkResult["values"],
) {
  if (!outcome.ok && outcome.reason === "provider-failed") {
    services.log.error({ err: outcome.cause, intent }, "the payment provider refused a refund");
  }
  // A confirmation already used leaves nothing to change: its form starts empty again.
  return refused(
    intent,
    outcome,
    !outcome.ok && outcome.reason === "already-used" ? undefined : values,
  );
}

/**
 * 'Confirm refund' and 'Confirm cancellation': the confirmation's key, amount and reason checked
 * again, then the refund made once for that key. The amount is checked against what is left
 * when the refund is reserved, with the order locked.
 */
function confirmAnswer(kind: RefundAsk["kind"]): FormAnswer {
  const intent = kind === "refund" ? orderPageIntents.refund : orderPageIntents.cancel;
  return async (services, actor, orderId, form) => {
    const values = typedValues(form);
    const key = form.get("key");
    if (!isRefundKey(key)) return invalid(intent, { key: refundMessages.key }, values);
    const amountCents = parseDollars(values.amount);
    const reason = parseRefundReason(values.reason);
    if (amountCents === null || amountCents <= 0 || !reason) {
      return invalid(intent, { key: refundMessages.key }, values);
    }
    const ask = { kind, key, amountCents, reason };
    const outcome = await refundOrder(services, actor, orderId, ask);
    if (!outcome.ok) return refusedRefund(services, intent, outcome, values);
    const refunded = formatMoney(outcome.refund.amountCents);
    const alert =
      kind === "cancel"
        ? `Order ${orderId}: cancelled and refunded ${refunded}`
        : `Order ${orderId}: refunded ${refunded}`;
    return { ok: true, alert } as const;
  };
}

/** 'Back' from a confirmation: the form again, as it was typed. */
function reviseAnswer(intent: OrderPageIntent): FormAnswer {
  return async (_services, _actor, _orderId, form) => ({
    ok: true,
    next: { intent, values: typedValues(form) },
  });
}

async function noteAnswer(services: Services, actor: AuditActor, orderId: string, form: FormData) {
  const note = parseStaffText(form.get("note"));
  if (!note) return invalid(orderPageIntents.note, { note: orderPageMessages.note });
  if (!(await addOrderNote(services.db, actor, orderId, note))) return missing;
  return { ok: true, alert: `Order ${orderId}: note added` } as const;
}

async function uploadedBytes(value: FormDataEntryValue | null): Promise<Uint8Array | null> {
  return value instanceof File ? new Uint8Array(await value.arrayBuffer()) : null;
}

const returnAnswer: FormAnswer = async (services, actor, orderId, form) => {
  const intent = intentOf(form, orderPageIntents);
  switch (intent) {
    case orderPageIntents.approveReturn: {
      const label = parseReturnLabel({
        pdf: await uploadedBytes(form.get("labelPdf")),
        url: form.get("labelUrl"),
      });
      if (!label) return invalid(intent, { label: returnMessages.label });
      const outcome = await approveReturn(
        services.db,
        services.config.publicUrl,
        actor,
        orderId,
        label,
      );
      if (!outcome.ok) return refused(intent, outcome);
      return {
        ok: true,
        alert: `Order ${orderId}: return approved, the label was e-mailed`,
      } as const;
    }
    case orderPageIntents.declineReturn: {
      const message = parseReturnReason(form.get("message"));
      if (!message) return invalid(intent, { message: returnMessages.declineMessage });
      const outcome = await declineReturn(services.db, actor, orderId, message);
      if (!outcome.ok) return refused(intent, outcome);
      return { ok: true, alert: `Order ${orderId}: return declined` } as const;
    }
    default: {
      const outcome = await receiveReturn(services.db, actor, orderId);
      if (!outcome.ok) return refused(orderPageIntents.receiveReturn, outcome);
      return { ok: true, alert: `Order ${orderId}: return received` } as const;
    }
  }
};

const answers: Record<OrderPageIntent, FormAnswer> = {
  [orderPageIntents.step]: fulfilmentAnswer,
  [orderPageIntents.refund]: askRefund,
  [orderPageIntents.confirmRefund]: confirmAnswer("refund"),
  [orderPageIntents.reviseRefund]: reviseAnswer(orderPageIntents.refund),
  [orderPageIntents.cancel]: askCancel,
  [orderPageIntents.confirmCancel]: confirmAnswer("cancel"),
  [orderPageIntents.reviseCancel]: reviseAnswer(orderPageIntents.cancel),
  [orderPageIntents.note]: noteAnswer,
  [orderPageIntents.approveReturn]: returnAnswer,
  [orderPageIntents.declineReturn]: returnAnswer,
  [orderPageIntents.receiveReturn]: returnAnswer,
};

/** Answers one of the order page's forms for the order `orderId`. */
export function answerOrderForm(
  services: Services,
  actor: AuditActor,
  orderId: string,
  form: FormData,
): Promise<OrderPageAnswer> {
  const intent = intentOf(form, orderPageIntents);
  return intent
    ? answers[intent](services, actor, orderId, form)
    : Promise.resolve(invalid(undefined, {}));
}
