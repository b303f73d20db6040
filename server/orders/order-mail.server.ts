import { orderTrackHref } from "~core/account-urls";
import { deliveryOf } from "~core/admin/packing-slip";
import { newOrderRecipients } from "../admin/staff-members.server";
import type { Database } from "../db/client.server";
import type { MailPayloads } from "../mail/messages.server";
import { enqueueMail } from "../mail/outbox.server";
import type { Order } from "./queries.server";

/** The spec's track URL: the account's orders tab for users, create-account for guests. */
export function trackUrl(publicUrl: string, order: Pick<Order, "userId" | "guestId">): string {
  return `${publicUrl}${orderTrackHref(order)}`;
}

/** The name an order's e-mails greet: the first and last name given at checkout. */
export function orderCustomerName(order: Pick<Order, "firstName" | "lastName">): string {
  return `${order.firstName} ${order.lastName}`.trim();
}

/** The new order's notice to the owner and the staff who asked for it, one e-mail each. */
async function enqueueNewOrderMails(
  db: Database,
  publicUrl: string,
  order: Order,
  items: MailPayloads["new-order"]["items"],
): Promise<void> {
  const payload: MailPayloads["new-order"] = {
    orderId: order.id,
    orderUrl: `${publicUrl}/admin/orders/${order.id}`,
    isRenewal: order.kind === "renewal",
    customerName: orderCustomerName(order),
    customerEmail: order.email,
    hasAccount: order.userId !== null,
    items,
    delivery: deliveryOf(order),
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
  for (const to of await newOrderRecipients(db)) {
    await enqueueMail(db, { template: "new-order", to, payload });
  }
}

/**
 * Queues a new order's e-mails inside the transaction that created the order, so that they
 * exist once per order however often its payment is reported: the customer's confirmation, and
 * the notice to the owner and the staff who asked for it.
 */
export async function enqueueOrderMails(
  db: Database,
  publicUrl: string,
  order: Order,
  items: MailPayloads["order-confirmation"]["items"],
): Promise<void> {
  await enqueueMail(db, {
    template: "order-confirmation",
    to: order.email,
    payload: {
      customerName: orderCustomerName(order),
      orderId: order.id,
      trackUrl: trackUrl(publicUrl, order),
      items,
      hasLocalPickup: order.hasLocalPickup,
      shippingCents: order.shippingCents,
      discountCents: order.discountCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      isRenewal: order.kind === "renewal",
    },
  });
  await enqueueNewOrderMails(db, publicUrl, order, items);
}
