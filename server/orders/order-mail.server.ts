import { orderTrackHref } from "~/core/account-urls";
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

/** Queues the order e-mail inside the transaction that created the order. */
export async function enqueueOrderMail(
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
}
