import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { StoredCart } from "../core/cart";
import {
  type FakeStripe,
  type RecordedRequest,
  StripeErrorAnswer,
  startFakeStripe,
  stripeSubscription,
  stripeTestAddress,
} from "../test/support/fake-stripe";
import { logOut, newShopper, registerThroughPage } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { submitSignIn } from "./support/back-office";
import { startCheckoutFromCart } from "./support/checkout";
import { type ShopServer, startShop } from "./support/shop-server";
import { test as base, expect, type Page } from "./support/test";

const secretKey = "sk_test_fake_key";
const webhookSecret = "whsec_test_secret";

/** Stripe's ids of one member's checkout and subscription, new for each journey. */
function stripeIds() {
  const id = randomBytes(5).toString("hex");
  return {
    subscriptionId: `sub_${id}`,
    subscriptionItemId: `si_${id}`,
    customerId: `cus_${id}`,
    sessionId: `cs_${id}`,
    setupSessionId: `cs_setup_${id}`,
    eventId: `evt_${id}`,
  };
}
type StripeIds = ReturnType<typeof stripeIds>;
/** The end of the month the member paid at checkout: 20 days from the journey's start. */
const periodEnd = Math.floor((Date.now() + 20 * 86_400_000) / 1000);

/** The subscription as Stripe answers it: one Everyday Luxury item, billed again at `periodEnd`. */
function subscriptionObject({ subscriptionId, subscriptionItemId, customerId }: StripeIds) {
  return stripeSubscription({
    subscriptionId,
    customerId,
    subscriptionItemId,
    currentPeriodEnd: periodEnd,
  });
}

/** A shop of its own billing with Stripe, whose API is a fake this worker answers for. */
const test = base.extend<object, { stripeShop: { shop: ShopServer; fake: FakeStripe } }>({
  stripeShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const fake = await startFakeStripe();
      const shop = await startShop({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: fake.url,
      });
      await use({ shop, fake });
      await shop.stop();
      await fake.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ stripeShop }, use) => use(stripeShop.shop.baseURL),
});

const everydayLuxury: StoredCart = { counts: { everydayLuxury: 1 }, localPickup: false };

/** Stripe's answers for this member: the checkout, the subscription, its updates, a new card. */
function answerAsStripe(fake: FakeStripe, ids: StripeIds) {
  const subscription = () => subscriptionObject(ids);
  fake.on("POST", "/v1/checkout/sessions", (request) => {
    const id = request.params.mode === "setup" ? ids.setupSessionId : ids.sessionId;
    return { id, object: "checkout.session", url: `${fake.url}/c/pay/${id}` };
  });
  // The hosted pages the member is sent to: here only an address to arrive at.
  for (const id of [ids.sessionId, ids.setupSessionId]) {
    fake.on("GET", `/c/pay/${id}`, () => ({ id, object: "checkout.session" }));
  }
  fake.on("GET", `/v1/subscriptions/${ids.subscriptionId}`, subscription);
  fake.on("POST", `/v1/subscriptions/${ids.subscriptionId}`, subscription);
  fake.on("GET", "/v1/subscriptions", () => ({ object: "list", data: [subscription()] }));
  fake.on("GET", `/v1/customers/${ids.customerId}/payment_methods`, () => ({
    object: "list",
    data: [],
  }));
  fake.on("POST", "/v1/products", (request) => ({
    id: `prod_${ids.subscriptionItemId}_next`,
    object: "product",
    name: request.params.name,
  }));
}

