import { describe, expect, it } from "vitest";
import type { StoredCart } from "~core/cart";
import { cartIntents, intentField, promoCodeField } from "~core/form-intent";
import { testEngines } from "../../test/support/database";
import { builtShopWithClientPerTest } from "../../test/support/shop";
import { CookieJar } from "../../test/support/staff";
import { promoCodeLookupRateLimit } from "./visit.server";

const luxe: StoredCart = { counts: { luxe: 1 }, localPickup: false };
const holidaySet: StoredCart = { counts: { holidayTastingCollection: 1 }, localPickup: false };

describe.each(testEngines)("the promo code field's 'Apply' on %s", (engine) => {
  const built = builtShopWithClientPerTest(engine);

  /** A browser whose cart's cookie holds `cart`, as the page's scripts would have sent it. */
  async function browserWith(cart: StoredCart): Promise<CookieJar> {
    const jar = new CookieJar();
    jar.keep(await built.client.postJson("/api/cart", cart));
    return jar;
  }

  /** 'Apply' posted as a form without scripts: the answer is the cart page. */
  async function apply(jar: CookieJar, code: string) {
    const answer = jar.keep(
      await built.client.postForm(
        "/cart",
        { [intentField]: cartIntents.applyPromoCode, [promoCodeField]: code },
        { cookie: jar.header },
      ),
    );
    return {
      status: answer.status,
      // Without the markers React puts between neighbouring pieces of text.
      html: (await answer.text()).replaceAll("<!-- -->", ""),
      setCookies: answer.headers.getSetCookie(),
    };
  }

  const promoCookieOf = (setCookies: string[]) =>
    setCookies.find((line) => line.startsWith("promo="))?.split(";")[0];

  it("applies an active code: the visit keeps it, and the page answering prices the cart with it", async () => {
    const jar = await browserWith(luxe);
    const applied = await apply(jar, "welcome10");
    expect(applied.status).toBe(200);
    expect(promoCookieOf(applied.setCookies)).toBe("promo=WELCOME10");
    expect(applied.html).toContain("Discount (WELCOME10)");
    expect(applied.html).toMatch(/Promo code <strong[^>]*>WELCOME10<\/strong> applied: 10% off/);

    const next = await fetch(new URL("/cart", built.shop.url), { headers: { Cookie: jar.header } });
    expect(await next.text()).toContain("Discount (WELCOME10)");
  });

  it("replaces the visit's previous code", async () => {
    const jar = await browserWith(luxe);
    await apply(jar, "TAKE5");
    const replaced = await apply(jar, "WELCOME10");
    expect(promoCookieOf(replaced.setCookies)).toBe("promo=WELCOME10");
    expect(replaced.html).toContain("Discount (WELCOME10)");
    expect(replaced.html).not.toContain("Discount (TAKE5)");
  });

  it("refuses an expired, an unknown or a malformed code beside the field, keeping what was typed and the visit's code", async () => {
    const jar = await browserWith(luxe);
    await apply(jar, "TAKE5");
    for (const [typed, message] of [
      ["oldcode", "This code has expired"],
      ["NOT-A-CODE", "This code is not valid"],
      ["<b>50 off</b>", "This code is not valid"],
    ] as const) {
      const refused = await apply(jar, typed);
      expect(refused.status).toBe(400);
      expect(refused.html).toContain(message);
      expect(refused.html).toContain(
        `value="${typed.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}"`,
      );
      expect(promoCookieOf(refused.setCookies)).toBeUndefined();
      expect(refused.html).toContain("Discount (TAKE5)");
    }
  });

  it("refuses an active code that discounts nothing in the cart", async () => {
    const refused = await apply(await browserWith(holidaySet), "WELCOME10");
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("This code doesn&#x27;t apply to these items");
    expect(promoCookieOf(refused.setCookies)).toBeUndefined();
  });

  it("counts typed codes against the same per-client lookup limit as promo links", async () => {
    const jar = await browserWith(luxe);
    for (let lookup = 0; lookup < promoCodeLookupRateLimit.limit; lookup++) {
      const response = await fetch(new URL("/our-story?promoCode=NOPE", built.shop.url), {
        headers: { "X-Forwarded-For": built.address },
      });
      expect(response.status).toBe(200);
    }
    const limited = await apply(jar, "WELCOME10");
    expect(limited.status).toBe(429);
    expect(limited.html).toContain("Something went wrong. Please try again");
    expect(promoCookieOf(limited.setCookies)).toBeUndefined();
  });
});
