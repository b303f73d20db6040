/** Reads a message back from the outbox: a row's payload is checked against its template. */
import { z } from "zod";
import type { mailOutbox } from "../db/schema.server";
import type { MailMessage, MailPayloads, MailTemplate } from "./messages.server";

const cents = z.number().int();

/** Messages queued before the line total was named `listTotalCents` still render. */
const listPriceLine = z.preprocess(
  (line) =>
    typeof line === "object" && line !== null && "totalCents" in line && !("listTotalCents" in line)
      ? { ...line, listTotalCents: line.totalCents }
      : line,
  z.object({ name: z.string(), quantity: z.number().int(), listTotalCents: cents }),
);

const payloadSchemas: { [T in MailTemplate]: z.ZodType<MailPayloads[T]> } = {
  "order-confirmation": z.object({
    customerName: z.string(),
    orderId: z.string(),
    trackUrl: z.string(),
    items: z.array(listPriceLine),
    hasLocalPickup: z.boolean(),
    shippingCents: cents,
    discountCents: cents,
    taxCents: cents,
    totalCents: cents,
    isRenewal: z.boolean().optional(),
  }),
  "new-account": z.object({ customerName: z.string(), customerFirstName: z.string() }),
  "membership-cancelled": z.object({
    customerName: z.string(),
    customerFirstName: z.string(),
    membershipName: z.string(),
  }),
  "password-reset": z.object({
    customerFirstName: z.string(),
    resetUrl: z.string(),
    expiresInMinutes: z.number(),
  }),
  "email-verification": z.object({
    customerFirstName: z.string(),
    verifyUrl: z.string(),
    expiresInHours: z.number(),
  }),
  "order-shipped": z.object({
    customerName: z.string(),
    orderId: z.string(),
    trackingUrl: z.string(),
  }),
  "order-ready-for-pickup": z.object({
    customerName: z.string(),
    orderId: z.string(),
    trackUrl: z.string(),
  }),
  "order-refunded": z.object({
    customerName: z.string(),
    orderId: z.string(),
    amountCents: cents,
    cancelled: z.boolean().optional(),
  }),
  "return-approved": z.object({
    customerName: z.string(),
    orderId: z.string(),
    labelUrl: z.string(),
  }),
  "return-declined": z.object({
    customerName: z.string(),
    orderId: z.string(),
    message: z.string(),
  }),
  "staff-invitation": z.object({
    invitedByName: z.string(),
    acceptUrl: z.string(),
    expiresInDays: z.number(),
  }),
  "new-order": z.object({
    orderId: z.string(),
    orderUrl: z.string(),
    isRenewal: z.boolean(),
    customerName: z.string(),
    customerEmail: z.string(),
    hasAccount: z.boolean(),
    items: z.array(listPriceLine),
    delivery: z.object({
      heading: z.enum(["Ship to", "Hold for pickup"]),
      lines: z.array(z.string()),
    }),
    shippingCents: cents,
    discountCents: cents,
    taxCents: cents,
    totalCents: cents,
  }),
  "low-stock": z.object({
    bottleName: z.string(),
    sellable: z.number().int(),
    threshold: z.number().int(),
    stockUrl: z.string(),
  }),
  "renewal-waiting-for-stock": z.object({
    membershipName: z.string(),
    shortage: z.string(),
    dueDate: z.string(),
    retryDays: z.number().int(),
    stockUrl: z.string(),
  }),
  "plan-price-notice": z.object({
    customerFirstName: z.string(),
    planName: z.string(),
    newPriceCents: cents,
    fromDate: z.string(),
    accountUrl: z.string(),
  }),
  "membership-updated": z.object({
    customerFirstName: z.string(),
    membershipName: z.string(),
    summary: z.string(),
  }),
  "membership-payment-failed": z.object({
    customerFirstName: z.string(),
    membershipName: z.string(),
    amountCents: z.number(),
    cardUpdatePath: z.string(),
  }),
  "membership-renewal-reminder": z.object({
    customerFirstName: z.string(),
    membershipName: z.string(),
    ships: z.string(),
    amountCents: z.number(),
    chargeDate: z.string(),
  }),
  "membership-terms-reminder": z.object({
    customerFirstName: z.string(),
    membershipName: z.string(),
    ships: z.string(),
    amountCents: z.number(),
    memberSince: z.string(),
    billingDay: z.number().int(),
    termsVersion: z.string().nullable(),
    agreedOn: z.string().nullable(),
  }),
};

function parsePayload<T extends MailTemplate>(template: T, to: string, payload: unknown) {
  const parsed = payloadSchemas[template].safeParse(payload);
  return parsed.success ? { template, to, payload: parsed.data } : null;
}

/** The row as a typed message, or null when its payload does not match its template. */
export function storedMessage(row: typeof mailOutbox.$inferSelect): MailMessage | null {
  // The payload was checked by the schema of the row's own template, so they match.
  return parsePayload(row.template, row.to, row.payload) as MailMessage | null;
}
