/**
 * The order page's action: each form's fields checked, then handed to the step it asks for.
 * The answer is either an alert to show after a redirect, or the form's errors.
 */
import { eq } from "drizzle-orm";
import {
  type OrderWorkResult,
  orderPageIntents,
  orderPageMessages,
  parseStaffText,
} from "~/core/admin/order-page";
import { fulfilmentSteps, isFulfilmentStep, parseShipment } from "~/core/fulfilment";
import { formatMoney } from "~/core/money";
import { isRefundKey, parseRefundRequest, refundMessages } from "~/core/refunds";
import { parseReturnLabel, parseReturnReason, returnMessages } from "~/core/returns";
import { orders } from "../db/schema.server";
import type { ShopContext } from "../http/context.server";
import { type RefundOutcome, refundableCents, refundOrder } from "../orders/refunds.server";
import {
  approveReturn,
  declineReturn,
  type ReturnOutcome,
  receiveReturn,
} from "../orders/returns.server";
import type { AuditActor } from "./audit.server";
import { addOrderNote, takeFulfilmentStep } from "./order-work.server";

export type OrderPageAnswer =
  | { ok: true; alert: string }
  | { ok: false; status: 400 | 404 | 409 | 502; result: OrderWorkResult };

type Services = Pick<ShopContext, "db" | "payments" | "config" | "log">;

/** How each form is answered, from the services, the member of staff, the order and the form. */
type FormAnswer = (
  services: Services,
  actor: AuditActor,
  orderId: string,
  form: FormData,
) => Promise<OrderPageAnswer>;

const invalid = (intent: string, fieldErrors: OrderWorkResult["fieldErrors"]): OrderPageAnswer => ({
  ok: false,
  status: 400,
  result: { intent, fieldErrors },
});

const missing: OrderPageAnswer = { ok: false, status: 404, result: {} };

function refused(intent: string, outcome: ReturnOutcome | RefundOutcome): OrderPageAnswer {
  if (outcome.ok || outcome.reason === "not-found") return missing;
  const status = outcome.reason === "provider-failed" ? 502 : 409;
  return { ok: false, status, result: { intent, error: { message: outcome.message } } };
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

const refundAnswer: FormAnswer = async (services, actor, orderId, form) => {
  const intent = orderPageIntents.refund;
  const [order] = await services.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return missing;
  const parsed = parseRefundRequest(
    { key: form.get("key"), amount: form.get("amount"), reason: form.get("reason") },
    await refundableCents(services.db, order),
    formatMoney,
  );
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
  const outcome = await refundOrder(services, actor, orderId, { kind: "refund", ...parsed.refund });
  if (!outcome.ok) return refusedRefund(services, intent, outcome);
  return {
    ok: true,
    alert: `Order ${orderId}: refunded ${formatMoney(outcome.refund.amountCents)}`,
  } as const;
};

function refusedRefund(services: Services, intent: string, outcome: RefundOutcome) {
  if (!outcome.ok && outcome.reason === "provider-failed") {
    services.log.error({ err: outcome.cause, intent }, "the payment provider refused a refund");
  }
  return refused(intent, outcome);
}

const cancelAnswer: FormAnswer = async (services, actor, orderId, form) => {
  const intent = orderPageIntents.cancel;
  const key = form.get("key");
  const reason = parseStaffText(form.get("reason"));
  if (!isRefundKey(key)) return invalid(intent, { key: refundMessages.key });
  if (!reason || reason.length > 500) {
    return invalid(intent, { reason: orderPageMessages.cancelReason });
  }
  const outcome = await refundOrder(services, actor, orderId, { kind: "cancel", key, reason });
  if (!outcome.ok) return refusedRefund(services, intent, outcome);
  const refunded = formatMoney(outcome.refund.amountCents);
  return { ok: true, alert: `Order ${orderId}: cancelled and refunded ${refunded}` } as const;
};

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
  const intent = form.get("intent");
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

const answers: Record<string, FormAnswer> = {
  [orderPageIntents.step]: fulfilmentAnswer,
  [orderPageIntents.refund]: refundAnswer,
  [orderPageIntents.cancel]: cancelAnswer,
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
  const intent = form.get("intent");
  const answer =
    typeof intent === "string" && Object.hasOwn(answers, intent) ? answers[intent] : undefined;
  return answer ? answer(services, actor, orderId, form) : Promise.resolve(invalid("", {}));
}
