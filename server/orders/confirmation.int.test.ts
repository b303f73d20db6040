import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckout, paidSession, seededShop, type TestShop } from "../../test/support/checkout";
import { type TestDatabase, testEngines } from "../../test/support/database";
import { confirmCheckout } from "./confirmation.server";
import { fulfilCheckout } from "./fulfil.server";

describe.each(testEngines)("order confirmation on %s", (engine) => {
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    ({ database, shop } = await seededShop(engine));
  });
  afterAll(() => database.dispose());

  async function paidOrder(email: string) {
    const sessionId = await openCheckout(shop, {
      items: [{ itemId: "luxe", quantity: 1 }],
      localPickup: false,
    });
    const session = await paidSession(database.db, sessionId, {
      customer: { name: "Ada Lovelace", email },
    });
    await fulfilCheckout(shop, { id: `evt_${sessionId}`, session });
    return confirmCheckout(shop, sessionId);
  }

  it("offers a new guest the create-account link, and an earlier guest only the e-mailed one", async () => {
    const first = await paidOrder("first.guest@example.com");
    expect(first).toMatchObject({ outcome: "confirmed", orderCount: 1 });
    if (first.outcome !== "confirmed") throw new Error("not confirmed");
    expect(first.tracking.kind).toBe("create-account");

    // Someone typing the same address later must not be handed that guest's order history.
    const second = await paidOrder("first.guest@example.com");
    expect(second).toMatchObject({ outcome: "confirmed", orderCount: 2 });
    if (second.outcome !== "confirmed") throw new Error("not confirmed");
    expect(second.tracking).toEqual({ kind: "link-by-email" });
  });
});
