import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyAgainHref } from "~core/account-urls";
import { testEngines } from "../../test/support/database";
import { builtShopWithClientPerTest } from "../../test/support/shop";
import { CookieJar } from "../../test/support/staff";
import { orderItems, orders, users } from "../db/schema.server";

describe.each(testEngines)("'Buy again' posted as a form on %s", (engine) => {
  const built = builtShopWithClientPerTest(engine);
  const db = () => built.shop.database.db;

  /** A customer registered through the page: the browser's cookies and the account's id. */
  async function customer(name: string) {
    const email = `${name}-${randomBytes(4).toString("hex")}@example.com`;
    const jar = new CookieJar(await built.client.register(email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${email} was not registered`);
    return { jar, userId: user.id, email };
  }

  /** A paid order of the account: two Luxe, a membership, a 750 ml bottle and an item no longer sold. */
  async function pastOrder(owner: { userId: string; email: string }): Promise<string> {
    const id = `TG-${randomBytes(4).toString("hex").toUpperCase()}`;
    await db()
      .insert(orders)
      .values({
        id,
        userId: owner.userId,
        firstName: "Ada",
        lastName: "Lovelace",
        email: owner.email,
        hasLocalPickup: true,
        subtotalCents: 20_200,
        shippingCents: 0,
        taxCents: 0,
        discountCents: 0,
        totalCents: 20_200,
        checkoutSessionId: `cs_${id}`,
      });
    const line = (itemId: string, itemName: string, quantity: number, priceCents: number) => ({
      orderId: id,
      itemId,
      itemName,
      quantity,
      listPriceCents: priceCents,
      priceCents,
      discountedTotalCents: priceCents * quantity,
    });
    await db()
      .insert(orderItems)
      .values([
        line("luxe", "Luxe 375 ml", 2, 3300),
        line("refinedPalate", "Refined Palate", 1, 5900),
        line("luxe750", "Luxe 750 ml", 1, 3400),
        line("olivewood-board", "Olivewood board", 1, 4300),
      ]);
    return id;
  }

  const buyAgain = (orderId: string, jar: CookieJar) =>
    built.client.postForm(buyAgainHref(orderId), {}, { cookie: jar.header });

  it("puts the owner's order in the cart and shows the cart page, saying what was left out", async () => {
    const owner = await customer("owner");
    const orderId = await pastOrder(owner);
    owner.jar.keep(
      await built.client.postJson(
        "/api/cart",
        { counts: { luxe: 1 }, localPickup: false },
        { cookie: owner.jar.header },
      ),
    );

    const answer = owner.jar.keep(await buyAgain(orderId, owner.jar));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cart");
    const cartPage = await fetch(new URL("/cart", built.shop.url), {
      headers: { Cookie: owner.jar.header },
    });
    const html = await cartPage.text();
    expect(html).toContain('aria-label="Cart, 3 items"');
    // The page's data names every item of the catalog; the cart itself holds only the Luxe.
    const cart = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(cart).toContain("Quantity of <!-- -->Luxe, 375 ml");
    expect(cart).not.toContain("Refined Palate");
    expect(html).toContain(
      "Added 2 items to your cart. The membership was not added. 1 item is no longer sold. Bottles for partner restaurants were not added.",
    );
  });

  it("answers another account's order, or none, as not found, and leaves the cart alone", async () => {
    const owner = await customer("ordered");
    const orderId = await pastOrder(owner);
    const stranger = await customer("stranger");
    for (const id of [orderId, "TG-NOSUCHORDER"]) {
      const refused = await buyAgain(id, stranger.jar);
      expect(refused.status).toBe(404);
      expect(refused.headers.getSetCookie().join()).not.toMatch(/(^|, )cart=/);
    }
  });

  it("sends a signed-out visitor home without touching any cart", async () => {
    const owner = await customer("signed-out");
    const orderId = await pastOrder(owner);
    const refused = await buyAgain(orderId, new CookieJar());
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).toBeLessThan(400);
    expect(refused.headers.get("location")).toBe("/");
    expect(refused.headers.getSetCookie().join()).not.toMatch(/(^|, )cart=/);
  });
});
