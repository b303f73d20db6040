/**
 * Memberships as the account page shows them (spec: Membership), and their cancellation with
 * its e-mail. The provider is asked to stop billing; the shop's record follows.
 */
import type { MembershipStatus } from "~core/admin/memberships";
import { type Catalog, isMembershipId, membershipDescription } from "~core/catalog";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import { readCatalog } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { enqueueMail } from "../mail/outbox.server";
import { findSubscriptionPurchase } from "../orders/queries.server";
import { recordProcessedEvent } from "../payments/processed-events.server";
import type { PaymentProvider } from "../payments/provider.server";
import {
  cancelMemberships,
  customerMemberships,
  type MembershipRecord,
  stateOf,
  writeMembership,
} from "./store.server";

/** The spec's Membership. */
export interface Membership {
  productName: string;
  description: string;
  unitPriceCents: number;
  quantity: number;
  /** Seconds since the epoch, as the provider gives it. */
  nextInvoiceDate: number;
  subscriptionId: string;
  subscriptionItemId: string;
}

export interface MailRecipient {
  email: string;
  firstName: string;
  lastName: string;
}

export class MembershipNotFoundError extends Error {
  override name = "MembershipNotFoundError";
  constructor() {
    super("This membership does not exist or is already cancelled");
  }
}

/** The customer's memberships, as the provider bills them. */
export async function listMemberships(
  payments: PaymentProvider,
  customerId: string,
  catalog: Catalog,
): Promise<Membership[]> {
  const subscriptions = await payments.listSubscriptions(customerId);
  return subscriptions.map((subscription) => ({
    productName: catalog[subscription.itemId].name,
    description: isMembershipId(subscription.itemId)
      ? membershipDescription(catalog, subscription.itemId)
      : "",
    unitPriceCents: subscription.unitPriceCents,
    quantity: subscription.quantity,
    nextInvoiceDate: Math.floor(subscription.nextInvoiceAt.getTime() / 1000),
    subscriptionId: subscription.subscriptionId,
    subscriptionItemId: subscription.subscriptionItemId,
  }));
}

function membershipNames(records: MembershipRecord[], catalog: Catalog): string {
  return records
    .map((record) => (isMembershipId(record.itemId) ? catalog[record.itemId].name : record.itemId))
    .join(" and ");
}

export async function enqueueCancellationMail(
  db: Database,
  cancelled: MembershipRecord[],
  recipient: MailRecipient | null,
): Promise<void> {
  const [first] = cancelled;
  if (!first) return;
  const to = recipient ?? (await findSubscriptionPurchase(db, first.subscriptionId));
  if (!to) return;
  await enqueueMail(db, {
    template: "membership-cancelled",
    to: to.email,
    payload: {
      customerName: `${to.firstName} ${to.lastName}`.trim(),
      customerFirstName: to.firstName,
      membershipName: membershipNames(cancelled, await readCatalog(db)),
    },
  });
}

/** The timeline entries of memberships cancelled at once, by `actor`. */
async function recordCancellations(db: Database, cancelled: MembershipRecord[], actor: string) {
  for (const row of cancelled) {
    await writeMembership(db, row, stateOf(row), {
      kind: "cancelled",
      summary: "Cancelled at once: billing stopped.",
      actor,
    });
  }
}

/**
 * Cancels one of the customer's memberships at the provider, then records it and queues the
 * cancellation e-mail together, with the audit row when a member of staff (`cancelledBy`) does
 * it on the customer's behalf. Throws MembershipNotFoundError for a membership that is not this
 * customer's or not billed any more.
 */
export async function cancelMembership(
  deps: { db: Database; payments: PaymentProvider },
  input: {
    customerId: string;
    subscriptionItemId: string;
    recipient?: MailRecipient;
    cancelledBy?: AuditActor;
  },
): Promise<void> {
  const owned = await customerMemberships(deps.db, input.customerId);
  const membership = owned.find((row) => row.subscriptionItemId === input.subscriptionItemId);
  if (!membership) throw new MembershipNotFoundError();
  await deps.payments.cancelSubscriptionItem(input.customerId, {
    subscriptionId: membership.subscriptionId,
    subscriptionItemId: membership.subscriptionItemId,
  });
  await deps.db.transaction(async (tx) => {
    const cancelled = await cancelMemberships(tx, {
      subscriptionItemId: membership.subscriptionItemId,
    });
    await enqueueCancellationMail(tx, cancelled, input.recipient ?? null);
    await recordCancellations(tx, cancelled, input.cancelledBy?.email ?? "member");
    if (input.cancelledBy && cancelled.length > 0) {
      await recordAudit(tx, input.cancelledBy, {
        action: "membership.cancelled",
        subjectType: "membership",
        subjectId: membership.subscriptionItemId,
        before: { status: membership.status },
        after: { status: "canceled" satisfies MembershipStatus },
      });
    }
  });
}

/**
 * The provider ended a subscription (cancelled from its dashboard, or unpaid for too long).
 * The e-mail goes out only for memberships the shop had not cancelled already.
 */
export async function endSubscription(
  db: Database,
  event: { id: string; subscriptionId: string },
): Promise<{ cancelled: number }> {
  return db.transaction(async (tx) => {
    if (!(await recordProcessedEvent(tx, { id: event.id, type: "subscription.ended" }))) {
      return { cancelled: 0 };
    }
    const cancelled = await cancelMemberships(tx, { subscriptionId: event.subscriptionId });
    await enqueueCancellationMail(tx, cancelled, null);
    await recordCancellations(tx, cancelled, "payment provider");
    return { cancelled: cancelled.length };
  });
}
