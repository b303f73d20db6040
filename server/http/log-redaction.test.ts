import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { redactUrl } from "./log-redaction.server";

const secret = "Zq8vYk3LmN0pR5sT7uW9xA1bC2dE4fG6";

describe("an address as the log shows it", () => {
  it.each([
    [`/staff-invitation/${secret}`, "/staff-invitation/[redacted]"],
    [`/staff-invitation/${secret}.data`, "/staff-invitation/[redacted]"],
    [`/return-label/${secret}`, "/return-label/[redacted]"],
    [`/checkout/sandbox/cs_${secret}?x=1`, "/checkout/sandbox/[redacted]?x=1"],
    [`/checkout/sandbox/card/cu_${secret}`, "/checkout/sandbox/card/[redacted]"],
    [`/STAFF-INVITATION/${secret}`, "/STAFF-INVITATION/[redacted]"],
    [`//staff-invitation/${secret}`, "//staff-invitation/[redacted]"],
  ])("keeps the token of %s out", (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it.each([
    [`/reset-password?token=${secret}`, "/reset-password?token=[redacted]"],
    [`/verify-email?token=${secret}&next=/account`, "/verify-email?token=[redacted]&next=/account"],
    [`/create-account?guestId=${secret}`, "/create-account?guestId=[redacted]"],
    [`/order-confirmation?sessionId=${secret}`, "/order-confirmation?sessionId=[redacted]"],
    [
      `/api/auth/callback/google?code=${secret}&state=${secret}`,
      "/api/auth/callback/google?code=[redacted]&state=[redacted]",
    ],
    [`/?promoCode=${secret}`, "/?promoCode=[redacted]"],
    [
      `/x?access_token=${secret}&api_key=${secret}`,
      "/x?access_token=[redacted]&api_key=[redacted]",
    ],
    [`/x?%74oken=${secret}`, "/x?%74oken=[redacted]"],
    [`/x?%E0%A4%A=${secret}`, "/x?%E0%A4%A=[redacted]"],
  ])("keeps the secret query value of %s out", (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it("leaves the rest of an address as it was sent", () => {
    expect(redactUrl("/admin/orders?status=new&q=ada%40example.com&page=2")).toBe(
      "/admin/orders?status=new&q=ada%40example.com&page=2",
    );
    expect(redactUrl("/account?tab=orders")).toBe("/account?tab=orders");
    expect(redactUrl("/our-story")).toBe("/our-story");
  });

  it("reads an absolute address as a request names it, and gives up on one it cannot read", () => {
    expect(redactUrl(`http://shop.test/reset-password?token=${secret}`)).toBe(
      "/reset-password?token=[redacted]",
    );
    expect(redactUrl("*")).toBe("[redacted]");
  });
});

/** Every route's path, its parents' paths included. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [path, ...routePaths(entry.children ?? [], path)];
  });
}

/** Route parameters that name what any member of staff or visitor may know. */
const publicParameters = new Set([
  "influencerSlug",
  "recipeSlug",
  "providerId",
  "orderId",
  "customerId",
  "membershipId",
  "promotionId",
  "itemId",
  "recipeId",
  "influencerId",
  "sectionId",
  "article",
  // An uploaded picture's address, on every page that shows it.
  "imageKey",
  "file",
]);

describe("the routes' parameters", () => {
  it("are either known to be public or kept out of the log", () => {
    const leaks = routePaths(routes)
      .filter((path) => path.includes(":"))
      .map((path) =>
        path.replace(/:(\w+)/g, (_, name: string) => (publicParameters.has(name) ? name : secret)),
      )
      .filter((url) => redactUrl(url).includes(secret));
    expect(leaks).toEqual([]);
  });
});
