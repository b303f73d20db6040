/**
 * A member's own changes to a membership (pause, resume, skip, plan, quantity, billing date,
 * ship now, cancel), each once per intent: a form names the membership's revision it showed;
 * the same form sent again (a double press) is answered as done, a form from before another
 * change (a stale page) is refused. Each change writes its timeline entry and its e-mail in the
 * same transaction as the change.
 */

import type { Catalog } from "~core/catalog";
import {
  applyMemberChange,
  type MemberChange,
  type MemberRequest,
  nextBill,
  planName,
} from "~core/membership-rules";
import { readCatalog } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { NotFoundAtProviderError, type PaymentProvider } from "../payments/provider.server";
import { type BillingDeps, chargePeriod } from "../payments/sandbox/billing.server";
import { enqueueMembershipUpdate } from "./mail.server";
import { enqueueCancellationMail } from "./memberships.server";
import {
  billedByTheShop,
  changeAtRevision,
  lockMembership,
  type MembershipRecord,
  stateOf,
  writeMembership,
} from "./store.server";

export type MemberChangeResult =
  | { outcome: "changed"; summary: string }
  /** The cancellation's one offer (a pause or a skip instead) is to be shown. */
  | { outcome: "offer" }
  | { outcome: "refused"; status: 404 | 409 | 402 | 502; message: string };

export const staleMessage =
  "This membership changed since this page was shown. Please check it and try again.";

const noShipNow: MemberChangeResult = {
  outcome: "refused",
  status: 409,
  message: "This membership ships on its billing date",
};

/** The provider refused or did not answer: nothing was changed there, nor here. */
const providerFailedMessage =
  "Your membership was not changed: our payment provider could not make this change just now. Please try again in a moment.";

const notFound: MemberChangeResult = {
  outcome: "refused",
  status: 404,
  message: "This membership does not exist or is already cancelled",
};

/** The request as stored in the timeline: what makes two requests the same intent. */
function requestKey(request: MemberRequest): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

function sameRequest(stored: unknown, request: MemberRequest): boolean {
  return JSON.stringify(stored) === JSON.stringify(requestKey(request));
}

function toChange(
  request: Exclude<MemberRequest, { kind: "ship-now" }>,
  catalog: Catalog,
): MemberChange {
  if (request.kind === "change-plan") {
    return { ...request, unitPriceCents: catalog[request.itemId].priceCents };
  }
  return request;
}

/** The billing services of a change; a membership Stripe bills is changed there too. */
export type ChangeDeps = BillingDeps & { payments: Pick<PaymentProvider, "changeSubscription"> };

/**
 * Applies the member's `request` to one of `customerIds`' memberships at the shop's billing
 * time `now`. The sandbox's are billed by the shop from its record; a membership Stripe bills is
 * changed at Stripe in the same transaction (a refusal there changes nothing here), and the
 * `customer.subscription.updated` that follows finds it in place.
 */
export async function changeMembership(
  deps: ChangeDeps,
  input: {
    customerIds: string[];
    subscriptionItemId: string;
    revision: number;
    request: MemberRequest;
    actor: string;
    now: Date;
  },
): Promise<MemberChangeResult> {
  return deps.db.transaction(async (tx) => {
    const row = await lockMembership(tx, input.subscriptionItemId);
    if (!row || !input.customerIds.includes(row.customerId)) return notFound;
    if (row.revision !== input.revision) return repeated(tx, row, input);
    if (row.status === "canceled") return notFound;
    const txDeps = { ...deps, db: tx };
    if (input.request.kind === "ship-now") {
      if (!billedByTheShop(row)) return noShipNow;
      return shipNow(txDeps, row, input);
    }
    const catalog = await readCatalog(tx);
    return applyChange(txDeps, row, toChange(input.request, catalog), { ...input, catalog });
  });
}

/** A form from an earlier revision: done already when it asked what that revision did. */
async function repeated(
  db: Database,
  row: MembershipRecord,
  input: { revision: number; request: MemberRequest },
): Promise<MemberChangeResult> {
  const next = await changeAtRevision(db, row.subscriptionItemId, input.revision + 1);
  if (next && sameRequest(next.request, input.request)) {
    return { outcome: "changed", summary: next.summary };
  }
  return { outcome: "refused", status: 409, message: staleMessage };
}

async function applyChange(
  deps: ChangeDeps,
  row: MembershipRecord,
  change: MemberChange,
  input: { request: MemberRequest; actor: string; now: Date; catalog: Catalog },
): Promise<MemberChangeResult> {
  const state = stateOf(row);
  const result = applyMemberChange(state, change, input.now, input.catalog);
  const request = requestKey(input.request);
  switch (result.outcome) {
    case "refused":
      return { outcome: "refused", status: 409, message: result.message };
    case "offer":
      await writeMembership(deps.db, row, result.state, {
        kind: "cancel-offer",
        summary: "Offered a pause or a skip instead of cancelling.",
        actor: input.actor,
        request,
      });
      return { outcome: "offer" };
    case "changed": {
      if (!billedByTheShop(row)) {
        try {
          await deps.payments.changeSubscription(row.customerId, {
            subscriptionId: row.subscriptionId,
            subscriptionItemId: row.subscriptionItemId,
            change,
            after: result.state,
            planName: planName(input.catalog, nextBill(result.state).itemId),
            idempotencyKey: `${row.subscriptionItemId}-revision-${row.revision + 1}`,
          });
        } catch (error) {
          // Not this customer's at Stripe, or gone there: nothing is written here either.
          if (error instanceof NotFoundAtProviderError) return notFound;
          deps.log?.error(
            { err: error, subscriptionItemId: row.subscriptionItemId, change: change.kind },
            "membership change refused by the payment provider",
          );
          return { outcome: "refused", status: 502, message: providerFailedMessage };
        }
      }
      const reason = change.kind === "cancel" ? { cancelReason: change.reason } : {};
      const written = await writeMembership(
        deps.db,
        row,
        result.state,
        { kind: change.kind, summary: result.summary, actor: input.actor, request },
        reason,
      );
      if (result.state.status === "canceled") {
        await enqueueCancellationMail(deps.db, [written], null);
      } else {
        await enqueueMembershipUpdate(deps.db, written, result.state, result.summary);
      }
      return { outcome: "changed", summary: result.summary };
    }
  }
}

/** Bills this month now and creates its order; the next bill is a month from today. */
async function shipNow(
  deps: BillingDeps,
  row: MembershipRecord,
  input: { request: MemberRequest; actor: string; now: Date },
): Promise<MemberChangeResult> {
  const state = stateOf(row);
  if (state.status !== "active" || state.cancelAt) {
    return { outcome: "refused", status: 409, message: "Only an active membership can ship now" };
  }
  const charged = await chargePeriod(deps, row, state, {
    periodStart: input.now,
    at: input.now,
    actor: input.actor,
    request: requestKey(input.request),
  });
  if (charged.outcome === "declined") {
    return {
      outcome: "refused",
      status: 402,
      message: "Your card was declined. Please update your card and try again.",
    };
  }
  const summary = `This month's bottles are paid for and on their way${charged.orderId ? ` (order ${charged.orderId})` : ""}.`;
  await enqueueMembershipUpdate(deps.db, charged.row, stateOf(charged.row), summary);
  return { outcome: "changed", summary };
}
