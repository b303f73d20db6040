import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardUpdateHref } from "~core/membership-rules";
import { testShop } from "../../test/support/checkout";
import { testEngines } from "../../test/support/database";
import {
  type FakeStripe,
  StripeErrorAnswer,
  startFakeStripe,
} from "../../test/support/fake-stripe";
import { sandboxMember } from "../../test/support/memberships";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { memberships } from "../db/schema.server";
import { recordSubscription } from "./store.server";

const stripeToken = "cu_stripe_card_page_1";
const subscriptionId = "sub_card_page";
const customerId = "cus_card_page";
const checkoutUrl = "https://checkout.stripe.com/c/pay/cs_setup_card_page";

/** The shop's card-update page of a membership at Stripe, a link preview and a press apart. */
describe.each(testEngines)("the card-update page on %s", (engine) => {
  let fake: FakeStripe;
  let stripeShop: RunningTestShop;
  let sandboxShop: RunningTestShop;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripeShop = await startBuiltShop(engine, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
      STRIPE_API_URL: fake.url,
    });
    const db = stripeShop.database.db;
    await recordSubscription(db, {
      subscriptionId,
      customerId,
      checkoutSessionId: "cs_card_page",
      items: [
        {
          subscriptionItemId: "si_card_page",
          itemId: "refinedPalate",
          quantity: 1,
          unitPriceCents: 5900,
        },
      ],
      nextInvoiceAt: new Date("2027-01-15T10:00:00Z"),
      consent: { termsVersion: "2026-11", at: new Date(), email: "cleo@example.com" },
    });
    await db
      .update(memberships)
      .set({ cardUpdateToken: stripeToken })
      .where(eq(memberships.subscriptionId, subscriptionId));
    fake.on("GET", `/v1/subscriptions/${subscriptionId}`, () => ({
      id: subscriptionId,
      object: "subscription",
      customer: customerId,
      status: "active",
      items: { object: "list", data: [] },
    }));
    fake.on("POST", "/v1/checkout/sessions", () => ({
      id: "cs_setup_card_page",
      object: "checkout.session",
      mode: "setup",
      url: checkoutUrl,
    }));
    sandboxShop = await startBuiltShop(engine);
  });
  afterAll(async () => {
    await Promise.all([stripeShop?.stop(), sandboxShop?.stop()]);
    await fake?.close();
  });

  /** A page's HTML without the markers React puts between text parts. */
  const htmlOf = async (answer: Response) => (await answer.text()).replaceAll("<!-- -->", "");

  const sessionsOpened = () =>
    fake.requests.filter((request) => request.path === "/v1/checkout/sessions");

  it("shows the membership and a button on GET, and asks nothing of Stripe", async () => {
    const before = fake.requests.length;
    const answer = await fetch(new URL(cardUpdateHref(stripeToken), stripeShop.url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    // The last policy of the list is the one browsers follow.
    expect(answer.headers.get("referrer-policy")).toMatch(/(^|, )no-referrer$/);
    const page = await htmlOf(answer);
    expect(page).toContain("Update your card</h1>");
    expect(page).toContain("Your Refined Palate membership");
    expect(page).toMatch(
      /<form [^>]*action="\/membership\/card\/cu_stripe_card_page_1" method="post"><button type="submit"[^>]*>Update card<\/button><\/form>/,
    );
    expect(fake.requests.slice(before)).toEqual([]);
  });

  it("opens Checkout in setup mode on POST and sends the member there", async () => {
    const before = sessionsOpened().length;
    const answer = await shopClient(stripeShop.url).postForm(cardUpdateHref(stripeToken), {});
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(checkoutUrl);
    expect(sessionsOpened()).toHaveLength(before + 1);
    expect(sessionsOpened().at(-1)?.params).toMatchObject({
      mode: "setup",
      customer: customerId,
      "metadata[subscriptionId]": subscriptionId,
      success_url: `${stripeShop.url}/account?tab=memberships`,
    });
  });

  it("says so when Stripe cannot open the page, and stays on it", async () => {
    fake.on(
      "POST",
      "/v1/checkout/sessions",
      () => new StripeErrorAnswer(400, { type: "invalid_request_error", message: "Try later" }),
    );
    const answer = await shopClient(stripeShop.url).postForm(cardUpdateHref(stripeToken), {});
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain("We could not open the page for your new card just now");
    fake.on("POST", "/v1/checkout/sessions", () => ({
      id: "cs_setup_card_page",
      object: "checkout.session",
      url: checkoutUrl,
    }));
  });

  it("answers a link that names no membership with 404, on GET and POST alike", async () => {
    const before = fake.requests.length;
    for (const token of ["cu_not_a_membership_at_all", "not-a-token"]) {
      const page = await fetch(new URL(cardUpdateHref(token), stripeShop.url));
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("This link is no longer valid");
      const pressed = await shopClient(stripeShop.url).postForm(cardUpdateHref(token), {});
      expect(pressed.status).toBe(404);
    }
    expect(fake.requests.slice(before)).toEqual([]);
  });

  it("leads a sandbox member the same way, to the sandbox's own card page", async () => {
    const member = await sandboxMember(
      { ...testShop(sandboxShop.database.db), publicUrl: sandboxShop.url },
      "sandy@example.com",
    );
    const [row] = await sandboxShop.database.db
      .update(memberships)
      .set({ cardUpdateToken: "cu_sandbox_card_page_1" })
      .where(eq(memberships.subscriptionItemId, member.subscriptionItemId))
      .returning();
    const path = cardUpdateHref(row?.cardUpdateToken ?? "");
    const page = await fetch(new URL(path, sandboxShop.url));
    expect(page.status).toBe(200);
    expect(await htmlOf(page)).toContain("Your Everyday Luxury membership");
    const pressed = await shopClient(sandboxShop.url).postForm(path, {});
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("location")).toBe(
      `${sandboxShop.url}/checkout/sandbox/card/cu_sandbox_card_page_1`,
    );
  });
});
