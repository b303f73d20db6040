/**
 * The sandbox's billing run: what Stripe does each month for a subscription. Every membership
 * due by `asOf` is billed once (one month), then the same 'invoice paid' event as Stripe's
 * creates the renewal order. Invoice ids are derived from the period, so running it twice, or
 * on two servers at once, bills nothing twice.
 */
import { memberPriceAt, type PriceChange } from "~core/catalog-prices";
import { isSandboxSubscription, sandboxSubscriptionPrefix } from "~core/sandbox-checkout";
import { readPriceChanges } from "../../catalog/catalog.server";
import type { Database } from "../../db/client.server";
import type { Logger } from "../../logger.server";
import { oneMonthAfter } from "../../memberships/billing-date.server";
import {
  dueMemberships,
  type MembershipRecord,
  markSubscriptionPastDue,
  setMembershipUnitPrice,
} from "../../memberships/store.server";
import type { FulfilmentDeps } from "../../orders/fulfil.server";
import { handlePaymentEvent } from "../../orders/payment-events.server";
import { getShipping, listCards } from "./customers.server";

export interface RenewalRun {
  /** Renewal orders created. */
  billed: string[];
  /** Subscriptions without a saved card, now past due. */
  pastDue: string[];
}

function bySubscription(rows: MembershipRecord[]): Map<string, MembershipRecord[]> {
  const groups = new Map<string, MembershipRecord[]>();
  for (const row of rows) {
    if (!isSandboxSubscription(row.subscriptionId)) continue;
    groups.set(row.subscriptionId, [...(groups.get(row.subscriptionId) ?? []), row]);
  }
  return groups;
}

/**
 * The items at the prices they are billed at `asOf`: a plan price whose notice has run out
 * replaces what the member paid so far, in the shop's record too.
 */
async function withPricesReached(
  db: Database,
  items: MembershipRecord[],
  priceChanges: Map<string, PriceChange[]>,
  asOf: Date,
): Promise<MembershipRecord[]> {
  const billed: MembershipRecord[] = [];
  for (const item of items) {
    const reached = memberPriceAt(priceChanges.get(item.itemId) ?? [], {
      joinedAt: item.createdAt,
      at: asOf,
    });
    if (reached && reached.priceCents !== item.unitPriceCents) {
      await setMembershipUnitPrice(db, item.subscriptionItemId, reached.priceCents);
      billed.push({ ...item, unitPriceCents: reached.priceCents });
    } else {
      billed.push(item);
    }
  }
  return billed;
}

function invoiceId(subscriptionId: string, periodStart: Date): string {
  const day = periodStart.toISOString().slice(0, 10).replaceAll("-", "");
  return `in_sandbox_${subscriptionId.slice(sandboxSubscriptionPrefix.length)}_${day}`;
}

export async function renewSandboxMemberships(
  deps: FulfilmentDeps & { log?: Logger },
  asOf: Date,
): Promise<RenewalRun> {
  const run: RenewalRun = { billed: [], pastDue: [] };
  const due = await dueMemberships(deps.db, asOf);
  const priceChanges = await readPriceChanges(deps.db);
  for (const [subscriptionId, dueItems] of bySubscription(due)) {
    const items = await withPricesReached(deps.db, dueItems, priceChanges, asOf);
    const [first] = items;
    if (!first) continue;
    if ((await listCards(deps.db, first.customerId)).length === 0) {
      await markSubscriptionPastDue(deps.db, subscriptionId);
      run.pastDue.push(subscriptionId);
      continue;
    }
    const id = invoiceId(subscriptionId, first.nextInvoiceAt);
    const shipping = await getShipping(deps.db, first.customerId);
    const totalCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    const result = await handlePaymentEvent(deps, {
      id: `evt_${id}`,
      type: "invoice.paid",
      invoice: {
        id,
        subscriptionId,
        amounts: { totalCents, shippingCents: 0, taxCents: 0, discountCents: 0 },
        shipping: shipping && { name: shipping.name, address: shipping.address },
        nextInvoiceAt: oneMonthAfter(first.nextInvoiceAt),
      },
    });
    if (result.outcome === "created") run.billed.push(result.orderId);
    deps.log?.info({ subscriptionId, invoice: id, result: result.outcome }, "sandbox renewal");
  }
  return run;
}
