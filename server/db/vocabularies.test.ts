import { describe, expect, it } from "vitest";
import { membershipStatuses } from "~core/admin/memberships";
import { eventCategories } from "~core/analytics";
import { fulfilmentStatuses, paymentStatuses } from "~core/order-status";
import { refundStatuses } from "~core/refunds";
import { returnStatusLabels } from "~core/returns";
import { analyticsEvents, memberships, orderRefunds, orderReturns, orders } from "./schema.server";

describe("the database's states", () => {
  it.each([
    ["an order's payment status", orders.paymentStatus.enumValues, paymentStatuses],
    ["an order's fulfilment status", orders.fulfilmentStatus.enumValues, fulfilmentStatuses],
    ["a return's status", orderReturns.status.enumValues, Object.keys(returnStatusLabels)],
    ["a refund's status", orderRefunds.status.enumValues, refundStatuses],
    ["a membership's status", memberships.status.enumValues, membershipStatuses],
    ["an analytics event's category", analyticsEvents.category.enumValues, eventCategories],
  ])("holds %s as the core's table spells it", (_, column, table) => {
    expect([...column]).toEqual([...table]);
  });
});