/** Stripe's signed `checkout.session.completed` for the member's checkout, posted to the shop. */
async function completeCheckout(shop: ShopServer, email: string, ids: StripeIds) {
  const payload = JSON.stringify({
    id: ids.eventId,
    object: "event",
    type: "checkout.session.completed",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: ids.sessionId,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        customer: ids.customerId,
        subscription: ids.subscriptionId,
        customer_details: { name: "Nora Lovelace", email },
        collected_information: {
          shipping_details: {
            name: "Nora Lovelace",
            address: stripeTestAddress,
          },
        },
        total_details: { amount_shipping: 0, amount_tax: 0, amount_discount: 0 },
        amount_total: 4900,
        metadata: {},
      },
    },
  });
  const signature = new Stripe(secretKey).webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret,
  });
  const answer = await fetch(`${shop.baseURL}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  expect(answer.status).toBe(200);
}

const membershipCard = (page: Page) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Everyday Luxury" }) });

test("a member billed by Stripe pauses, skips, changes plan, updates the card and cancels from the account", async ({
  page,
  stripeShop: { shop, fake },
}) => {
  test.slow();
  const ids = stripeIds();
  const { subscriptionId, subscriptionItemId, customerId } = ids;
  answerAsStripe(fake, ids);
  const member = newShopper("Nora");
  await registerThroughPage(page, member);
  await startCheckoutFromCart(
    page,
    shop.baseURL,
    everydayLuxury,
    undefined,
    new RegExp(`/c/pay/${ids.sessionId}$`),
  );
  await completeCheckout(shop, member.email, ids);

  /** The updates of the subscription Stripe received from the `from`th request on. */
  const updatesFrom = (from: number) =>
    fake.requests
      .slice(from)
      .filter(
        (request) =>
          request.method === "POST" && request.path === `/v1/subscriptions/${subscriptionId}`,
      )
      .map((request: RecordedRequest) => request.params);
  const status = () => membershipCard(page).getByText(/^Status: \S/);

  // The member comes back later and signs in: the membership is the account's.
  await page.goto("/account");
  await logOut(page);
  await page.goto(`/sign-in?redirectTo=${encodeURIComponent("/account?tab=memberships")}`);
  await submitSignIn(page, member);
  await expect(page).toHaveURL(/\/account\?tab=memberships$/);
  await expect(membershipCard(page)).toBeVisible();
  await expect(status()).toHaveText("Status: Active");
  await expectNoAccessibilityViolations(page);

  // Pause for a month: Stripe stops collecting until the bill it resumes with.
  let from = fake.requests.length;
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(membershipCard(page).getByRole("status")).toHaveText(
    /^Paused for 1 month: billing starts again on \d{1,2}\/\d{1,2}\/\d{4}\.$/,
  );
  await expect(status()).toHaveText("Status: Paused");
  await expect
    .poll(() => updatesFrom(from))
    .toEqual([
      {
        "pause_collection[behavior]": "void",
        "pause_collection[resumes_at]": expect.stringMatching(/^\d+$/),
      },
    ]);

  // Resumed: the pause is lifted at Stripe.
  from = fake.requests.length;
  await page.getByRole("button", { name: "Resume membership" }).click();
  await expect(membershipCard(page).getByRole("status")).toHaveText(
    /^Resumed: the next bill is on \d{1,2}\/\d{1,2}\/\d{4}\.$/,
  );
  await expect(status()).toHaveText("Status: Active");
  await expect.poll(() => updatesFrom(from)).toEqual([{ pause_collection: "" }]);

  // Stripe refuses the skip: the page says nothing changed, and nothing did.
  fake.on(
    "POST",
    `/v1/subscriptions/${subscriptionId}`,
    () =>
      new StripeErrorAnswer(400, {
        type: "invalid_request_error",
        message: "This subscription cannot be updated right now.",
      }),
  );
  from = fake.requests.length;
  await page.getByRole("button", { name: "Skip next delivery" }).click();
  await expect(membershipCard(page).getByRole("alert")).toContainText(
    "Your membership was not changed: our payment provider could not make this change just now.",
  );
  await expect.poll(() => updatesFrom(from)).toHaveLength(1);
  await page.goto("/account?tab=memberships");
  await expect(status()).toHaveText("Status: Active");
  await expect(membershipCard(page).getByText(/is skipped/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Skip next delivery" })).toBeVisible();

  // Stripe answers again: the skip is a free period to the bill after the skipped one.
  fake.on("POST", `/v1/subscriptions/${subscriptionId}`, () => subscriptionObject(ids));
  from = fake.requests.length;
  await page.getByRole("button", { name: "Skip next delivery" }).click();
  await expect(membershipCard(page).getByRole("status")).toHaveText(
    /^The delivery of \d{1,2}\/\d{1,2}\/\d{4} is skipped: no charge that month\.$/,
  );
  await expect(membershipCard(page).getByText(/^The delivery of .* is skipped\.$/)).toBeVisible();
  await expect
    .poll(() => updatesFrom(from))
    .toEqual([{ trial_end: expect.stringMatching(/^\d+$/), proration_behavior: "none" }]);

  // A new plan, its price shown before it is chosen: billed from the next invoice.
  const trueConnoisseur = page.getByRole("radio", { name: "True Connoisseur, $69 a month" });
  await expect(trueConnoisseur).toBeVisible();
  await trueConnoisseur.check();
  from = fake.requests.length;
  await page.getByRole("button", { name: "Change plan" }).click();
  await expect(membershipCard(page).getByRole("status")).toHaveText(
    /^From \d{1,2}\/\d{1,2}\/\d{4}: True Connoisseur at \$69 a month\.$/,
  );
  await expect(
    membershipCard(page).getByText("From the next bill: True Connoisseur, $69 a month."),
  ).toBeVisible();
  await expect
    .poll(() => updatesFrom(from))
    .toEqual([
      {
        "items[0][id]": subscriptionItemId,
        "items[0][price_data][currency]": "usd",
        "items[0][price_data][product]": `prod_${subscriptionItemId}_next`,
        "items[0][price_data][unit_amount]": "6900",
        "items[0][price_data][recurring][interval]": "month",
        proration_behavior: "none",
      },
    ]);

  // A new card: the shop's page first, then Stripe's Checkout in setup mode.
  from = fake.requests.length;
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(/\/membership\/card\/cu_[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
  await expect(page.getByText("Your Everyday Luxury membership")).toBeVisible();
  expect(
    fake.requests.slice(from).filter((request) => request.path === "/v1/checkout/sessions"),
  ).toEqual([]);
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(`${fake.url}/c/pay/${ids.setupSessionId}`);
  expect(
    fake.requests.slice(from).filter((request) => request.path === "/v1/checkout/sessions"),
  ).toEqual([
    expect.objectContaining({
      method: "POST",
      params: expect.objectContaining({
        mode: "setup",
        customer: customerId,
        "metadata[subscriptionId]": subscriptionId,
      }),
    }),
  ]);

  // Cancelled with a reason, after the one offer: it ends with the month already paid for.
  await page.goto("/account?tab=memberships");
  await page.getByRole("link", { name: "Cancel membership" }).click();
  await page
    .getByLabel("Why are you cancelling? (optional)")
    .selectOption({ label: "It costs more than I want to spend" });
  const ends = membershipCard(page).getByText(/^Your membership ends on /);
  const endDate = (await ends.textContent())?.match(/\d{1,2}\/\d{1,2}\/\d{4}/)?.[0] ?? "";
  expect(endDate).not.toBe("");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByRole("heading", { name: "Before you go: take a break instead?" }),
  ).toBeVisible();
  from = fake.requests.length;
  await page.getByRole("button", { name: "Cancel membership" }).click();
  await expect(membershipCard(page).getByRole("status")).toHaveText(
    `Cancelled: your last paid month runs until ${endDate}; you will not be billed again.`,
  );
  await expect(
    membershipCard(page).getByText(`Cancelled: your last paid month ends on ${endDate}.`),
  ).toBeVisible();
  await expect
    .poll(() => updatesFrom(from))
    .toEqual([
      {
        cancel_at_period_end: "true",
        "cancellation_details[comment]": "It costs more than I want to spend",
      },
    ]);
});
