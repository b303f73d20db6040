/**
 * The shop's own billing run for the memberships Stripe bills: Stripe charges, retries and
 * reminds of renewals itself, so the run does only what Stripe does not know of: the yearly
 * reminder of the terms, and a plan's new price once its notice to the member has run out.
 * One instance at a time runs it (a database lease), on the real clock.
 */
import { memberPriceAt } from "~core/catalog-prices";
import { formatDate } from "~core/dates";
import { formatMoney } from "~core/money";
import { readPriceChanges } from "../../catalog/catalog.server";
import type { Database } from "../../db/client.server";
import { withLease } from "../../db/lease.server";
import type { Logger } from "../../logger.server";
import { type BillingWorker, startBillingWorker } from "../../memberships/billing-worker.server";
import {
  lockMembership,
  stateOf,
  stripeMembershipsOnTheirPlan,
  writeMembership,
} from "../../memberships/store.server";
import { sendTermsReminders } from "../../memberships/terms-reminder.server";
import { NotFoundAtProviderError, type PaymentProvider } from "../provider.server";

export interface StripeBillingDeps {
  db: Database;
  payments: Pick<PaymentProvider, "repriceSubscriptionItem">;
  log?: Logger;
}

export interface StripeBillingRun {
  /** False when another run held the lease: it does the work. */
  ran: boolean;
  /** Memberships moved to their plan's new price. */
  repriced: string[];
  /** Memberships whose terms were e-mailed for their anniversary. */
  termsReminded: string[];
}

const leaseSeconds = 300;

export async function runStripeBilling(
  deps: StripeBillingDeps,
  now: Date,
): Promise<StripeBillingRun> {
  const leased = await withLease(deps.db, "stripe-billing", leaseSeconds, async () => ({
    ran: true,
    repriced: await repriceMemberships(deps, now),
    termsReminded: await sendTermsReminders(deps.db, now, "stripe"),
  }));
  if (!leased.ran) return { ran: false, repriced: [], termsReminded: [] };
  deps.log?.info(
    { repriced: leased.value.repriced.length, termsReminded: leased.value.termsReminded.length },
    "stripe billing run",
  );
  return leased.value;
}

/**
 * Each Stripe membership whose plan has a new price the member was told of, with its notice run
 * out by `now`: its subscription item is billed at it from the next invoice (no proration), and
 * the membership records it with a timeline entry, so a second run changes nothing.
 */
async function repriceMemberships(deps: StripeBillingDeps, now: Date): Promise<string[]> {
  const changes = await readPriceChanges(deps.db);
  const repriced: string[] = [];
  for (const seen of await stripeMembershipsOnTheirPlan(deps.db)) {
    const { itemId } = stateOf(seen);
    const reached = memberPriceAt(changes.get(itemId) ?? [], { joinedAt: seen.createdAt, at: now });
    if (!reached || reached.priceCents === seen.unitPriceCents) continue;
    await deps.db.transaction(async (tx) => {
      const row = await lockMembership(tx, seen.subscriptionItemId);
      if (!row || row.status === "canceled" || row.pendingItemId) return;
      if (row.itemId !== itemId || row.unitPriceCents === reached.priceCents) return;
      try {
        await deps.payments.repriceSubscriptionItem(row.customerId, {
          subscriptionId: row.subscriptionId,
          subscriptionItemId: row.subscriptionItemId,
          unitPriceCents: reached.priceCents,
          idempotencyKey: `${row.subscriptionItemId}-revision-${row.revision + 1}`,
        });
      } catch (error) {
        // Gone at Stripe: its cancellation event ends the membership here.
        if (error instanceof NotFoundAtProviderError) return;
        throw error;
      }
      await writeMembership(
        tx,
        row,
        { ...stateOf(row), unitPriceCents: reached.priceCents },
        {
          kind: "price-reached",
          summary: `The plan's new price, ${formatMoney(reached.priceCents)} a month (told on ${formatDate(reached.decidedAt)}), is billed from the next invoice.`,
          actor: "billing",
        },
      );
      repriced.push(row.subscriptionItemId);
    });
  }
  return repriced;
}

/** Every so often the shop runs its part of the Stripe memberships' billing, at the real time. */
export function startStripeBillingWorker(
  deps: StripeBillingDeps & { log: Logger },
  intervalMs?: number,
): BillingWorker {
  return startBillingWorker(
    deps.log,
    "stripe billing run failed",
    () => runStripeBilling(deps, new Date()),
    intervalMs,
  );
}
